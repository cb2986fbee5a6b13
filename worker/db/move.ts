// Moving a school to another database (decision 251): `npm run move-school -- <school> <base>`
// (scripts/move-school.mjs) runs this against the local databases or the deployed ones, and the
// worker tests run it inside workerd. Plain D1 calls on the bindings (no Worker request), in
// steps each safe to run again after a failure at any point:
//  1. maintenance on: the school's row in its database becomes `moving`: its users are refused
//     (the session reads it) and so is every write batch (the guard of lib/write.ts);
//  2. copy, table by table in the order of the foreign keys, in chunks, into the target, where
//     the school's row is `incoming` (left out of every view); rows left in the target by an
//     earlier attempt are deleted first;
//  3. compare the counts of every table; the stored counts computed again;
//  4. switch: the directory names the target; the target's row `open` (maintenance off), the
//     old row `moved` (an isolate still sending the school to the old database asks the
//     directory again, lib/host.ts);
//  5. after the isolates' host answers expired, delete the old rows, children first.
// The schema is read from the database itself (every table with an instance_id), so a table
// added later moves with the school without a change here.
import { HOST_CACHE_MS } from '../lib/host';

/** The deployment's databases by binding, the directory included. */
export type Databases = Record<string, D1Database>;

export type MoveStep = 'maintenance' | 'copy' | 'compare' | 'switch' | 'delete';

export interface MoveOptions {
  /** A progress line (French, for the command). */
  log?: (line: string) => void;
  /** Rows read per chunk (default 500). */
  chunk?: number;
  /** Wait between the switch and the deletion (default: the host cache's lifetime and 5 s). */
  waitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Stops after this step, as a failure would (tests of a move resumed). */
  stopAfter?: MoveStep;
  /** Called after each chunk copied (tests: writes sent while the school moves). */
  onChunk?: (table: string) => Promise<void> | void;
}

export interface MoveReport {
  from: string;
  to: string;
  /** Rows per table in the target after the copy. */
  rows: Record<string, number>;
  /** What this run did: nothing left to do, a whole move, or the end of one already switched. */
  outcome: 'already' | 'moved' | 'finished';
}

export class MoveStopped extends Error {
  constructor(readonly step: MoveStep) {
    super(`move stopped after ${step}`);
  }
}

const DIRECTORY = 'DIRECTORY';
/** D1 accepts at most 100 bound values per statement. */
const MAX_PARAMS = 100;

interface Table {
  name: string;
  columns: string[];
  /** The columns its rows are read and deleted in order of: its primary key when WITHOUT ROWID, else the rowid. */
  key?: string[];
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A table's key columns as SQL (the rowid unquoted). */
const keyColumns = (table: Table) => (table.key ?? ['rowid']).map((k) => (k === 'rowid' ? k : q(k)));
/** Columns or values as one SQL row value, compared as a whole: (a, b) > (?, ?). */
const rowValue = (columns: string[]) => `(${columns.join(', ')})`;

/** The school tables (with instance_id), parents before children. */
async function schoolTables(db: D1Database): Promise<Table[]> {
  const names = (
    await db
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name",
      )
      .all<{ name: string; sql: string }>()
  ).results;
  const tables = new Map<string, { columns: string[]; parents: Set<string>; key?: string[] }>();
  for (const { name, sql } of names) {
    const columns = (
      await db.prepare(`PRAGMA table_xinfo(${q(name)})`).all<{ name: string; hidden: number; pk: number }>()
    ).results;
    if (!columns.some((c) => c.name === 'instance_id')) continue;
    const keys = (await db.prepare(`PRAGMA foreign_key_list(${q(name)})`).all<{ table: string }>()).results;
    // A table WITHOUT ROWID (the packed marks and grades, decision 220) has no rowid: its primary key orders it.
    const withoutRowid = /\bWITHOUT\s+ROWID\s*;?\s*$/i.test(sql);
    tables.set(name, {
      columns: columns.filter((c) => c.hidden === 0).map((c) => c.name),
      parents: new Set(keys.map((k) => k.table).filter((t) => t !== name)),
      ...(withoutRowid
        ? {
            key: columns
              .filter((c) => c.pk > 0)
              .sort((a, b) => a.pk - b.pk)
              .map((c) => c.name),
          }
        : {}),
    });
  }
  const ordered: Table[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.size) {
    const ready = [...tables].filter(
      ([name, t]) => !placed.has(name) && [...t.parents].every((p) => placed.has(p) || !tables.has(p)),
    );
    if (!ready.length)
      throw new Error(`foreign keys in a cycle among ${[...tables.keys()].filter((n) => !placed.has(n))}`);
    for (const [name, t] of ready) {
      ordered.push({ name, columns: t.columns, key: t.key });
      placed.add(name);
    }
  }
  return ordered;
}

const countOf = async (db: D1Database, table: string, school: string) =>
  (await db
    .prepare(`SELECT count(*) AS n FROM ${q(table)} WHERE instance_id = ?`)
    .bind(school)
    .first<{ n: number }>())!.n;

const stateIn = async (db: D1Database, school: string) =>
  (await db.prepare('SELECT state FROM instances WHERE id = ?').bind(school).first<{ state: string }>())?.state;

/** Rows of one table, copied in chunks (by rowid, or primary key) into the target. */
async function copyTable(
  from: D1Database,
  to: D1Database,
  table: Table,
  where: { sql: string; params: unknown[] },
  chunk: number,
  onChunk?: MoveOptions['onChunk'],
): Promise<number> {
  const columns = table.columns;
  const perInsert = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const list = columns.map(q).join(', ');
  const key = keyColumns(table);
  const keyList = key.map((k, i) => `${k} AS "__key${i}"`).join(', ');
  let after: unknown[] | null = null;
  let copied = 0;
  for (;;) {
    const rows: Record<string, unknown>[] = (
      await from
        .prepare(
          `SELECT ${keyList}, ${list} FROM ${q(table.name)} WHERE ${where.sql}${
            after ? ` AND ${rowValue(key)} > ${rowValue(key.map(() => '?'))}` : ''
          } ORDER BY ${key.join(', ')} LIMIT ?`,
        )
        .bind(...where.params, ...(after ?? []), chunk)
        .all<Record<string, unknown>>()
    ).results;
    if (!rows.length) return copied;
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < rows.length; i += perInsert) {
      const part = rows.slice(i, i + perInsert);
      const values = part.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
      statements.push(
        to
          .prepare(`INSERT INTO ${q(table.name)} (${list}) VALUES ${values}`)
          .bind(...part.flatMap((row) => columns.map((c) => row[c] ?? null))),
      );
    }
    await to.batch(statements);
    copied += rows.length;
    const last = rows[rows.length - 1]!;
    after = key.map((_, i) => last[`__key${i}`]);
    await onChunk?.(table.name);
  }
}

/**
 * Deletes a school's rows from a database, children first, in chunks; its row last. In the
 * directory (a school held there before a first split) the row stays: it is the school's route.
 */
async function deleteSchool(db: D1Database, tables: Table[], school: string, chunk: number, keepRow = false) {
  for (const table of [...tables].reverse()) {
    for (;;) {
      const key = keyColumns(table);
      const result = await db
        .prepare(
          `DELETE FROM ${q(table.name)} WHERE ${rowValue(key)} IN (SELECT ${key.join(', ')} FROM ${q(table.name)} WHERE instance_id = ? LIMIT ?)`,
        )
        .bind(school, chunk * 10)
        .run();
      if (!result.meta.changes) break;
    }
  }
  if (keepRow) await db.prepare("UPDATE instances SET state = 'open' WHERE id = ?").bind(school).run();
  else await db.prepare('DELETE FROM instances WHERE id = ?').bind(school).run();
}

/** The school's accounts' idempotency keys (an offline queue replayed after the move lands once). */
const keysOf = (school: string) => ({
  sql: 'account_id IN (SELECT id FROM users WHERE instance_id = ?)',
  params: [school],
});

/**
 * Moves a school (its id) to the school database `target` (its binding). `databases` holds
 * every database by binding: the directory and the school databases.
 */
export async function moveSchool(
  databases: Databases,
  school: string,
  target: string,
  options: MoveOptions = {},
): Promise<MoveReport> {
  const log = options.log ?? (() => {});
  const chunk = options.chunk ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const stop = (step: MoveStep) => {
    if (options.stopAfter === step) throw new MoveStopped(step);
  };
  const directory = databases[DIRECTORY];
  const to = databases[target];
  if (!directory) throw new Error('la base annuaire (DIRECTORY) manque');
  if (!to || target === DIRECTORY) throw new Error(`« ${target} » n'est pas une base d'écoles`);
  const route = await directory
    .prepare('SELECT shard FROM instances WHERE id = ?')
    .bind(school)
    .first<{ shard: string | null }>();
  if (!route) throw new Error(`école inconnue : ${school}`);
  const source = route.shard ?? DIRECTORY;
  const rows: Record<string, number> = {};

  if (source === target) {
    // Already switched: what an earlier run left is deleted, wherever it is.
    let finished = false;
    for (const [name, db] of Object.entries(databases)) {
      if (name === target || name === DIRECTORY || (await stateIn(db, school)) !== 'moved') continue;
      log(`Suppression des lignes restées dans ${name}…`);
      await deleteSchool(db, await schoolTables(db), school, chunk);
      finished = true;
    }
    // The directory itself held the school before a first split.
    if (route.shard !== null && (await stateIn(directory, school)) === 'moved') {
      log('Suppression des lignes restées dans l’annuaire…');
      await deleteSchool(directory, await schoolTables(directory), school, chunk, true);
      finished = true;
    }
    if ((await stateIn(to, school)) === 'incoming') {
      await to.prepare("UPDATE instances SET state = 'open' WHERE id = ?").bind(school).run();
      finished = true;
    }
    return { from: source, to: target, rows, outcome: finished ? 'finished' : 'already' };
  }

  const from = databases[source];
  if (!from) throw new Error(`la base ${source} de l'école n'est pas liée`);
  const tables = await schoolTables(from);

  // 1. Maintenance on.
  const state = await stateIn(from, school);
  if (state !== 'open' && state !== 'moving') throw new Error(`l'école est « ${state} » dans ${source}`);
  await from.prepare("UPDATE instances SET state = 'moving' WHERE id = ?").bind(school).run();
  log(`Maintenance de l'école : ses utilisateurs attendent la fin du déplacement (${source} → ${target}).`);
  stop('maintenance');

  // 2. Copy, into a clean target.
  if ((await stateIn(to, school)) !== undefined) {
    log(`Lignes d'une tentative précédente supprimées dans ${target}.`);
    await deleteSchool(to, tables, school, chunk);
  }
  const platformNames = (await directory.prepare('SELECT username FROM platform_users').all<{ username: string }>())
    .results;
  for (const { username } of platformNames) {
    await to.prepare('INSERT OR IGNORE INTO reserved_usernames (username) VALUES (?)').bind(username).run();
  }
  const instanceColumns = (
    await from.prepare('PRAGMA table_xinfo(instances)').all<{ name: string; hidden: number }>()
  ).results
    .filter((c) => c.hidden === 0)
    .map((c) => c.name);
  const row = (await from
    .prepare('SELECT * FROM instances WHERE id = ?')
    .bind(school)
    .first<Record<string, unknown>>())!;
  // The school's own row: no routing (the directory's), the copy left out of every view until the switch.
  const copy: Record<string, unknown> = {
    ...row,
    hostname: null,
    aliases: '[]',
    is_default: 0,
    shard: null,
    state: 'incoming',
  };
  await to
    .prepare(
      `INSERT INTO instances (${instanceColumns.map(q).join(', ')}) VALUES (${instanceColumns.map(() => '?').join(', ')})`,
    )
    .bind(...instanceColumns.map((c) => copy[c] ?? null))
    .run();
  try {
    for (const table of tables) {
      rows[table.name] = await copyTable(
        from,
        to,
        table,
        { sql: 'instance_id = ?', params: [school] },
        chunk,
        options.onChunk,
      );
      log(`  ${table.name} : ${rows[table.name]} ligne(s)`);
    }
    const keyColumns = ['account_id', 'key', 'fingerprint', 'status_code', 'response_body', 'created_at'];
    await copyTable(from, to, { name: 'idempotency_keys', columns: keyColumns }, keysOf(school), chunk);
  } catch (error) {
    // A copy that cannot go on (an id another school of the target holds): the target is left clean.
    await deleteSchool(to, tables, school, chunk).catch(() => {});
    throw error;
  }
  stop('copy');

  // 3. Compare.
  for (const table of tables) {
    const [a, b] = await Promise.all([countOf(from, table.name, school), countOf(to, table.name, school)]);
    if (a !== b) throw new Error(`${table.name} : ${a} ligne(s) dans ${source}, ${b} dans ${target}`);
  }
  await to
    .prepare(
      `UPDATE instances SET
         users_count = (SELECT count(*) FROM users WHERE instance_id = ?1 AND account_type <> 'student'),
         students_count = (SELECT count(*) FROM students WHERE instance_id = ?1 AND status = 'active')
       WHERE id = ?1`,
    )
    .bind(school)
    .run();
  log('Comptes identiques dans les deux bases.');
  stop('compare');

  // 4. Switch; maintenance off.
  await directory.prepare('UPDATE instances SET shard = ? WHERE id = ?').bind(target, school).run();
  await to.prepare("UPDATE instances SET state = 'open' WHERE id = ?").bind(school).run();
  await from.prepare("UPDATE instances SET state = 'moved' WHERE id = ?").bind(school).run();
  log(`L'école est servie par ${target} : fin de la maintenance.`);
  stop('switch');

  // 5. The old rows, once no isolate sends the school there any more.
  const wait = options.waitMs ?? HOST_CACHE_MS + 5000;
  if (wait > 0) {
    log(`Attente de ${Math.round(wait / 1000)} s (les Workers oublient l'ancienne base)…`);
    await sleep(wait);
  }
  await deleteSchool(from, tables, school, chunk, source === DIRECTORY);
  log(`Anciennes lignes supprimées de ${source}.`);
  stop('delete');
  return { from: source, to: target, rows, outcome: 'moved' };
}
