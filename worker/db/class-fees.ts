// Default annual amount (MPPA) of each class for a year, in centimes; null = no default amount.
import { and, asc, eq, sql } from 'drizzle-orm';
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
