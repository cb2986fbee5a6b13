// Moving a school to another database (decisions 251 and 330): `npm run move-school -- <school>
// <base>` (scripts/move-school.mjs) runs this against the local databases or the deployed ones,
// and the worker tests run it inside workerd. Plain D1 calls on the bindings (no Worker request),
// in steps each safe to run again after an interruption at any point, a copy chunk included:
//  1. maintenance on: the school's row in its database becomes `moving`: its users are refused
//     (the session reads it) and so is every write batch (the guard of lib/write.ts);
//  2. copy, table by table in the order of the foreign keys, in chunks, into the target, where
//     the school's row is `incoming` (left out of every view); a copy interrupted goes on at the
//     first table whose rows are not all there (that table and the later ones copied again);
//     then the school's accounts' idempotency keys (device sessions carry the school: a table);
//  3. compare the counts of every table; the stored counts computed again;
//  4. switch: the directory names the target; the target's row `open` (maintenance off), the
//     old row `moved` (an isolate still sending the school to the old database asks the
//     directory again, lib/host.ts);
//  5. after the isolates' host answers expired, delete the old rows, children first, the
//     accounts' idempotency keys before the accounts.
// Every statement is retried on a transient error (a busy database, a lost connection); a chunk
// whose first attempt may have landed is inserted again without duplicates.
// The schema is read from the database itself (every table with an instance_id), so a table
// added later moves with the school without a change here.
import { HOST_CACHE_MS } from './instances';

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
  /** Called after each chunk copied (tests: writes sent while the school moves, a move killed mid-copy). */
  onChunk?: (table: string) => Promise<void> | void;
  /** Attempts of one statement or chunk before a transient error stops the move (default 8). */
  attempts?: number;
}

export interface MoveReport {
  from: string;
  to: string;
  /** Rows per table in the target after the copy. */
  rows: Record<string, number>;
  /** What this run did: nothing left to do, a whole move, or the end of one already switched. */
  outcome: 'already' | 'moved' | 'finished';
  /** Transient errors met and retried. */
  retries: number;
}

export class MoveStopped extends Error {
  constructor(readonly step: MoveStep) {
    super(`move stopped after ${step}`);
  }
}

/** Where a school stands, for a message that tells the truth after an interruption. */
export type MoveState =
  | { kind: 'unknown' }
  /** Served by its database, open: nothing to finish (a move stopped before its maintenance, or none). */
  | { kind: 'open'; database: string }
  /** Its users wait: a move is under way or was interrupted before the switch. */
  | { kind: 'maintenance'; database: string }
  /** Served by its new database; rows left in the old one wait to be deleted. */
  | { kind: 'switched'; database: string; leftovers: string[] };

const DIRECTORY = 'DIRECTORY';
/** D1 accepts at most 100 bound values per statement. */
const MAX_PARAMS = 100;

/** Errors worth another attempt: the database busy or restarting, the connection lost, a limit of the moment. */
const TRANSIENT =
  /SQLITE_BUSY|database is locked|SQLITE_LOCKED|network connection lost|fetch failed|ECONNRESET|socket hang up|timed? ?out|overloaded|try again|internal error|storage operation exceeded|reset because its code was updated|Durable Object/i;

export function isTransient(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (/constraint failed|no such table|syntax error/i.test(e.message)) return false;
    if (TRANSIENT.test(e.message)) return true;
  }
  return false;
}

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

/** The school's accounts' idempotency keys (an offline queue replayed after the move lands once). */
const KEYS: Table = {
  name: 'idempotency_keys',
  columns: ['account_id', 'key', 'fingerprint', 'status_code', 'response_body', 'created_at'],
  key: ['account_id', 'key'],
};
const keysOf = (school: string) => ({
  sql: 'account_id IN (SELECT id FROM users WHERE instance_id = ?)',
  params: [school],
});
const ofSchool = (school: string) => ({ sql: 'instance_id = ?', params: [school] });

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

/** One move's calls to D1, each retried on a transient error. */
class Mover {
  retries = 0;
  constructor(
    private readonly attempts: number,
    private readonly sleep: (ms: number) => Promise<void>,
    private readonly log: (line: string) => void,
  ) {}

  async retry<T>(what: string, call: (attempt: number) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call(attempt);
      } catch (error) {
        if (attempt >= this.attempts || !isTransient(error)) throw error;
        this.retries++;
        this.log(`${what} : erreur passagère (${(error as Error).message.slice(0, 80)}), nouvel essai ${attempt + 1}`);
        await this.sleep(Math.min(5000, 100 * 2 ** attempt));
      }
    }
  }

  run = (db: D1Database, query: string, ...params: unknown[]) =>
    this.retry(query.slice(0, 40), () =>
      db
        .prepare(query)
        .bind(...params)
        .run(),
    );
  first = <T>(db: D1Database, query: string, ...params: unknown[]) =>
    this.retry(query.slice(0, 40), () =>
      db
        .prepare(query)
        .bind(...params)
        .first<T>(),
    );
  all = async <T>(db: D1Database, query: string, ...params: unknown[]) =>
    (
      await this.retry(query.slice(0, 40), () =>
        db
          .prepare(query)
          .bind(...params)
          .all<T>(),
      )
    ).results;

  count = async (db: D1Database, table: Table, where: { sql: string; params: unknown[] }) =>
    (await this.first<{ n: number }>(
      db,
      `SELECT count(*) AS n FROM ${q(table.name)} WHERE ${where.sql}`,
      ...where.params,
    ))!.n;

  state = async (db: D1Database, school: string) =>
    (await this.first<{ state: string }>(db, 'SELECT state FROM instances WHERE id = ?', school))?.state;

  /** Rows of one table, copied in chunks (by rowid, or primary key) into the target. */
  async copyTable(
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
      const rows: Record<string, unknown>[] = await this.all<Record<string, unknown>>(
        from,
        `SELECT ${keyList}, ${list} FROM ${q(table.name)} WHERE ${where.sql}${
          after ? ` AND ${rowValue(key)} > ${rowValue(key.map(() => '?'))}` : ''
        } ORDER BY ${key.join(', ')} LIMIT ?`,
        ...where.params,
        ...(after ?? []),
        chunk,
      );
      if (!rows.length) return copied;
      // A chunk whose first attempt failed may have landed all the same (the answer lost): the
      // next attempts skip rows already there (the counts are compared before the switch).
      await this.retry(`${table.name} (copie)`, (attempt) => {
        const statements: D1PreparedStatement[] = [];
        for (let i = 0; i < rows.length; i += perInsert) {
          const part = rows.slice(i, i + perInsert);
          const values = part.map(() => `(${columns.map(() => '?').join(', ')})`).join(', ');
          statements.push(
            to
              .prepare(`INSERT${attempt > 1 ? ' OR IGNORE' : ''} INTO ${q(table.name)} (${list}) VALUES ${values}`)
              .bind(...part.flatMap((row) => columns.map((c) => row[c] ?? null))),
          );
        }
        return to.batch(statements);
      });
      copied += rows.length;
      const last: Record<string, unknown> = rows[rows.length - 1]!;
      after = key.map((_, i) => last[`__key${i}`]);
      await onChunk?.(table.name);
    }
  }

  /** Deletes the rows of one table that `where` selects, in chunks. */
  async deleteRows(db: D1Database, table: Table, where: { sql: string; params: unknown[] }, chunk: number) {
    const key = keyColumns(table);
    for (;;) {
      const result = await this.run(
        db,
        `DELETE FROM ${q(table.name)} WHERE ${rowValue(key)} IN (SELECT ${key.join(', ')} FROM ${q(table.name)} WHERE ${where.sql} LIMIT ?)`,
        ...where.params,
        chunk * 10,
      );
      if (!result.meta.changes) break;
    }
  }

  /**
   * Deletes a school's rows from a database: its accounts' idempotency keys first (they are found
   * through the accounts), then its tables, children first; its row last. In the directory (a
   * school held there before a first split) the row stays: it is the school's route.
   */
  async deleteSchool(db: D1Database, tables: Table[], school: string, chunk: number, keepRow = false) {
    await this.deleteRows(db, KEYS, keysOf(school), chunk);
    for (const table of [...tables].reverse()) await this.deleteRows(db, table, ofSchool(school), chunk);
    if (keepRow) await this.run(db, "UPDATE instances SET state = 'open' WHERE id = ?", school);
    else await this.run(db, 'DELETE FROM instances WHERE id = ?', school);
  }
}

/** Where a school stands now: open, in maintenance, or switched with rows left behind. */
export async function moveState(databases: Databases, school: string): Promise<MoveState> {
  const directory = databases[DIRECTORY];
  const route = await directory
    ?.prepare('SELECT shard FROM instances WHERE id = ?')
    .bind(school)
    .first<{ shard: string | null }>();
  if (!directory || !route) return { kind: 'unknown' };
  const database = route.shard ?? DIRECTORY;
  const served = databases[database];
  const state = served
    ? (await served.prepare('SELECT state FROM instances WHERE id = ?').bind(school).first<{ state: string }>())?.state
    : undefined;
  if (state !== 'open') return { kind: 'maintenance', database };
  const leftovers: string[] = [];
  for (const [name, db] of Object.entries(databases)) {
    if (name === database) continue;
    const left = await db.prepare('SELECT state FROM instances WHERE id = ?').bind(school).first<{ state: string }>();
    if (left && (name !== DIRECTORY || left.state !== 'open')) leftovers.push(name);
  }
  return leftovers.length ? { kind: 'switched', database, leftovers } : { kind: 'open', database };
}

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
  const m = new Mover(options.attempts ?? 8, sleep, log);
  const stop = (step: MoveStep) => {
    if (options.stopAfter === step) throw new MoveStopped(step);
  };
  const directory = databases[DIRECTORY];
  const to = databases[target];
  if (!directory) throw new Error('la base annuaire (DIRECTORY) manque');
  if (!to || target === DIRECTORY) throw new Error(`« ${target} » n'est pas une base d'écoles`);
  const route = await m.first<{ shard: string | null }>(directory, 'SELECT shard FROM instances WHERE id = ?', school);
  if (!route) throw new Error(`école inconnue : ${school}`);
  const source = route.shard ?? DIRECTORY;
  const rows: Record<string, number> = {};
  const wait = options.waitMs ?? HOST_CACHE_MS + 5000;
  const waitForIsolates = async () => {
    if (wait <= 0) return;
    log(`Attente de ${Math.round(wait / 1000)} s (les Workers oublient l'ancienne base)…`);
    await sleep(wait);
  };

  if (source === target) {
    // Already switched: the target opened, then what an earlier run left is deleted, wherever it is.
    let finished = false;
    if ((await m.state(to, school)) === 'incoming') {
      await m.run(to, "UPDATE instances SET state = 'open' WHERE id = ?", school);
      log(`L'école est servie par ${target} : fin de la maintenance.`);
      finished = true;
    }
    const left: [string, D1Database][] = [];
    for (const [name, db] of Object.entries(databases)) {
      if (name === target) continue;
      const state = await m.state(db, school);
      // The directory's own row is the school's route (a deployment not split yet): only a
      // `moved` one there holds leftovers.
      if (state === undefined || (name === DIRECTORY && state !== 'moved' && state !== 'moving')) continue;
      if (state !== 'moved') await m.run(db, "UPDATE instances SET state = 'moved' WHERE id = ?", school);
      left.push([name, db]);
    }
    if (left.length) await waitForIsolates();
    for (const [name, db] of left) {
      log(`Suppression des lignes restées dans ${name === DIRECTORY ? 'l’annuaire' : name}…`);
      await m.deleteSchool(db, await schoolTables(db), school, chunk, name === DIRECTORY);
      log(`Anciennes lignes supprimées de ${name} (clés d'idempotence et sessions comprises).`);
      finished = true;
    }
    return { from: source, to: target, rows, outcome: finished ? 'finished' : 'already', retries: m.retries };
  }

  const from = databases[source];
  if (!from) throw new Error(`la base ${source} de l'école n'est pas liée`);
  const tables = await m.retry('schéma', () => schoolTables(from));

  // 1. Maintenance on.
  const state = await m.state(from, school);
  if (state !== 'open' && state !== 'moving') throw new Error(`l'école est « ${state} » dans ${source}`);
  await m.run(from, "UPDATE instances SET state = 'moving' WHERE id = ?", school);
  log(`Maintenance de l'école : ses utilisateurs attendent la fin du déplacement (${source} → ${target}).`);
  stop('maintenance');

  // 2. Copy. Rows an attempt towards another database left there are deleted (never served:
  // `incoming`); in the target, a copy under way goes on, anything else is deleted first.
  for (const [name, db] of Object.entries(databases)) {
    if (name === target || name === source || name === DIRECTORY) continue;
    if ((await m.state(db, school)) === 'incoming') {
      log(`Lignes d'une tentative vers ${name} supprimées.`);
      await m.deleteSchool(db, tables, school, chunk);
    }
  }
  const targetState = await m.state(to, school);
  if (targetState !== undefined && targetState !== 'incoming') {
    log(`Lignes anciennes de l'école supprimées dans ${target}.`);
    await m.deleteSchool(to, tables, school, chunk);
  }
  const platformNames = await m.all<{ username: string }>(directory, 'SELECT username FROM platform_users');
  for (const { username } of platformNames) {
    await m.run(to, 'INSERT OR IGNORE INTO reserved_usernames (username) VALUES (?)', username);
  }
  if (targetState !== 'incoming') {
    const instanceColumns = (await m.all<{ name: string; hidden: number }>(from, 'PRAGMA table_xinfo(instances)'))
      .filter((c) => c.hidden === 0)
      .map((c) => c.name);
    const row = (await m.first<Record<string, unknown>>(from, 'SELECT * FROM instances WHERE id = ?', school))!;
    // The school's own row: no routing (the directory's), the copy left out of every view until the switch.
    const copy: Record<string, unknown> = {
      ...row,
      hostname: null,
      aliases: '[]',
      is_default: 0,
      shard: null,
      state: 'incoming',
    };
    await m.run(
      to,
      `INSERT INTO instances (${instanceColumns.map(q).join(', ')}) VALUES (${instanceColumns.map(() => '?').join(', ')})`,
      ...instanceColumns.map((c) => copy[c] ?? null),
    );
  }
  // The first table not whole in the target: the copy goes on from there (it and the later
  // tables, which an interrupted copy may have begun, copied again).
  const all = [...tables, KEYS];
  const whereOf = (table: Table) => (table === KEYS ? keysOf(school) : ofSchool(school));
  let resumeAt = 0;
  if (targetState === 'incoming') {
    while (resumeAt < all.length) {
      const table = all[resumeAt]!;
      const [a, b] = [await m.count(from, table, whereOf(table)), await m.count(to, table, whereOf(table))];
      if (a !== b) break;
      rows[table.name] = b;
      resumeAt++;
    }
    if (resumeAt > 0) log(`Reprise de la copie : ${resumeAt} table(s) déjà copiée(s).`);
    for (const table of all.slice(resumeAt).reverse()) await m.deleteRows(to, table, whereOf(table), chunk);
  }
  for (const table of all.slice(resumeAt)) {
    rows[table.name] = await m.copyTable(from, to, table, whereOf(table), chunk, options.onChunk);
    log(`  ${table.name} : ${rows[table.name]} ligne(s)`);
  }
  stop('copy');

  // 3. Compare.
  for (const table of all) {
    const [a, b] = [await m.count(from, table, whereOf(table)), await m.count(to, table, whereOf(table))];
    if (a !== b) throw new Error(`${table.name} : ${a} ligne(s) dans ${source}, ${b} dans ${target}`);
  }
  await m.run(
    to,
    `UPDATE instances SET
       users_count = (SELECT count(*) FROM users WHERE instance_id = ?1 AND account_type <> 'student'),
       students_count = (SELECT count(*) FROM students WHERE instance_id = ?1 AND status = 'active')
     WHERE id = ?1`,
    school,
  );
  log('Comptes identiques dans les deux bases.');
  stop('compare');

  // 4. Switch; maintenance off.
  await m.run(directory, 'UPDATE instances SET shard = ? WHERE id = ?', target, school);
  await m.run(to, "UPDATE instances SET state = 'open' WHERE id = ?", school);
  await m.run(from, "UPDATE instances SET state = 'moved' WHERE id = ?", school);
  log(`L'école est servie par ${target} : fin de la maintenance.`);
  stop('switch');

  // 5. The old rows, once no isolate sends the school there any more.
  await waitForIsolates();
  await m.deleteSchool(from, tables, school, chunk, source === DIRECTORY);
  log(`Anciennes lignes supprimées de ${source} (clés d'idempotence et sessions comprises).`);
  stop('delete');
  return { from: source, to: target, rows, outcome: 'moved', retries: m.retries };
}
