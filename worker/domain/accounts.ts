// The kinds of accounts (document 1 §3): school accounts and the platform's own.
export type AccountType =
  'admin' | 'teacher' | 'standard' | 'student' | 'superadmin' | 'superadmin_delegate' | 'guardian';
export type AccountStatus = 'temporary_password' | 'active' | 'disabled';

/** Who is calling, as the access rule found them (auth/session.ts loads it on every request). */
export interface Account {
  id: string;
  username: string;
  type: AccountType;
  status: AccountStatus;
  /** null for platform accounts (superadmin, superadmin_delegate). */
  instanceId: string | null;
  tokenVersion: number;
  permissions: ReadonlySet<string>;
  roles: { id: string; name: string }[];
  /** The device session of the request's access token (decision 314): 'Cet appareil'. */
  sessionId?: string;
  /** That device session's device id (its sign-in's device cookie), for the data key (decision 320). */
  deviceId?: string;
  /** The account's data epoch (decision 320). */
  dataEpoch: number;
}

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
