// D1 binds at most 100 parameters per statement: large inserts are split into several
// statements that still go into one batch.
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

export const D1_MAX_PARAMS = 100;

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
