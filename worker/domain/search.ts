// Text search rules shared by the worker and the web: names compare without case or accents
// ('etienne' finds 'Étienne', 'ÉTIENNE' finds 'Etienne').

/** Lower case without accents. */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The words of a search (at most five, as the student list's server query). */
export const searchWords = (term: string): string[] => foldText(term).split(/\s+/).filter(Boolean).slice(0, 5);

/**
 * The student list's search (document 2 §2): every word is in the last or first name, or starts
 * the NISU.
 */
export function matchesStudentSearch(student: { nom: string; prenom: string; nisu: string | null }, term: string): boolean {
  const nom = foldText(student.nom);
  const prenom = foldText(student.prenom);
  const nisu = foldText(student.nisu ?? '');
  return searchWords(term).every((word) => nom.includes(word) || prenom.includes(word) || nisu.startsWith(word));
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** Names in French order, accents aside (Étienne with the E's). */
export const compareNames = (a: string, b: string): number => collator.compare(a, b);
