// The platform accounts' usernames, copied into every school database (decision 250). A trigger
// (migration 0012) refuses a school account of one of these names in the batch that creates it;
// the routes read them first to answer with a friendly message and to pick names around them.
import { and, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { existsNow, noneNow } from './guards';
import { reservedUsernames, users } from './schema';

/** Is this name (compared without case) a platform account's? */
export const isReserved = async (db: Db, username: string) =>
  Boolean(
    await db
      .select({ username: reservedUsernames.username })
      .from(reservedUsernames)
      .where(sql`${reservedUsernames.username} = ${username}`)
      .get(),
  );

/** Every reserved name, lower case (a batch of new accounts picks around them: one read). */
export const allReserved = async (db: Db) =>
  (await db.select({ username: reservedUsernames.username }).from(reservedUsernames).all()).map((r) =>
    r.username.toLowerCase(),
  );

/** Reserves names in this school database (already reserved: nothing changes). */
export const reserve = (db: Db, usernames: string[]) =>
  db
    .insert(reservedUsernames)
    .values(usernames.map((username) => ({ username })))
    .onConflictDoNothing();

/** A guard condition: no school account of this database has the name (compared without case). */
export const noSchoolAccountNamed = (username: string) =>
  noneNow(users, sql`${users.username} = ${username} COLLATE NOCASE`);

/** A guard condition: the name is reserved here. */
export const reserved = (username: string) =>
  existsNow(reservedUsernames, sql`${reservedUsernames.username} = ${username}`);

/** Lifts a reservation (the platform account is gone). */
export const release = (db: Db, username: string) =>
  db.delete(reservedUsernames).where(sql`${reservedUsernames.username} = ${username}`);

/**
 * The daily reconciliation: drops the reservations older than `before` that no platform account
 * holds any more (a younger one may belong to an account being created).
 */
export const releaseAllBut = (db: Db, usernames: string[], before: string) =>
  db
    .delete(reservedUsernames)
    .where(
      and(
        lt(reservedUsernames.createdAt, before),
        usernames.length ? notInArray(sql`lower(${reservedUsernames.username})`, usernames) : undefined,
      ),
    );
