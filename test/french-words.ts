// What French looks like in a Kreyòl text (issue 42): the tests that find no French on the pupil's
// side in Kreyòl (test/domain/kreyol.test.ts on every Kreyòl text, test/e2e/kreyol.spec.ts on every
// pupil screen) look for these. Kreyòl's standard orthography (1979–1980, docs/kreyol-glossary.md)
// writes no é, ê, î, ô, û, ç… (only è, ò and, in a few words, à), no elision (l', d', qu'…), and
// none of the French words below; its own short words that French shares ('la', 'de', 'a', 'ou',
// 'se', 'si', 'non', 'tout', 'total', 'des.': December's short name) are not listed.

/** Letters French writes and Kreyòl never does. */
const FRENCH_LETTERS = /[éêëîïôöûùüçœæâäÉÊËÎÏÔÛÙÇŒÆÂ]/u;

/** A French elision: l'école, d'accès, qu'en, n'est… */
const ELISION = /(?:^|[^\p{L}])(?:[cdjlmnst]|qu)['’]\p{L}/iu;

/** Common French words that are not Kreyòl words. */
const FRENCH_WORDS = new Set([
  'accueil',
  'aucun',
  'aucune',
  'au',
  'aux',
  'avec',
  'bien',
  'bonjour',
  'bord',
  'ce',
  'ces',
  'cette',
  'chargement',
  'classe',
  'connexion',
  'dans',
  'date',
  'disponible',
  'documentation',
  'du',
  'elle',
  'emploi',
  'en',
  'erreur',
  'est',
  'et',
  'fermer',
  'fichier',
  'finances',
  'gdes',
  'hors',
  'il',
  'jour',
  'langue',
  'le',
  'les',
  'leur',
  'lien',
  'ligne',
  'mais',
  'menu',
  'merci',
  'mes',
  'mise',
  'mon',
  'montant',
  'mot',
  'moyenne',
  'nom',
  'note',
  'notes',
  'notre',
  'nous',
  'nouvelle',
  'oui',
  'page',
  'par',
  'pas',
  'passe',
  'plus',
  'portail',
  'pour',
  'qui',
  'que',
  'rang',
  'ressource',
  'ressources',
  'retour',
  'salle',
  'sans',
  'scolaire',
  'semaine',
  'ses',
  'solde',
  'son',
  'sont',
  'statut',
  'sur',
  'tableau',
  'temps',
  'une',
  'un',
  'utilisateur',
  'version',
  'versement',
  'versements',
  'veuillez',
  'voir',
  'vos',
  'votre',
  'vous',
]);

/** The French a text holds: its French letters' words, its elisions, its French words (none: []). */
export function frenchIn(text: string): string[] {
  const found = new Set<string>();
  for (const word of text.split(/[^\p{L}'’]+/u)) {
    if (!word) continue;
    const bare = word.replace(/^['’]+|['’]+$/g, '');
    if (FRENCH_LETTERS.test(bare) || ELISION.test(` ${bare}`) || FRENCH_WORDS.has(bare.toLowerCase())) found.add(bare);
  }
  return [...found];
}
