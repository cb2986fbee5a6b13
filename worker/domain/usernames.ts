// Usernames made from a person's names (teacher accounts, student accounts): the suggestion
// 'prenom.nom' folded to plain letters, made unique in the school. Built on the one username
// rule of worker/domain/users.ts. Pure functions, no I/O.
import { searchKey } from './text';
import { isUsername } from './users';

/** The longest username (users.ts); a suggestion keeps room for a number of up to 4 digits. */
export const USERNAME_MAX_LENGTH = 50;
const BASE_MAX_LENGTH = USERNAME_MAX_LENGTH - 4;

/** One name folded: lower case, accents and punctuation gone, words joined by hyphens. */
const part = (name: string): string =>
  searchKey(name)
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .trim()
    .replace(/ +/g, '-');

/**
 * The username a person's names suggest: 'prenom.nom' in plain lower-case letters, as in
 * 'Jean-Robert' 'Baptiste' -> 'jean-robert.baptiste' and 'Nadège' 'Toussaint' ->
 * 'nadege.toussaint'; the one name there is when the other is empty; `fallback` when neither
 * leaves a letter. Cut to 46 characters, so that a number can still follow it.
 */
export function usernameFromNames(prenom: string, nom: string, fallback: string): string {
  const base = [part(prenom), part(nom)].filter(Boolean).join('.') || fallback;
  return Array.from(base)
    .slice(0, BASE_MAX_LENGTH)
    .join('')
    .replace(/[.-]+$/, '');
}

/**
 * The first of base, base2, base3, ... that follows the username rule and is not taken (case
 * aside, as the school's usernames are unique case aside). A base of fewer than 3 characters thus
 * gets its number at once ('li' -> 'li2').
 */
export function uniqueUsername(base: string, taken: Iterable<string>): string {
  const used = new Set(Array.from(taken, (name) => name.toLowerCase()));
  // At most used.size candidates are taken: one of the first used.size + 2 is free.
  for (let n = 1; n <= used.size + 2; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (isUsername(candidate) && !used.has(candidate.toLowerCase())) return candidate;
  }
  throw new Error(`No username can be made from '${base}'.`);
}

/**
 * Usernames for a batch of new accounts: each 'prenom.nom' made unique against the taken ones and
 * against those given earlier in the batch (two Jean Pierre get jean.pierre and jean.pierre2).
 */
export function batchUsernames(
  people: readonly { prenom: string; nom: string }[],
  taken: Iterable<string>,
  fallback: string,
): string[] {
  const used = new Set(Array.from(taken, (name) => name.toLowerCase()));
  return people.map((p) => {
    const username = uniqueUsername(usernameFromNames(p.prenom, p.nom, fallback), used);
    used.add(username.toLowerCase());
    return username;
  });
}
