// `npm run bench`: builds the app, reports the compressed weight of a first visit to /login and
// of each screen chunk, then times the sign-in route on the local portal.
// `--check` (run by `npm test`): only the bundle budgets, failing when one is exceeded.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { ensureDevVars, prepareLocalDatabase, requireNode22 } from './lib/local.mjs';

requireNode22();
const check = process.argv.includes('--check');
const LOGIN_BUDGET = 130 * 1024;
const CHUNK_BUDGET = 40 * 1024;
const client = 'dist/client';
const manifestPath = join(client, '.vite/manifest.json');

if (!check || !existsSync(manifestPath)) {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(client, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Files a chunk needs at once: itself, its static imports and their CSS. */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}
const filesOf = (keys) => {
  const files = new Set();
  for (const key of keys) {
    const entry = manifest[key];
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
  }
  return files;
};

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => k.endsWith('screens/login/LoginPage.tsx'));
const loginFiles = new Set(['index.html', ...filesOf(new Set([...closure(entryKey), ...closure(loginKey)]))]);
const loginBytes = [...loginFiles].reduce((sum, f) => sum + gz(f), 0);

const report = { loginFirstVisit: { gzipBytes: loginBytes, budget: LOGIN_BUDGET, files: [...loginFiles] }, chunks: {} };
console.log(`Première visite de /login : ${kb(loginBytes)} compressés (budget ${kb(LOGIN_BUDGET)})`);
let failed = loginBytes > LOGIN_BUDGET;

for (const [key, entry] of Object.entries(manifest)) {
  if (!entry.isDynamicEntry) continue;
  const own = [entry.file, ...(entry.css ?? [])].reduce((sum, f) => sum + gz(f), 0);
  report.chunks[key] = own;
  const over = own > CHUNK_BUDGET;
  failed ||= over;
  console.log(`  écran ${key.replace(/^.*screens\//, '')}: ${kb(own)}${over ? `  > budget ${kb(CHUNK_BUDGET)}` : ''}`);
}

if (!check) report.login = await timeLogin();

mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/bench.json', JSON.stringify(report, null, 2));
if (failed) {
  console.error('Budget de taille dépassé.');
  process.exit(1);
}

/** Median and p95 server time of POST /api/login on the local production build. */
async function timeLogin() {
  const port = 8797;
  process.env.PORTAIL_STATE_DIR ??= '.wrangler/bench-state';
  ensureDevVars();
  await prepareLocalDatabase();
  const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port)], {
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port) },
  });
  try {
    const url = `http://127.0.0.1:${port}/api/login`;
    for (let i = 0; i < 60; i++) {
      if (await fetch(`http://127.0.0.1:${port}/api/instance/default`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const times = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'secretaire', password: DEMO_PASSWORD }),
      });
      await res.text();
      if (res.status !== 200) throw new Error(`login ${res.status}`);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const result = { medianMs: Math.round(times[10]), p95Ms: Math.round(times[18]), runs: times.length };
    console.log(`POST /api/login : médiane ${result.medianMs} ms, p95 ${result.p95Ms} ms (${result.runs} essais, scrypt N=2^15 r=8 p=3)`);
    return result;
  } finally {
    server.kill();
  }
}
