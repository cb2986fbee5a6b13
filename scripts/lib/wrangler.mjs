// Runs wrangler from the project's own node_modules.
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function wrangler(args, { capture = false } = {}) {
  const result = spawnSync(process.execPath, ['node_modules/wrangler/bin/wrangler.js', ...args], {
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  if (result.status !== 0) {
    if (capture) process.stderr.write(result.stdout + result.stderr);
    throw new Error(`wrangler ${args.join(' ')} a échoué (code ${result.status}).`);
  }
  return result.stdout;
}

/** Runs a query on a D1 database and answers its rows. */
export function d1Query(sql, where = ['--local']) {
  const out = wrangler(['d1', 'execute', 'DB', ...where, '--json', '--command', sql], { capture: true });
  const parsed = JSON.parse(out.slice(out.indexOf('[')));
  return parsed[0]?.results ?? [];
}

/** Runs a SQL file made of statements on a D1 database. */
export function d1ExecuteStatements(statements, where = ['--local']) {
  const dir = mkdtempSync(join(tmpdir(), 'ecole-sql-'));
  const file = join(dir, 'script.sql');
  writeFileSync(file, statements.join('\n') + '\n');
  wrangler(['d1', 'execute', 'DB', ...where, '--file', file], { capture: true });
}
