// Text rules shared by the worker and the web: the one normalization every text input goes
// through, and the one search rule of the student list, the financial report and the class
// finance roster. Pure functions, no I/O.

// ------------------------------------------------------------------------- normalization

/**
 * Characters that show nothing or steer the display: control characters, format characters
 * (zero-width space and joiners, word joiner, byte-order mark, soft hyphen, bidirectional
 * embeddings, overrides and isolates), lone surrogates, private-use characters, and the
 * letter-like blanks (Hangul fillers, braille blank) used to fake an empty name.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\u115F\u1160\u3164\uFFA0\u2800]/gu;
/** The same, line breaks excepted. */
const INVISIBLE_BUT_NEWLINE = /(?!\n)[\p{Cc}\p{Cf}\p{Cs}\p{Co}\u115F\u1160\u3164\uFFA0\u2800]/gu;
/** Every kind of space and line break, for one-line fields. */
const ANY_SPACE = /[\s\p{Z}]+/gu;
/** Spaces other than the line break, for multi-line fields. */
const LINE_SPACE = /[^\S\n]+|\p{Zs}+/gu;

/**
 * The one normalization of a one-line text input (names, labels, addresses, e-mails...):
 * Unicode NFC, line breaks and tabs become spaces, invisible characters go, runs of spaces
 * become one, and the ends are trimmed. A name made only of invisible characters becomes ''.
 */
export function cleanText(value: string): string {
  return value.normalize('NFC').replace(ANY_SPACE, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
}

/** The same for multi-line text (notes, messages): line breaks are kept, at most one blank line in a row. */
export function cleanMultilineText(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(LINE_SPACE, ' ')
    .replace(/[^\S\n]*\n[^\S\n]*/g, '\n')
    .replace(INVISIBLE_BUT_NEWLINE, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// -------------------------------------------------------------------------------- search

/** Letters that carry no combining accent to strip but have a plain spelling. */
const PLAIN_LETTERS: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };

/**
 * The folded form of a name for search and sorting: lower case, accents removed, 'œ' as 'oe',
 * and hyphens and apostrophes as spaces, so that 'Étienne' is found by 'etienne' and the
 * reverse, 'Jean-Baptiste' by 'jean baptiste', and 'É' sorts with 'E'.
 */
export function searchKey(value: string): string {
  return cleanText(value)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[œæßøđłı]/g, (ch) => PLAIN_LETTERS[ch] ?? ch)
    .replace(/[-‐‑–—'’‘`´]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The words a search box holds, folded; every one must be found (at most 10 are used). */
export const searchWords = (query: string): string[] => searchKey(query).split(' ').filter(Boolean).slice(0, 10);

/** A search over any names (a teacher's prénom, nom, username): every word of the query appears in one of them, folded. */
export function matchesSearch(fields: readonly (string | null | undefined)[], query: string): boolean {
  const text = fields.map((field) => searchKey(field ?? '')).join(' ');
  return searchWords(query).every((word) => text.includes(word));
}

/** What a student search looks in: the last name, the first name and the NISU, folded. */
export const studentSearchText = (s: { nom: string; prenom: string; nisu?: string | null }): string =>
  [searchKey(s.nom), searchKey(s.prenom), (s.nisu ?? '').toLowerCase()].join(' ');

/**
 * The one student search rule: every word of the query appears somewhere in the student's
 * folded last name, first name or NISU. The server applies the same rule in SQL with the
 * folded columns kept on each student (worker/db/students.ts).
 */
export function matchesStudentSearch(
  student: { nom: string; prenom: string; nisu?: string | null },
  query: string,
): boolean {
  const words = searchWords(query);
  if (words.length === 0) return true;
  const text = studentSearchText(student);
  return words.every((word) => text.includes(word));
}

const nameOrder = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** Names in French order, case and accents aside (Étienne with the E's), as the server sorts. */
export const compareNames = (a: string, b: string): number => nameOrder.compare(a, b);
