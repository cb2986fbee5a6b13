// The scale run (issues 17, 24 and 25): 500 schools of 1,000 pupils each this year by default
// (500,000 pupils), each with two years of enrolments and payments and the log of its year, the
// first 20 ("full") also with their grades and a year of roll calls, every lesson of every school
// day marked, and the log rows of those writes; written as the app writes them (ids of its shape,
// marks and grades packed: scripts/scale/rows.ts) straight into the local D1 files (node:sqlite,
// one transaction per school): each school's rows into a school database, by turns (decision 171
// "Design as built"), its route (hostname -> school and database) into the directory, next to
// the demo schools. Then `node scripts/bench-scale.mjs`.
//   node scripts/seed-scale.mjs [--schools 500] [--pupils 1000] [--full 20]   (state: .wrangler/scale-state)
import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { runnerImport } from 'vite';
import { ensureDevVars, localDatabaseFiles, prepareLocalDatabase, requireNode22 } from './lib/local.mjs';
import { scaleSchool } from './scale/ids.ts';

requireNode22();
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const SCHOOLS = arg('schools', 500);
const PUPILS = arg('pupils', 1000);
const FULL = arg('full', 20);
process.env.PORTAIL_STATE_DIR ??= '.wrangler/scale-state';
const state = process.env.PORTAIL_STATE_DIR;

ensureDevVars();
await prepareLocalDatabase();
const [directoryFile, ...schoolFiles] = localDatabaseFiles(state);
const { module } = await runnerImport('./scripts/scale/rows.ts', { configFile: false, logLevel: 'error' });
module.setScalePupils(PUPILS);

const open = (path) => {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA foreign_keys = OFF; PRAGMA synchronous = OFF;');
  return db;
};
const directory = open(directoryFile.path);
const shards = schoolFiles.map(({ binding, path }) => {
  const db = open(path);
  const statements = new Map();
  return {
    binding,
    path,
    db,
    log: { columns: [], rows: [] },
    exists: db.prepare('SELECT 1 FROM instances WHERE id = ?'),
    insert(table, columns) {
      const key = `${table}|${columns.join(',')}`;
      if (!statements.has(key))
        statements.set(
          key,
          db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`),
        );
      return statements.get(key);
    },
  };
});
// The demo admin's hash, from the school database holding the first demo school.
const adminHash = shards
  .map((s) => s.db.prepare("SELECT password_hash AS h FROM users WHERE username = 'admin' LIMIT 1").get())
  .find(Boolean).h;
const route = directory.prepare(
  'INSERT OR IGNORE INTO instances (id, name, hostname, aliases, is_default, shard) VALUES (?, ?, ?, ?, 0, ?)',
);

const started = performance.now();
const counts = {};
for (let i = 1; i <= SCHOOLS; i++) {
  const school = scaleSchool(i);
  const shard = shards[(i - 1) % shards.length];
  if (!shard.exists.get(school.id)) {
    const tables = module.scaleSchoolRows(school, adminHash, i <= FULL);
    shard.db.exec('BEGIN');
    for (const { table, columns, rows } of tables) {
      if (rows.length === 0) continue;
      // The log is written last, every school's rows in the order of their ids (time): as the
      // app appends them (decision 331), not school after school.
      if (table === 'audit_log') {
        shard.log.columns = columns;
        shard.log.rows.push(...rows);
        continue;
      }
      const statement = shard.insert(table, columns);
      for (const row of rows) statement.run(...row);
      counts[table] = (counts[table] ?? 0) + rows.length;
    }
    shard.db.exec('COMMIT');
  }
  // The school's route, written last (as the platform's creation does, decision 252).
  route.run(school.id, school.name, school.hostname, '[]', shard.binding);
  if (i % 20 === 0) console.log(`• ${i} écoles (${Math.round((performance.now() - started) / 1000)} s)`);
}
for (const shard of shards) {
  const { columns, rows } = shard.log;
  if (!rows.length) continue;
  const at = columns.indexOf('id');
  rows.sort((a, b) => (a[at] < b[at] ? -1 : a[at] > b[at] ? 1 : 0));
  const statement = shard.insert('audit_log', columns);
  shard.db.exec('BEGIN');
  for (const row of rows) statement.run(...row);
  shard.db.exec('COMMIT');
  counts.audit_log = (counts.audit_log ?? 0) + rows.length;
}
for (const { db } of [{ db: directory }, ...shards]) {
  db.exec('ANALYZE');
  db.close();
}
const seconds = Math.round((performance.now() - started) / 1000);
const megabytes = Object.fromEntries(
  [directoryFile, ...schoolFiles].map((f) => [f.binding, Math.round(statSync(f.path).size / 1e6)]),
);
console.log(
  JSON.stringify({ schools: SCHOOLS, pupils: PUPILS, full: FULL, seconds, megabytes, rows: counts }, null, 2),
);
