// Default annual amount (MPPA) of each class for a year, in centimes; null = no default amount.
// The classes with their fees are read by db/classes.ts (a read lives with the rows it returns).
import { type SQL, sql } from 'drizzle-orm';
import { D1_MAX_PARAMS } from './chunks';
import type { Db } from './client';
import { classFees } from './schema';

/**
 * Guard conditions: each class's amount for the year is still the one shown (null = none set),
 * several classes per condition within D1's 100 bound parameters.
 */
export function feesStillAre(
  school: string,
  yearId: string,
  rows: { classId: string; previous: number | null }[],
): SQL[] {
  const perCondition = Math.floor(D1_MAX_PARAMS / 4);
  const conditions: SQL[] = [];
  for (let i = 0; i < rows.length; i += perCondition) {
    conditions.push(
      sql.join(
        rows
          .slice(i, i + perCondition)
          .map(
            (r) =>
              sql`(SELECT ${classFees.mppa} FROM ${classFees} WHERE ${classFees.instanceId} = ${school} AND ${classFees.yearId} = ${yearId} AND ${classFees.classId} = ${r.classId}) IS ${r.previous}`,
          ),
        sql` AND `,
      ),
    );
  }
  return conditions;
}

/** Insert-or-replace statements, split so that each binds at most 100 parameters. */
export function upsertClassFees(
  db: Db,
  school: string,
  yearId: string,
  rows: { classId: string; mppa: number | null }[],
) {
  const perStatement = Math.floor(D1_MAX_PARAMS / 4);
  const statements = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    statements.push(
      db
        .insert(classFees)
        .values(
          rows
            .slice(i, i + perStatement)
            .map((r) => ({ instanceId: school, yearId, classId: r.classId, mppa: r.mppa })),
        )
        .onConflictDoUpdate({
          target: [classFees.instanceId, classFees.yearId, classFees.classId],
          set: { mppa: sql`excluded.mppa` },
        }),
    );
  }
  return statements;
}
