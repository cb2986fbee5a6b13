// Device sessions (worker/auth/device-session.ts, decision 004): one row per signed-in browser.
import { and, desc, eq, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { deviceSessions } from './schema';

export type DeviceSession = typeof deviceSessions.$inferSelect;

export const insert = (db: Db, row: typeof deviceSessions.$inferInsert) => db.insert(deviceSessions).values(row);

export const find = (db: Db, id: string) => db.select().from(deviceSessions).where(eq(deviceSessions.id, id)).get();

/**
 * Moves a session to its next generation, only if it is still at `generation` (two renewals at
 * once: one wins); answers the new generation, or undefined when another renewal won.
 */
export const rotate = (db: Db, id: string, generation: number, now: number, expiresAt: number) =>
  db
    .update(deviceSessions)
    .set({ generation: sql`${deviceSessions.generation} + 1`, rotatedAt: now, expiresAt })
    .where(and(eq(deviceSessions.id, id), eq(deviceSessions.generation, generation)))
    .returning({ generation: deviceSessions.generation })
    .get();

export const remove = (db: Db, id: string) => db.delete(deviceSessions).where(eq(deviceSessions.id, id));

/** Every device session of an account (a password change signs the other devices out). */
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
