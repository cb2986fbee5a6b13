// The languages of the portal (issue 42, decision 340): French everywhere, and Haitian Creole
// (Kreyòl, 'ht') on the side of the school that children and families read. The staff's screens and
// the printed documents stay French. Pure, shared by the worker and the web.
import type { AccountType } from './accounts';

export const LANGUAGES = ['fr', 'ht'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The default, and the only language of the staff's side. */
export const DEFAULT_LANGUAGE: Language = 'fr';

/**
 * The accounts whose side of the portal speaks Kreyòl when they choose it: the pupils and the
 * families (issue 43, decision 360). Every other account reads and is answered in French.
 */
export const KREYOL_ACCOUNT_TYPES = ['student', 'guardian'] as const satisfies readonly AccountType[];

/** Whether an account type reads its side of the portal in the language it chose. */
export const choosesLanguage = (type: AccountType): boolean =>
  (KREYOL_ACCOUNT_TYPES as readonly AccountType[]).includes(type);

/**
 * The header the page sends while its texts are Kreyòl (`X-Language: ht`): the API answers it in
 * Kreyòl, before any account is known (the sign-in page) as after, for the accounts that choose.
 */
export const LANGUAGE_HEADER = 'X-Language';

/** A language named by a header or a stored value; anything else is the default. */
export const languageOf = (value: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;

/** The names each language is shown by, in itself (the choice on the sign-in page and in the menu). */
export const LANGUAGE_NAMES: Record<Language, string> = { fr: 'Français', ht: 'Kreyòl' };
