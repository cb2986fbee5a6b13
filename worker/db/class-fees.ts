// Default annual amount (MPPA) of each class for a year, in centimes; null = no default amount.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { D1_MAX_PARAMS } from './chunks';
import { classes, classFees } from './schema';

/** Every class of the school with its amount for the year (null when none is set). */
export const listClassFees = (db: Db, instanceId: string, yearId: string) =>
  db
    .select({ class_id: classes.id, class_name: classes.name, mppa: classFees.mppa })
    .from(classes)
    .leftJoin(
      classFees,
      and(eq(classFees.instanceId, classes.instanceId), eq(classFees.classId, classes.id), eq(classFees.yearId, yearId)),
    )
    .where(eq(classes.instanceId, instanceId))
    .orderBy(asc(classes.orderIndex), asc(classes.name))
    .all();

/**
 * Guard conditions: each class's amount for the year is still the one shown (null = none set),
 * several classes per condition within D1's 100 bound parameters.
 */
export function feesStillAre(instanceId: string, yearId: string, rows: { classId: string; previous: number | null }[]): SQL[] {
  const perCondition = Math.floor(D1_MAX_PARAMS / 4);
  const conditions: SQL[] = [];
  for (let i = 0; i < rows.length; i += perCondition) {
    conditions.push(
      sql.join(
        rows
          .slice(i, i + perCondition)
          .map(
            (r) =>
              sql`(SELECT ${classFees.mppa} FROM ${classFees} WHERE ${classFees.instanceId} = ${instanceId} AND ${classFees.yearId} = ${yearId} AND ${classFees.classId} = ${r.classId}) IS ${r.previous}`,
          ),
        sql` AND `,
      ),
    );
  }
  return conditions;
}

/** Insert-or-replace statements, split so that each binds at most 100 parameters. */
export function upsertClassFees(db: Db, instanceId: string, yearId: string, rows: { classId: string; mppa: number | null }[]) {
  const perStatement = Math.floor(D1_MAX_PARAMS / 4);
  const statements = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    statements.push(
      db
        .insert(classFees)
        .values(rows.slice(i, i + perStatement).map((r) => ({ instanceId, yearId, classId: r.classId, mppa: r.mppa })))
        .onConflictDoUpdate({
          target: [classFees.instanceId, classFees.yearId, classFees.classId],
          set: { mppa: sql`excluded.mppa` },
        }),
    );
  }
  return statements;
}
