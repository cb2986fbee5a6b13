// Platform accounts (superadmins and their delegates): sign-in, session and password.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from './client';
import { existsNow } from './guards';
import { leftJoined } from './batch-columns';
import { deviceSessions, platformUsers } from './schema';

export const findByUsername = (db: Db, username: string) =>
  db
    .select()
    .from(platformUsers)
    .where(sql`${platformUsers.username} = ${username} COLLATE NOCASE`)
    .get();

/**
 * A platform account and until when its device session `sessionId` lasts (`sessionEnd`, null when
 * it is gone): what every request of the account reads, in one statement (decision 314).
 */
export const findWithSession = (db: Db, id: string, sessionId = '') =>
  db
    .select({
      user: platformUsers,
      sessionEnd: leftJoined(deviceSessions.expiresAt, 'session_expires_at'),
      sessionDevice: leftJoined(deviceSessions.deviceId, 'session_device_id'),
    })
    .from(platformUsers)
    .leftJoin(
      deviceSessions,
      and(
        eq(deviceSessions.id, sessionId),
        eq(deviceSessions.accountId, platformUsers.id),
        isNull(deviceSessions.instanceId),
      ),
    )
    .where(eq(platformUsers.id, id))
    .get();

/** A guard condition: the session's token version still stands and the account is not disabled. */
export const sessionStands = (id: string, tokenVersion: number) =>
  existsNow(
    platformUsers,
    and(eq(platformUsers.id, id), eq(platformUsers.tokenVersion, tokenVersion), ne(platformUsers.status, 'disabled'))!,
  );

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
    .set({
      passwordHash,
      status,
      tempPasswordExpiresAt,
      tokenVersion: sql`${platformUsers.tokenVersion} + 1`,
      dataEpoch: sql`${platformUsers.dataEpoch} + 1`,
    })
    .where(eq(platformUsers.id, id));

/** Moves the account's data epoch: every data key of the account changes (decision 320). */
export const rotateDataKeys = (db: Db, id: string) =>
  db
    .update(platformUsers)
    .set({ dataEpoch: sql`${platformUsers.dataEpoch} + 1` })
    .where(eq(platformUsers.id, id));

/** The same password hashed again with today's parameters (sign-in), unless the hash changed meanwhile. */
export const replaceHash = (db: Db, id: string, previous: string, passwordHash: string) =>
  db
    .update(platformUsers)
    .set({ passwordHash })
    .where(and(eq(platformUsers.id, id), eq(platformUsers.passwordHash, previous)));

/** Every platform username, lower case (a school's new accounts must not take one). */
export const allUsernames = async (db: Db) =>
  (await db.select({ username: platformUsers.username }).from(platformUsers).all()).map((u) =>
    u.username.toLowerCase(),
  );
// Delegates (routes/superadmin.ts): only the superadmin creates and removes them.

export const listDelegates = (db: Db) =>
  db
    .select({
      id: platformUsers.id,
      username: platformUsers.username,
      status: platformUsers.status,
      created_at: platformUsers.createdAt,
    })
    .from(platformUsers)
    .where(eq(platformUsers.accountType, 'superadmin_delegate'))
    .orderBy(sql`${platformUsers.username} COLLATE NOCASE`);

export const findDelegate = (db: Db, id: string) =>
  db
    .select({ id: platformUsers.id, username: platformUsers.username, tokenVersion: platformUsers.tokenVersion })
    .from(platformUsers)
    .where(and(eq(platformUsers.id, id), eq(platformUsers.accountType, 'superadmin_delegate')))
    .get();

export const insertDelegate = (
  db: Db,
  account: { id: string; username: string; passwordHash: string; tempPasswordExpiresAt: string },
) => db.insert(platformUsers).values({ ...account, accountType: 'superadmin_delegate', status: 'temporary_password' });

/** Deleting the row ends its sessions: every request reads the account again. */
export const deleteDelegate = (db: Db, id: string) =>
  db.delete(platformUsers).where(and(eq(platformUsers.id, id), eq(platformUsers.accountType, 'superadmin_delegate')));
