// Guards of a write (lib/write.ts, decision 041): SQL conditions evaluated inside the writing
// batch, where a false one aborts the whole batch. The tables' modules build their conditions
// with `existsNow` and `noneNow`.
import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
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

/** A condition: some row of `table` matches when the batch runs. */
export const existsNow = (table: SQLiteTable, where: SQL): SQL => sql`EXISTS (SELECT 1 FROM ${table} WHERE ${where})`;

/** A condition: no row of `table` matches when the batch runs. */
export const noneNow = (table: SQLiteTable, where: SQL): SQL => sql`NOT EXISTS (SELECT 1 FROM ${table} WHERE ${where})`;
