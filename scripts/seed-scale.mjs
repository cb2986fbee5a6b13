// The scale run (issues 17 and 24): 300 schools of 500 pupils each this year (150,000 pupils),
// each with two years of enrolments and payments and the log of its year, the first 20 ("full")
// also with their grades and a year of roll calls, every lesson of every school day marked, and
// the log rows of those writes; written as the app writes them (ids of its shape, marks and
// grades packed: scripts/scale/rows.ts) straight into a local D1 file (node:sqlite, one
// transaction per school) next to the demo schools. Then `node scripts/bench-scale.mjs`.
//   node scripts/seed-scale.mjs [--schools 300] [--full 20]     (state: .wrangler/scale-state)
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { runnerImport } from 'vite';
import { ensureDevVars, prepareLocalDatabase, requireNode22 } from './lib/local.mjs';
import { scaleSchool } from './scale/ids.ts';

requireNode22();
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const SCHOOLS = arg('schools', 300);
const FULL = arg('full', 20);
process.env.PORTAIL_STATE_DIR ??= '.wrangler/scale-state';
const state = process.env.PORTAIL_STATE_DIR;

ensureDevVars();
await prepareLocalDatabase();
const dir = join(state, 'v3', 'd1', 'miniflare-D1DatabaseObject');
const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
const path = join(dir, file);
const { module } = await runnerImport('./scripts/scale/rows.ts', { configFile: false, logLevel: 'error' });

const db = new DatabaseSync(path);
db.exec('PRAGMA foreign_keys = OFF; PRAGMA synchronous = OFF;');
const adminHash = db.prepare("SELECT password_hash AS h FROM users WHERE username = 'admin' LIMIT 1").get().h;
const exists = db.prepare('SELECT 1 FROM instances WHERE id = ?');
const statements = new Map();
const insert = (table, columns) => {
  const key = `${table}|${columns.join(',')}`;
  if (!statements.has(key))
    statements.set(
      key,
      db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`),
    );
  return statements.get(key);
};

const started = performance.now();
const counts = {};
for (let i = 1; i <= SCHOOLS; i++) {
  const school = scaleSchool(i);
  if (exists.get(school.id)) continue;
  const tables = module.scaleSchoolRows(school, adminHash, i <= FULL);
  db.exec('BEGIN');
  for (const { table, columns, rows } of tables) {
    if (rows.length === 0) continue;
    const statement = insert(table, columns);
    for (const row of rows) statement.run(...row);
    counts[table] = (counts[table] ?? 0) + rows.length;
  }
  db.exec('COMMIT');
  if (i % 20 === 0) console.log(`• ${i} écoles (${Math.round((performance.now() - started) / 1000)} s)`);
}
db.exec('ANALYZE');
db.close();
const seconds = Math.round((performance.now() - started) / 1000);
const bytes = statSync(path).size;
console.log(
  JSON.stringify({ schools: SCHOOLS, full: FULL, seconds, megabytes: Math.round(bytes / 1e6), rows: counts }, null, 2),
);
