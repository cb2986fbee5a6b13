// D1's batch answers each statement's rows as objects keyed by column name, and drizzle turns them
// back into arrays by position (drizzle-orm/d1 `d1ToRawMapping`): a statement selecting two
// columns of the same name (`users.status` and `instances.status`) loses one and shifts the
// columns after it, silently. Outside a batch drizzle reads arrays (`raw()`) and nothing is lost,
// so a query can pass its own tests and break once it joins a batch. This names the output
// columns of a batched statement as SQLite does (a column by its name, an alias by its alias, an
// expression by its text), so `database()` refuses a batch with a duplicate (decision 212).
import { Column, type GetColumnData, getTableColumns, is, sql, SQL, StringChunk, Subquery, Table } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

const dialect = new SQLiteAsyncDialect();

/**
 * What a drizzle statement holds before it is prepared (preparing it would ask D1 to prepare a
 * statement): a select's selection, an insert's, update's or delete's returning columns.
 */
interface Built {
  config?: { fields?: Record<string, unknown>; returning?: readonly { field: unknown }[] };
}

/** A selection's fields in the order drizzle selects them: nested objects and whole tables flattened. */
function selected(fields: Record<string, unknown>): unknown[] {
  return Object.values(fields).flatMap((field) => {
    if (is(field, Column) || is(field, SQL) || is(field, SQL.Aliased) || is(field, Subquery)) return [field];
    if (is(field, Table)) return selected(getTableColumns(field));
    return typeof field === 'object' && field !== null ? selected(field as Record<string, unknown>) : [];
  });
}

/** The name SQLite gives a selected field's column. */
function outputName(field: unknown, position: number): string {
  if (is(field, Column)) return field.name;
  if (is(field, SQL.Aliased)) return field.fieldAlias;
  if (is(field, SQL)) {
    // sql`${table.column}`: SQLite names a bare column reference by the column's name.
    const meaningful = field.queryChunks.filter((c) => !(is(c, StringChunk) && c.value.join('').trim() === ''));
    if (meaningful.length === 1 && is(meaningful[0], Column)) return meaningful[0].name;
    return dialect.sqlToQuery(field).sql;
  }
  return `#${position}`; // a subquery field: drizzle aliases it itself
}

/** The output column names of a statement built by drizzle, in order; null for raw SQL or a statement returning nothing. */
export function outputColumnNames(statement: unknown): string[] | null {
  const config = (statement as Built).config;
  const fields = config?.returning?.map(({ field }) => field) ?? (config?.fields ? selected(config.fields) : null);
  return fields ? fields.map((field, i) => outputName(field, i)) : null;
}

/** The column names a statement selects more than once (empty when each is unique). */
export function duplicateColumnNames(statement: unknown): string[] {
  const names = outputColumnNames(statement) ?? [];
  return [...new Set(names.filter((name, i) => names.indexOf(name) !== i))];
}

/** Throws, naming the columns, when a statement of a batch selects two columns of the same name. */
export function assertBatchColumns(statements: readonly unknown[]): void {
  statements.forEach((statement, i) => {
    const duplicates = duplicateColumnNames(statement);
    if (duplicates.length > 0)
      throw new Error(
        `D1 batch, statement ${i + 1}: column ${duplicates.map((d) => `"${d}"`).join(', ')} selected twice; alias one (.as()), D1 maps batch rows by name.`,
      );
  });
}

/**
 * A column under another name, typed as the column: what a batched select needs where two of its
 * tables have a column of the same name (`id`, `name`, `status`), or where a union names it.
 */
export const aliased = <C extends Column>(column: C, alias: string) => sql<GetColumnData<C>>`${column}`.as(alias);

/** The same for a column of a left-joined table: null where no row joined. */
export const leftJoined = <C extends Column>(column: C, alias: string) =>
  sql<GetColumnData<C> | null>`${column}`.as(alias);
