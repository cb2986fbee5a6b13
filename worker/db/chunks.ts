// D1 binds at most 100 parameters per statement: large inserts and lists of ids are split into
// several statements that still go into one batch (one round trip, all or nothing).
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

export const D1_MAX_PARAMS = 100;

/** Ids per statement, leaving room for the school id and a few more parameters. */
export const IDS_PER_STATEMENT = 90;

export function chunk<T>(items: readonly T[], size = IDS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function insertChunks<T extends SQLiteTable>(db: Db, table: T, rows: T['$inferInsert'][]) {
  if (rows.length === 0) return [];
  // Count the values drizzle really binds for one row: column defaults and $onUpdate values are
  // bound too, not only the row's own keys.
  const perRow = Math.max(1, db.insert(table).values(rows[0]!).toSQL().params.length);
  const size = Math.max(1, Math.floor(D1_MAX_PARAMS / perRow));
  const statements = [];
  for (let i = 0; i < rows.length; i += size) statements.push(db.insert(table).values(rows.slice(i, i + size)));
  return statements;
}

/** The rows of one query per chunk of (distinct) ids, read in one batch whatever their number. */
export async function selectByIds<Q extends BatchItem<'sqlite'> & PromiseLike<unknown[]>>(
  db: Db,
  ids: readonly string[],
  query: (part: string[]) => Q,
  size = IDS_PER_STATEMENT,
): Promise<Awaited<Q>[number][]> {
  const parts = chunk([...new Set(ids)], size).map(query);
  if (parts.length === 0) return [];
  const results = (await db.batch(parts as [Q, ...Q[]])) as Awaited<Q>[];
  return results.flat();
}
