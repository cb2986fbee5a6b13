// Academic periods of a school year, in their order.
import { and, asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { existsNow } from './guards';
import { byId, byName, deleteById, ofSchool, updateById } from './scoped';
import { academicPeriods } from './schema';

const columns = {
  id: academicPeriods.id,
  year_id: academicPeriods.yearId,
  name: academicPeriods.name,
  start_date: academicPeriods.startDate,
};
const ofYear = (school: string, yearId: string) =>
  and(ofSchool(academicPeriods, school), eq(academicPeriods.yearId, yearId));

/** A year's periods in their order: batchable. */
export const selectPeriods = (db: Db, school: string, yearId: string) =>
  db
    .select(columns)
    .from(academicPeriods)
    .where(ofYear(school, yearId))
    .orderBy(asc(academicPeriods.position), asc(academicPeriods.name));

export const listPeriods = (db: Db, school: string, yearId: string) => selectPeriods(db, school, yearId).all();

/** A condition: the period is one of the year's (`yearId` a value or a column of the outer query). */
export const isOfYear = (school: string, id: string, yearId: string | SQLWrapper) =>
  existsNow(academicPeriods, and(byId(academicPeriods, school, id), eq(academicPeriods.yearId, yearId))!);

export const findPeriod = (db: Db, school: string, id: string) =>
  db
    .select(columns)
    .from(academicPeriods)
    .where(byId(academicPeriods, school, id))
    .get();

/** The period of the year with this name (case-insensitive), if any. */
export const findPeriodByName = (db: Db, school: string, yearId: string, name: string) =>
  db
    .select(columns)
    .from(academicPeriods)
    .where(and(byName(academicPeriods, school, name), eq(academicPeriods.yearId, yearId)))
    .get();

export async function nextPeriodPosition(db: Db, school: string, yearId: string): Promise<number> {
  const row = await db
    .select({ last: sql<number | null>`max(${academicPeriods.position})` })
    .from(academicPeriods)
    .where(ofYear(school, yearId))
    .get();
  return (row?.last ?? -1) + 1;
}

export const insertPeriods = (
  db: Db,
  school: string,
  rows: { id: string; yearId: string; name: string; position: number; startDate?: string | null }[],
) =>
  insertChunks(
    db,
    academicPeriods,
    rows.map((row) => ({ ...row, instanceId: school })),
  );

export const updatePeriod = (
  db: Db,
  school: string,
  id: string,
  change: { yearId: string; name: string; startDate?: string | null },
) => updateById(db, academicPeriods, school, id, change);

export const deletePeriod = (db: Db, school: string, id: string) => deleteById(db, academicPeriods, school, id);

/** A guard condition: the period still exists. */
export const periodStillExists = (school: string, id: string) =>
  existsNow(academicPeriods, byId(academicPeriods, school, id));

/** The period if it belongs to the year (batchable). */
export const selectPeriodOfYear = (db: Db, school: string, id: string, yearId: string) =>
  db
    .select({ period_id: academicPeriods.id })
    .from(academicPeriods)
    .where(and(byId(academicPeriods, school, id), eq(academicPeriods.yearId, yearId)))
    .limit(1);
