// Device sessions (worker/auth/device-session.ts, decision 004): one row per signed-in browser.
import { and, desc, eq, gt, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { existsNow } from './guards';
import { deviceSessions } from './schema';

export type DeviceSession = typeof deviceSessions.$inferSelect;

export const insert = (db: Db, row: typeof deviceSessions.$inferInsert) => db.insert(deviceSessions).values(row);

export const find = (db: Db, id: string) => db.select().from(deviceSessions).where(eq(deviceSessions.id, id)).get();

/**
 * The account's device sessions that can still be used (not ended, of its token version), the
 * most recently used first: the Sécurité list (decision 314).
 */
export const listAccount = (db: Db, accountId: string, tokenVersion: number, now: number) =>
  db
    .select({
      id: deviceSessions.id,
      userAgent: deviceSessions.userAgent,
      rotatedAt: deviceSessions.rotatedAt,
      createdAt: deviceSessions.createdAt,
    })
    .from(deviceSessions)
    .where(
      and(
        eq(deviceSessions.accountId, accountId),
        eq(deviceSessions.tokenVersion, tokenVersion),
        gt(deviceSessions.expiresAt, now),
      ),
    )
    .orderBy(desc(deviceSessions.rotatedAt), desc(deviceSessions.createdAt))
    .all();

/** One device session of an account (an id of another account's is no row). */
export const findOfAccount = (db: Db, accountId: string, id: string) =>
  db
    .select()
    .from(deviceSessions)
    .where(and(eq(deviceSessions.id, id), eq(deviceSessions.accountId, accountId)))
    .get();

/** One device session of an account ends ('Déconnecter'). */
export const removeOfAccount = (db: Db, accountId: string, id: string) =>
  db.delete(deviceSessions).where(and(eq(deviceSessions.id, id), eq(deviceSessions.accountId, accountId)));

/**
 * Moves a session to its next generation, only if it is still at `generation` (two renewals at
 * once: one wins); answers the new generation, or undefined when another renewal won.
 */
export const rotate = (
  db: Db,
  id: string,
  generation: number,
  now: number,
  expiresAt: number,
  userAgent: string | null,
) =>
  db
    .update(deviceSessions)
    .set({
      generation: sql`${deviceSessions.generation} + 1`,
      rotatedAt: now,
      expiresAt,
      // A browser that updated itself names its new version.
      ...(userAgent ? { userAgent } : {}),
    })
    .where(and(eq(deviceSessions.id, id), eq(deviceSessions.generation, generation)))
    .returning({ generation: deviceSessions.generation })
    .get();

export const remove = (db: Db, id: string) => db.delete(deviceSessions).where(eq(deviceSessions.id, id));

/**
 * Every device session of an account: a password change (which starts one for its device in the
 * same batch), 'Déconnecter tous les appareils', an administrator's end of the sessions.
 */
export const removeAccount = (db: Db, accountId: string) =>
  db.delete(deviceSessions).where(eq(deviceSessions.accountId, accountId));

/**
 * The account's sessions that can no longer be used (ended, or of another token version: revoked)
 * and, of the rest, all but the `keep` most recently used.
 */
export const pruneAccount = (db: Db, accountId: string, tokenVersion: number, now: number, keep: number) =>
  db
    .delete(deviceSessions)
    .where(
      and(
        eq(deviceSessions.accountId, accountId),
        or(
          ne(deviceSessions.tokenVersion, tokenVersion),
          lte(deviceSessions.expiresAt, now),
          notInArray(
            deviceSessions.id,
            db
              .select({ id: deviceSessions.id })
              .from(deviceSessions)
              .where(eq(deviceSessions.accountId, accountId))
              .orderBy(desc(deviceSessions.rotatedAt))
              .limit(keep),
          ),
        ),
      ),
    );

/** The daily clean-up: sessions past their end. */
export const deleteExpired = (db: Db, now: number) =>
  db.delete(deviceSessions).where(lte(deviceSessions.expiresAt, now));

/**
 * A guard condition: `account` (the account's own condition) and the request's device session
 * still stands (a write racing its end is refused, decision 314).
 */
export const standsWith = (account: SQL, id: string) =>
  and(account, existsNow(deviceSessions, eq(deviceSessions.id, id)))!;
