// The kinds of accounts (document 1 §3): school accounts and the platform's own.
export type AccountType =
  'admin' | 'teacher' | 'standard' | 'student' | 'superadmin' | 'superadmin_delegate' | 'guardian';
export type AccountStatus = 'temporary_password' | 'active' | 'disabled';

export const isPlatformType = (type: AccountType) => type === 'superadmin' || type === 'superadmin_delegate';

/**
 * Accounts held in the directory, of no school, signing in on any host: the platform's and the
 * guardians' (a parent's one account for children in several schools, decision 360).
 */
export const isDirectoryType = (type: AccountType) => isPlatformType(type) || type === 'guardian';

/** A temporary password works for 7 days (product decisions). */
export const TEMP_PASSWORD_DAYS = 7;

/** When a temporary password given now stops working. */
export const temporaryPasswordExpiry = (now: Date = new Date()): string =>
  new Date(now.getTime() + TEMP_PASSWORD_DAYS * 24 * 60 * 60 * 1000).toISOString();

/** Student accounts made per request: each takes a password hash (scrypt); the screen sends a long selection in parts. */
export const ACCOUNTS_PER_REQUEST = 5;
