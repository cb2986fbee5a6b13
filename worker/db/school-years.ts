// School years of a school: the list, the current flag (exactly one per school) and deletion,
// which takes the year's periods, curriculum, fees, enrolments and everything under them along
// (the schema's ON DELETE CASCADE keys, one statement, so one batch).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { stillExists } from './guards';
import { schoolYears } from './schema';

export const listSchoolYears = (db: Db, instanceId: string) =>
  db
    .select({ id: schoolYears.id, name: schoolYears.name, is_current: schoolYears.isCurrent })
    .from(schoolYears)
    .where(eq(schoolYears.instanceId, instanceId))
    .orderBy(desc(schoolYears.name))
    .all();

export const findSchoolYear = (db: Db, instanceId: string, id: string) =>
  db
    .select()
    .from(schoolYears)
    .where(and(eq(schoolYears.instanceId, instanceId), eq(schoolYears.id, id)))
    .get();

export const findSchoolYearByName = (db: Db, instanceId: string, name: string) =>
  db
    .select({ id: schoolYears.id })
    .from(schoolYears)
    .where(and(eq(schoolYears.instanceId, instanceId), eq(schoolYears.name, name)))
    .get();

export async function hasCurrentYear(db: Db, instanceId: string): Promise<boolean> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(schoolYears)
    .where(and(eq(schoolYears.instanceId, instanceId), eq(schoolYears.isCurrent, true)))
    .get();
  return (row?.n ?? 0) > 0;
}

export const insertSchoolYear = (db: Db, instanceId: string, year: { id: string; name: string; isCurrent: boolean }) =>
  db.insert(schoolYears).values({ ...year, instanceId });

/** Clears the current flag, then sets it on one year (two statements: the unique index allows one). */
export const setCurrentYearStatements = (db: Db, instanceId: string, id: string) => [
  db
    .update(schoolYears)
    .set({ isCurrent: false })
    .where(and(eq(schoolYears.instanceId, instanceId), eq(schoolYears.isCurrent, true))),
  db
    .update(schoolYears)
    .set({ isCurrent: true })
    .where(and(eq(schoolYears.instanceId, instanceId), eq(schoolYears.id, id))),
];

/** A guard condition: the year still exists. */
export const yearStillExists = (instanceId: string, id: string) => stillExists(schoolYears, instanceId, id);

/** A guard condition: the year is not the school's current year. */
export const yearIsNotCurrent = (instanceId: string, id: string) =>
  sql`NOT EXISTS (SELECT 1 FROM ${schoolYears} WHERE ${schoolYears.instanceId} = ${instanceId} AND ${schoolYears.id} = ${id} AND ${schoolYears.isCurrent} = 1)`;

export const deleteSchoolYear = (db: Db, instanceId: string, id: string) =>
  db.delete(schoolYears).where(and(eq(schoolYears.instanceId, instanceId), eq(schoolYears.id, id)));
