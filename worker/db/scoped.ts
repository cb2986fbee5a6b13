// The conditions every table module repeats: a row of the school by id, by name, all of the
// school's rows, the join along a school key; and whether any row matches. Every school table has `instance_id` first.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

export type SchoolTable = SQLiteTable & { instanceId: SQLiteColumn };

/** Every row of the school. */
export const ofSchool = (table: SchoolTable, school: string): SQL => eq(table.instanceId, school);

/**
 * The join along a school key (schema.ts's `schoolKey`): the parent row of the same school that
 * the child's column names, `parent.instance_id = child.instance_id AND parent.id = column`, and
 * any further conditions of the join (`also`: the year, the current year…).
 */
export const along = (
  parent: SchoolTable & { id: SQLiteColumn },
  child: SchoolTable,
  column: SQLiteColumn,
  ...also: SQL[]
): SQL => and(eq(parent.instanceId, child.instanceId), eq(parent.id, column), ...also)!;

/** The school's row with this id (another school's id matches nothing). */
export const byId = (table: SchoolTable & { id: SQLiteColumn }, school: string, id: string): SQL =>
  and(eq(table.instanceId, school), eq(table.id, id))!;

/** Deletes the school's row with this id (another school's id deletes nothing). */
export const deleteById = <T extends SchoolTable & { id: SQLiteColumn }>(
  db: Db,
  table: T,
  school: string,
  id: string,
) => db.delete(table).where(byId(table, school, id));

/** Changes the school's row with this id (another school's id changes nothing). */
export const updateById = <T extends SchoolTable & { id: SQLiteColumn }>(
  db: Db,
  table: T,
  school: string,
  id: string,
  change: SQLiteUpdateSetSource<T>,
) =>
  db
    .update(table)
    .set(change)
    .where(byId(table, school, id));

/** The school's row with this name, compared as the unique indexes do (case-insensitive). */
export const byName = (table: SchoolTable & { name: SQLiteColumn }, school: string, name: string): SQL =>
  and(eq(table.instanceId, school), sql`${table.name} = ${name} COLLATE NOCASE`)!;

/**
 * The column is one of `ids`, bound as one JSON parameter (D1 binds at most 100 parameters: a
 * selection of 500 ids is one statement all the same).
 */
export const amongIds = (column: SQLiteColumn, ids: readonly string[]): SQL =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;

/** Whether any row of `table` matches. */
export async function exists(db: Db, table: SQLiteTable, where: SQL): Promise<boolean> {
  return Boolean(
    await db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(1)
      .get(),
  );
}
