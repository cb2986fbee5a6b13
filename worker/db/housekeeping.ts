// The daily clean-up's own tables (worker/housekeeping.ts; decision 213): the schools deleted whose
// hub is still to be emptied (written by a trigger on `instances`), and where its bounded walks
// stopped.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { deletedSchools, housekeepingMarks } from './schema';

/** The schools deleted longest ago whose leftovers are still to be removed. */
export const selectDeletedSchools = (db: Db, limit: number) =>
  db.select({ id: deletedSchools.id }).from(deletedSchools).orderBy(asc(deletedSchools.deletedAt)).limit(limit);

export const forgetDeletedSchools = (db: Db, ids: string[]) =>
  db.delete(deletedSchools).where(inArray(deletedSchools.id, ids));

export const readMark = async (db: Db, name: string): Promise<string | null> =>
  (
    await db
      .select({ value: housekeepingMarks.value })
      .from(housekeepingMarks)
      .where(eq(housekeepingMarks.name, name))
      .get()
  )?.value ?? null;

/** Sets a mark, or clears it (null: the walk starts from the beginning next time). */
export const writeMark = (db: Db, name: string, value: string | null) =>
  value === null
    ? db.delete(housekeepingMarks).where(eq(housekeepingMarks.name, name))
    : db
        .insert(housekeepingMarks)
        .values({ name, value })
        .onConflictDoUpdate({ target: housekeepingMarks.name, set: { value } });
