// Platform accounts (superadmins and their delegates): sign-in, session and password.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from './client';
import { existsNow } from './guards';
import { platformUsers } from './schema';

export const findByUsername = (db: Db, username: string) =>
  db.select().from(platformUsers).where(sql`${platformUsers.username} = ${username} COLLATE NOCASE`).get();

export const findById = (db: Db, id: string) => db.select().from(platformUsers).where(eq(platformUsers.id, id)).get();

/** A guard condition: the session's token version still stands and the account is not disabled. */
export const sessionStands = (id: string, tokenVersion: number) =>
  existsNow(platformUsers, and(eq(platformUsers.id, id), eq(platformUsers.tokenVersion, tokenVersion), ne(platformUsers.status, 'disabled'))!);

/** Sets a new password; bumping the token version revokes every older session. */
export const setPassword = (
  db: Db,
  id: string,
  passwordHash: string,
  status: 'active' | 'temporary_password',
  tempPasswordExpiresAt: string | null = null,
) =>
  db
    .update(platformUsers)
    .set({ passwordHash, status, tempPasswordExpiresAt, tokenVersion: sql`${platformUsers.tokenVersion} + 1` })
    .where(eq(platformUsers.id, id));

/** Every platform username, lower case (a school's new accounts must not take one). */
export const allUsernames = async (db: Db) => (await db.select({ username: platformUsers.username }).from(platformUsers).all()).map((u) => u.username.toLowerCase());
