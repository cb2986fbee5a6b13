// Guards of a write (lib/write.ts, decision 041): SQL conditions evaluated inside the writing
// batch, where a false one aborts the whole batch; and the conditions shared by the tables'
// modules (a row of the school still exists, no row of the school matches).
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';
import { writeGuards } from './schema';

/** The batch statement that aborts the whole batch unless `holds` is true when it runs. */
export const guardStatement = (db: Db, holds: SQL) =>
  db.insert(writeGuards).values({ ok: sql`CASE WHEN ${holds} THEN 1 ELSE 0 END` });

/** Which of the conditions hold now, in one read (after a refused batch, to say why). */
export async function conditionsHolding(db: Db, conditions: SQL[]): Promise<boolean[]> {
  const columns = sql.join(
    conditions.map((holds, i) => sql`CASE WHEN ${holds} THEN 1 ELSE 0 END AS ${sql.raw(`g${i}`)}`),
    sql`, `,
  );
  const row = await db.get<Record<string, number>>(sql`SELECT ${columns}`);
  return conditions.map((_, i) => row?.[`g${i}`] === 1);
}

type SchoolTable = SQLiteTable & { instanceId: SQLiteColumn; id: SQLiteColumn };

/** The school's row `id` of `table` still exists. */
export const stillExists = (table: SchoolTable, instanceId: string, id: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${table} WHERE ${and(eq(table.instanceId, instanceId), eq(table.id, id))})`;

/** No row of the school in `table` has `column` = `value` (e.g. no evaluation of a subject). */
export const noneWith = (table: SQLiteTable & { instanceId: SQLiteColumn }, column: SQLiteColumn, instanceId: string, value: string): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${table} WHERE ${and(eq(table.instanceId, instanceId), eq(column, value))})`;
