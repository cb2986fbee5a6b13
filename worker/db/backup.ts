// A school's tables, read and written whole for its backup and its restore (issue 30, decision
// 262). The one module that touches every school table generically: which tables belong to a
// school is read from the schema's own metadata (worker/db/schema.ts, drizzle's table configs),
// never from a hand-written list, so a table added or reshaped by a migration is backed up and
// restored without an edit here.
//
// - A table with an `instance_id` column is a school table: its rows are those of the school.
// - A table without one is a school table when one of its foreign keys leads to a school table
//   (a table keyed by its parent's key, such as a packed table keyed by an enrolment): its rows
//   are those whose parent row is the school's, followed up the keys as far as needed.
// - Any other table is the platform's (instances, accounts of the platform, idempotency keys...).
//
// Tables come parents first (foreign-key order): the restore inserts in that order and wipes in
// the reverse one. Rows are read a page at a time by their primary key (keyset, never OFFSET).
import { newLogId } from './audit';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type AnySQLiteColumn, getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';
import type { Db } from './client';

export interface SchoolTable {
  name: string;
  columns: { name: string; blob: boolean }[];
  /** The primary key's columns (the page order); ['rowid'] for a table without one. */
  key: string[];
  /** The tables this one's foreign keys point to (school tables only). */
  parents: string[];
  /** Whether the table has its own instance_id column. */
  direct: boolean;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Info {
  table: SQLiteTable;
  name: string;
  columns: { name: string; blob: boolean }[];
  key: string[];
  direct: boolean;
  foreignKeys: { columns: string[]; table: string; foreignColumns: string[] }[];
}

function describe(table: SQLiteTable): Info {
  const config = getTableConfig(table);
  // A generated column (the log's created_at, decision 331) is computed, never written.
  const columns = config.columns
    .filter((c) => !c.generated)
    .map((c) => ({ name: c.name, blob: c.getSQLType() === 'blob' }));
  const primary =
    config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name);
  return {
    table,
    name: config.name,
    columns,
    key: primary.length ? primary : ['rowid'],
    direct: columns.some((c) => c.name === 'instance_id'),
    foreignKeys: config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return {
        columns: ref.columns.map((c) => c.name),
        table: getTableConfig(ref.foreignTable).name,
        foreignColumns: ref.foreignColumns.map((c) => c.name),
      };
    }),
  };
}

/**
 * Tables with an `instance_id` that are not the school's data: a device's sign-in session belongs
 * to the device (decision 004), not to a backup; a restored school's users sign in again.
 */
const NOT_SCHOOL_DATA = new Set(['device_sessions']);

let cached: SchoolTable[] | null = null;
let infos: Map<string, Info> | null = null;

/** Every school table of the schema, parents first. */
export function schoolTables(): SchoolTable[] {
  if (cached) return cached;
  const all = new Map<string, Info>();
  for (const value of Object.values(schema))
    if (value instanceof SQLiteTable) all.set(getTableConfig(value).name, describe(value));
  // School tables: those with instance_id, then those hanging off one of them, until none is added.
  const school = new Set([...all.values()].filter((t) => t.direct && !NOT_SCHOOL_DATA.has(t.name)).map((t) => t.name));
  for (let grew = true; grew;) {
    grew = false;
    for (const t of all.values()) {
      if (!school.has(t.name) && t.foreignKeys.some((fk) => school.has(fk.table))) {
        school.add(t.name);
        grew = true;
      }
    }
  }
  // Parents first (a table's school parents before it); a cycle is broken in name order.
  const ordered: SchoolTable[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    const t = all.get(name)!;
    const parents = [...new Set(t.foreignKeys.map((fk) => fk.table).filter((p) => school.has(p) && p !== name))];
    for (const p of parents.sort()) visit(p, path);
    placed.add(name);
    ordered.push({ name, columns: t.columns, key: t.key, parents, direct: t.direct });
  };
  for (const name of [...school].sort()) visit(name, new Set());
  infos = all;
  cached = ordered;
  return ordered;
}

/** The condition that a row of `table` (as `alias`) is the school's, with its parameters. */
function schoolCondition(table: string, alias: string, depth = 0): { sql: string; params: string[] } {
  schoolTables();
  const t = infos!.get(table)!;
  if (t.direct) return { sql: `${alias}.instance_id = ?`, params: [] };
  const fk = t.foreignKeys.find((k) => cached!.some((s) => s.name === k.table) && k.table !== table);
  if (!fk || depth > 8) throw new Error(`no way from ${table} to its school`);
  const parent = `p${depth}`;
  const inner = schoolCondition(fk.table, parent, depth + 1);
  const join = fk.columns
    .map((c, i) => `${parent}.${quote(fk.foreignColumns[i]!)} = ${alias}.${quote(c)}`)
    .join(' AND ');
  return { sql: `EXISTS (SELECT 1 FROM ${quote(fk.table)} ${parent} WHERE ${join} AND ${inner.sql})`, params: [] };
}

/** How many `?` a condition holds (each is the school id). */
const marks = (sql: string) => (sql.match(/\?/g) ?? []).length;

// ------------------------------------------------------------------------------------ reading

/** A value as a backup holds it: BLOBs as { $b64 } (JSON has no bytes). */
function portable(value: unknown, blob: boolean): unknown {
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value) || (blob && Array.isArray(value))) {
    const bytes =
      value instanceof ArrayBuffer
        ? new Uint8Array(value)
        : ArrayBuffer.isView(value)
          ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
          : Uint8Array.from(value as number[]);
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return { $b64: btoa(text) };
  }
  return value;
}

/**
 * One page of a school table's rows (values in the table's column order), after `after` (the
 * previous page's last key), at most `limit` rows: one query walking the primary key.
 */
export async function readPage(
  db: Db,
  school: string,
  table: SchoolTable,
  after: unknown[] | null,
  limit: number,
): Promise<{ rows: unknown[][]; last: unknown[] | null }> {
  const cond = schoolCondition(table.name, 't');
  const keyCols = table.key.map((k) => (k === 'rowid' ? 't.rowid' : `t.${quote(k)}`));
  const select = [...table.columns.map((c) => `t.${quote(c.name)}`), ...keyCols.map((k, i) => `${k} AS __k${i}`)];
  const params: unknown[] = Array.from({ length: marks(cond.sql) }, () => school);
  let where = cond.sql;
  if (after) {
    where += ` AND (${keyCols.join(', ')}) > (${after.map(() => '?').join(', ')})`;
    params.push(...after);
  }
  const query = `SELECT ${select.join(', ')} FROM ${quote(table.name)} t WHERE ${where} ORDER BY ${keyCols.join(', ')} LIMIT ${limit}`;
  const raw = (await db.$client
    .prepare(query)
    .bind(...params)
    .raw()) as unknown[][];
  const n = table.columns.length;
  const rows = raw.map((r) => r.slice(0, n).map((v, i) => portable(v, table.columns[i]!.blob)));
  const lastRow = raw[raw.length - 1];
  return { rows, last: lastRow ? lastRow.slice(n) : null };
}

/** How many rows of each school table the school holds: one batch. */
export async function countRows(db: Db, school: string): Promise<Map<string, number>> {
  const tables = schoolTables();
  const statements = tables.map((t) => {
    const cond = schoolCondition(t.name, 't');
    return db.$client
      .prepare(`SELECT COUNT(*) AS n FROM ${quote(t.name)} t WHERE ${cond.sql}`)
      .bind(...Array.from({ length: marks(cond.sql) }, () => school));
  });
  const results = await db.$client.batch<{ n: number }>(statements);
  return new Map(tables.map((t, i) => [t.name, results[i]?.results[0]?.n ?? 0]));
}

// ------------------------------------------------------------------------------------ writing

/** A backup's value as D1 binds it: { $b64 } back to bytes. */
function bindable(value: unknown): unknown {
  if (value && typeof value === 'object' && '$b64' in value) {
    const text = atob(String((value as { $b64: unknown }).$b64));
    return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
  }
  return value;
}

const MAX_PARAMS = 100;

/** A condition written with `?` for the school's id, as drizzle SQL binding it. */
const withSchool = (text: string, school: string): SQL =>
  sql.join(
    text.split('?').map((part) => sql.raw(part)),
    sql`${school}`,
  );

/**
 * The statements inserting rows into a school table (rows already rewritten for their new school),
 * through the table's own drizzle definition (each value read back as drizzle reads it, so that it
 * is stored as drizzle stores it), a few rows each (D1's 100 parameters); a row already there is
 * left as it is, so a page sent twice writes nothing twice.
 */
export function insertRows(db: Db, tableName: string, columnNames: string[], rows: unknown[][]) {
  schoolTables();
  const info = infos!.get(tableName)!;
  const byName = new Map(
    Object.entries(getTableColumns(info.table)).map(([key, column]) => [column.name, { key, column }]),
  );
  const fields = columnNames.map((name) => byName.get(name)!);
  const objects = rows.map((row) =>
    Object.fromEntries(
      fields.map(({ key, column }, i) => {
        const value = bindable(row[i]);
        return [key, value === null ? null : column.mapFromDriverValue(value)];
      }),
    ),
  );
  if (objects.length === 0) return [];
  // The values drizzle really binds for one row (as chunks.ts insertChunks counts them).
  const perRow = Math.max(
    1,
    db
      .insert(info.table)
      .values(objects[0]! as never)
      .toSQL().params.length,
  );
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / perRow));
  const statements = [];
  for (let i = 0; i < objects.length; i += perStatement) {
    statements.push(
      db
        .insert(info.table)
        .values(objects.slice(i, i + perStatement) as never[])
        .onConflictDoNothing(),
    );
  }
  return statements;
}

/** The statements deleting every row of the school, children first (its instance row stays). */
export function wipeSchool(db: Db, school: string) {
  return [...schoolTables()].reverse().map((t) => {
    const info = infos!.get(t.name)!;
    return db.delete(info.table).where(withSchool(schoolCondition(t.name, quote(t.name)).sql, school));
  });
}

/**
 * A school's rows deleted, children first, a chunk a statement (a restore's staged copy may be a
 * whole large school, decision 312): one statement per chunk, until the table holds none of its
 * rows. Its row of `instances` stays (db/instances.ts deletes it).
 */
export async function dropSchoolRows(db: Db, school: string, chunk = 2000): Promise<void> {
  for (const t of [...schoolTables()].reverse()) {
    const cond = schoolCondition(t.name, 't');
    const keys = t.key.map((k) => (k === 'rowid' ? 'rowid' : quote(k)));
    const inner = t.key.map((k) => (k === 'rowid' ? 't.rowid' : `t.${quote(k)}`));
    const statement = db.$client
      .prepare(
        `DELETE FROM ${quote(t.name)} WHERE (${keys.join(', ')}) IN (SELECT ${inner.join(', ')} FROM ${quote(t.name)} t WHERE ${cond.sql} LIMIT ${chunk})`,
      )
      .bind(...Array.from({ length: marks(cond.sql) }, () => school));
    while ((await statement.run()).meta.changes > 0);
  }
}

/**
 * The tables a school's creation writes (its system roles, its first accounts and theirs) and
 * its own log: a school with rows in no other table holds no data (decision 312).
 */
const CREATION_TABLES = new Set(['roles', 'role_permissions', 'users', 'user_roles', 'audit_log']);

/**
 * A guard condition: the school holds no data — no year, class, subject, student, teacher,
 * payment… nothing but accounts, roles and its log. What a restore may replace and the console
 * may delete.
 */
export function holdsNoData(school: string): SQL {
  const parts = schoolTables()
    .filter((t) => !CREATION_TABLES.has(t.name))
    .map((t) => `NOT EXISTS (SELECT 1 FROM ${quote(t.name)} t WHERE ${schoolCondition(t.name, 't').sql})`);
  return withSchool(parts.join(' AND '), school);
}

/** Whether a table's rows are keyed by their id alone (an id another school of the database may hold). */
export const keyedById = (tableName: string) => {
  const t = schoolTables().find((s) => s.name === tableName);
  return t?.key.length === 1 && t.key[0] === 'id';
};

/**
 * Guard conditions: every one of these ids of the table is a row of the school (a row whose id
 * another school of the database holds was skipped by the insert's ON CONFLICT): 90 ids a
 * condition (D1's 100 bound values).
 */
export function idsHeldBy(tableName: string, school: string, ids: string[]): SQL[] {
  schoolTables();
  const info = infos!.get(tableName)!;
  const { id, instanceId } = getTableColumns(info.table) as Record<string, AnySQLiteColumn>;
  const conditions: SQL[] = [];
  for (let i = 0; i < ids.length; i += 90) {
    const part = [...new Set(ids.slice(i, i + 90))];
    conditions.push(
      sql`(SELECT COUNT(*) FROM ${info.table} WHERE ${instanceId} = ${school} AND ${id} IN ${part}) = ${part.length}`,
    );
  }
  return conditions;
}

/** The columns a table has in the database now (a backup's columns must all be there). */
export async function currentColumns(db: Db): Promise<Map<string, Set<string>>> {
  const tables = schoolTables();
  const results = await db.$client.batch<{ name: string }>(
    tables.map((t) => db.$client.prepare(`SELECT name FROM pragma_table_info(?)`).bind(t.name)),
  );
  return new Map(tables.map((t, i) => [t.name, new Set(results[i]!.results.map((r) => r.name))]));
}

/** The latest migration applied to the database (the backup's schema version), null when unknown. */
export async function schemaVersion(db: Db): Promise<string | null> {
  try {
    const row = await db.$client
      .prepare('SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1')
      .first<{ name: string }>();
    return row?.name ?? null;
  } catch {
    return null;
  }
}

/** The school log's `created_at` and `user_id`, columns of backups made before migration 0018 (decision 331). */
export const logTimeColumn = (table: string, column: string) =>
  table === 'audit_log' && (column === 'created_at' || column === 'user_id');

/**
 * A backup's log rows for their restored copy (decision 331): each id keeps its time and takes a
 * new random tail (the copy, beside its original in one database, never meets the original's
 * ids); a row of a backup made before migration 0018 (a UUID id, a `created_at`) takes an id made
 * from its time, and the column goes (it is computed now).
 */
export function renewLogIds(columns: string[], rows: unknown[][]): { columns: string[]; rows: unknown[][] } {
  const idAt = columns.indexOf('id');
  const timeAt = columns.indexOf('created_at');
  const gone = new Set([timeAt, columns.indexOf('user_id')]);
  const kept = columns.filter((_, i) => !gone.has(i));
  return {
    columns: kept,
    rows: rows.map((row) => {
      const id = String(row[idAt]);
      const ms = /^\d{13}/.test(id) ? Number(id.slice(0, 13)) : Date.parse(String(row[timeAt]));
      const renewed = row.map((v, i) => (i === idAt ? newLogId(Number.isNaN(ms) ? 0 : ms) : v));
      return renewed.filter((_, i) => !gone.has(i));
    }),
  };
}
