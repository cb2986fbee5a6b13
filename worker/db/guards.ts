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

/**
 * Which of the conditions hold now (after a refused batch, to say why): one statement per
 * condition, all in one round trip. Each condition fits D1's 100 bound values per statement (it
 * ran alone in the refused batch); several in one statement may not: a promotion's guards name
 * every student, 90 a condition, and one read of them all was refused, so a lost race answered 500
 * instead of the guard's 409.
 */
export async function conditionsHolding(db: Db, conditions: SQL[]): Promise<boolean[]> {
  if (!conditions.length) return [];
  const statements = conditions.map((holds) => {
    const { sql: text, params } = db.all(sql`SELECT CASE WHEN ${holds} THEN 1 ELSE 0 END AS ok`).getQuery();
    return db.$client.prepare(text).bind(...params);
  });
  const results = await db.$client.batch<{ ok: number }>(statements);
  return results.map((r) => r.results[0]?.ok === 1);
}

/** A condition: some row of `table` matches when the batch runs. */
export const existsNow = (table: SQLiteTable, where: SQL): SQL => sql`EXISTS (SELECT 1 FROM ${table} WHERE ${where})`;

/** A condition: no row of `table` matches when the batch runs. */
export const noneNow = (table: SQLiteTable, where: SQL): SQL => sql`NOT EXISTS (SELECT 1 FROM ${table} WHERE ${where})`;
