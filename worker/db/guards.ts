// Guard conditions shared by the routes (lib/write.ts): a row of the school still exists, or no
// row of the school matches. Each is an SQL expression evaluated inside the writing batch.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';

type SchoolTable = SQLiteTable & { instanceId: SQLiteColumn; id: SQLiteColumn };

/** The school's row `id` of `table` still exists. */
export const stillExists = (table: SchoolTable, instanceId: string, id: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${table} WHERE ${and(eq(table.instanceId, instanceId), eq(table.id, id))})`;

/** No row of the school in `table` has `column` = `value` (e.g. no evaluation of a subject). */
export const noneWith = (table: SQLiteTable & { instanceId: SQLiteColumn }, column: SQLiteColumn, instanceId: string, value: string): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${table} WHERE ${and(eq(table.instanceId, instanceId), eq(column, value))})`;
