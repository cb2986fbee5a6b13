// Academic periods of a school year, in their order.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { academicPeriods, evaluations } from './schema';

const periodColumns = { id: academicPeriods.id, year_id: academicPeriods.yearId, name: academicPeriods.name };

export const listPeriods = (db: Db, instanceId: string, yearId: string) =>
  db
    .select(periodColumns)
    .from(academicPeriods)
    .where(and(eq(academicPeriods.instanceId, instanceId), eq(academicPeriods.yearId, yearId)))
    .orderBy(asc(academicPeriods.position), asc(academicPeriods.name))
    .all();

export const findPeriod = (db: Db, instanceId: string, id: string) =>
  db
    .select(periodColumns)
    .from(academicPeriods)
    .where(and(eq(academicPeriods.instanceId, instanceId), eq(academicPeriods.id, id)))
    .get();

/** Another period of the year with this name (case-insensitive), if any. */
export const findPeriodByName = (db: Db, instanceId: string, yearId: string, name: string) =>
  db
    .select(periodColumns)
    .from(academicPeriods)
    .where(
      and(
        eq(academicPeriods.instanceId, instanceId),
        eq(academicPeriods.yearId, yearId),
        sql`${academicPeriods.name} = ${name} COLLATE NOCASE`,
      ),
    )
    .get();

export async function nextPeriodPosition(db: Db, instanceId: string, yearId: string): Promise<number> {
  const row = await db
    .select({ last: sql<number | null>`max(${academicPeriods.position})` })
    .from(academicPeriods)
    .where(and(eq(academicPeriods.instanceId, instanceId), eq(academicPeriods.yearId, yearId)))
    .get();
  return (row?.last ?? -1) + 1;
}

export const insertPeriod = (db: Db, instanceId: string, period: { id: string; yearId: string; name: string; position: number }) =>
  db.insert(academicPeriods).values({ ...period, instanceId });

export const updatePeriod = (db: Db, instanceId: string, id: string, change: { yearId: string; name: string }) =>
  db
    .update(academicPeriods)
    .set(change)
    .where(and(eq(academicPeriods.instanceId, instanceId), eq(academicPeriods.id, id)));

export const deletePeriod = (db: Db, instanceId: string, id: string) =>
  db.delete(academicPeriods).where(and(eq(academicPeriods.instanceId, instanceId), eq(academicPeriods.id, id)));

export async function periodHasEvaluations(db: Db, instanceId: string, id: string): Promise<boolean> {
  const row = await db
    .select({ id: evaluations.id })
    .from(evaluations)
    .where(and(eq(evaluations.instanceId, instanceId), eq(evaluations.periodId, id)))
    .limit(1)
    .get();
  return Boolean(row);
}
