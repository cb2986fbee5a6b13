// Runs wrangler from the project's own node_modules.
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WRANGLER = 'node_modules/wrangler/bin/wrangler.js';

/**
 * Runs wrangler and answers its exit status and output without throwing, for callers that read
 * a failure as an answer ("this bucket does not exist"). `input` is written to its stdin (a
 * secret's value), so the value never appears on a command line.
 */
export function wranglerResult(args, { input } = {}) {
  const result = spawnSync(process.execPath, [WRANGLER, ...args], {
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    ...(input === undefined ? {} : { input }),
  });
  return { status: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/**
 * Runs wrangler and throws when it fails. With `capture` (or `input`) its output is collected,
 * answered, and printed only on failure; otherwise it talks to the terminal directly, and
 * `prompts: false` keeps its stdin closed so that it asks no confirmation (its CI behaviour).
 */
export function wrangler(args, { capture = false, input, prompts = true } = {}) {
  const failed = (status) => new Error(`wrangler ${args.join(' ')} a échoué (code ${status}).`);
  if (!capture && input === undefined) {
    const result = spawnSync(process.execPath, [WRANGLER, ...args], {
      stdio: [prompts ? 'inherit' : 'ignore', 'inherit', 'inherit'],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    if (result.status !== 0) throw failed(result.status);
    return '';
  }
  const result = wranglerResult(args, { input });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw failed(result.status);
  }
  return result.stdout;
}

/** The JSON document a wrangler command printed with --json, after any banner or notice line
 *  (one such as "[WARNING] …" also starts with a bracket, so each line start is tried in turn). */
export function parseJsonOutput(out) {
  for (const { index } of out.matchAll(/^[[{]/gm)) {
    try {
      return JSON.parse(out.slice(index));
    } catch {
      // not the document yet
    }
  }
  throw new Error('wrangler n’a pas répondu en JSON.');
}

/** Runs a query on a D1 database (by binding: DIRECTORY, SCHOOL_DB_1…) and answers its rows. */
export function d1Query(sql, where = ['--local'], binding = 'DIRECTORY') {
  const out = wrangler(['d1', 'execute', binding, ...where, '--json', '--command', sql], { capture: true });
  const parsed = JSON.parse(out.slice(out.indexOf('[')));
  return parsed[0]?.results ?? [];
}

/** The binding of the database holding a school's rows (the directory names it; NULL: the directory's own). */
export function schoolBinding(school, where = ['--local']) {
  const [row] = d1Query(`SELECT shard FROM instances WHERE id = '${school}'`, where);
  return row?.shard ?? 'DIRECTORY';
}

/** Runs a SQL file made of statements on a D1 database (by binding). */
export function d1ExecuteStatements(statements, where = ['--local'], binding = 'DIRECTORY') {
  const dir = mkdtempSync(join(tmpdir(), 'ecole-sql-'));
  const file = join(dir, 'script.sql');
  writeFileSync(file, statements.join('\n') + '\n');
  wrangler(['d1', 'execute', binding, ...where, '--file', file], { capture: true });
}
