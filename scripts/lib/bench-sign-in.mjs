// The sign-in's cost and the morning rush (issue 27, docs/decisions/232): on the local production
// build (one workerd process, like one machine's core),
// - the CPU one sign-in takes, read from the server processes' own counters (/proc, Linux), so a
//   busy machine changes the wall time but not the figure: sign-ins per core per second;
// - the p95 of ordinary reads alone, then while 50 sign-ins arrive at once (the 07:30 rush).
import { readdirSync, readFileSync } from 'node:fs';
import { DEMO_PASSWORD } from '../demo-accounts.ts';

const TICKS_PER_SECOND = 100;

/** CPU seconds used so far by the workerd processes under a process (Linux /proc): the Worker's runtime. */
export function treeCpuSeconds(rootPid) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces), from its closing parenthesis.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const name = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: name.startsWith('workerd') ? Number(fields[11]) + Number(fields[12]) : 0,
      });
    } catch {
      // The process ended meanwhile.
    }
  }
  let ticks = 0;
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.pop();
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) queue.push(child);
  }
  return ticks / TICKS_PER_SECOND;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function signIn(base, username) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`connexion de ${username} : ${res.status} ${body}`);
  return JSON.parse(body).accessToken;
}

/** Reads by `concurrency` clients until `until()` says stop (at least `min` reads); their times in ms. */
async function reads(base, token, { concurrency = 4, until, min = 40 }, failures = []) {
  const times = [];
  const client = async () => {
    while (times.length < min || !until()) {
      const start = performance.now();
      const res = await fetch(`${base}/api/instance/current`, { headers: { Authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      // A failed read counts with its time (the local preview's 500 under a stalled runtime).
      times.push(performance.now() - start);
      if (res.status !== 200) failures.push(res.status);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return times;
}

/**
 * `serverPid`: the preview's process (workerd runs under it). Answers the CPU per sign-in and per
 * read, the sign-ins a core could do per second, and the reads' p95 without and during a storm.
 */
export async function measureSignIns(base, serverPid, { signIns = 20, storm = 50 } = {}) {
  const reader = await signIn(base, 'secretaire');
  // Warm-up: the isolate compiled, the objects created.
  for (let i = 0; i < 3; i++) await signIn(base, RUSH_ACCOUNTS[i]);

  const cpuOf = async (count, action) => {
    const before = treeCpuSeconds(serverPid);
    for (let i = 0; i < count; i++) await action(i);
    return ((treeCpuSeconds(serverPid) - before) * 1000) / count;
  };
  const signInCpuMs = await cpuOf(signIns, (i) => signIn(base, RUSH_ACCOUNTS[i % RUSH_ACCOUNTS.length]));
  const readCpuMs = await cpuOf(100, async () => {
    const res = await fetch(`${base}/api/instance/current`, { headers: { Authorization: `Bearer ${reader}` } });
    await res.arrayBuffer();
  });

  const quiet = await reads(base, reader, { until: () => true, min: 200 });
  let stormDone = false;
  const stormStart = performance.now();
  let stormFailures = 0;
  const rush = Promise.all(
    Array.from({ length: storm }, (_, i) =>
      signIn(base, RUSH_ACCOUNTS[i % RUSH_ACCOUNTS.length]).catch(() => stormFailures++),
    ),
  ).finally(() => (stormDone = true));
  const readFailures = [];
  const during = await reads(base, reader, { until: () => stormDone }, readFailures);
  await rush;
  const stormMs = performance.now() - stormStart;
  return {
    signInCpuMs: Math.round(signInCpuMs * 10) / 10,
    signInsPerCoreSecond: Math.round((1000 / signInCpuMs) * 10) / 10,
    readCpuMs: Math.round(readCpuMs * 10) / 10,
    readP95QuietMs: Math.round(percentile(quiet, 95)),
    readP95StormMs: Math.round(percentile(during, 95)),
    readsDuringStorm: during.length,
    stormMs: Math.round(stormMs),
    stormFailures,
    readFailuresDuringStorm: readFailures.length,
  };
}

export const signInReport = (m) => [
  `Connexion : ${m.signInCpuMs} ms de CPU (≈ ${m.signInsPerCoreSecond} connexions par cœur et par seconde) ; une lecture : ${m.readCpuMs} ms`,
  `Lectures ordinaires, p95 : ${m.readP95QuietMs} ms au calme, ${m.readP95StormMs} ms pendant 50 connexions simultanées ` +
    `(${m.readsDuringStorm} lectures, la vague a duré ${(m.stormMs / 1000).toFixed(1)} s ; ` +
    `échecs : ${m.stormFailures} connexions, ${m.readFailuresDuringStorm} lectures)`,
];

/** The pupils of the rush: 50 accounts of the demo school, each signing in once at 07:30. */
export const RUSH_ACCOUNTS = Array.from({ length: 50 }, (_, i) => `rush-${String(i + 1).padStart(2, '0')}`);

/**
 * Adds the rush accounts to the demo school of the bench's database, their password hashed as
 * the Worker hashes today (so no sign-in pays a rehash), or rehashes them when the parameters changed.
 */
export async function seedRushAccounts(where) {
  const { d1ExecuteStatements, d1Query, schoolBinding } = await import('./wrangler.mjs');
  const { insertRows, q } = await import('./sql.mjs');
  const { hashPassword, needsRehash } = await import('../../worker/auth/password.ts');
  const school = 'demo-ecole-1';
  // The school's accounts live in its own database since the shards (decision 250).
  const binding = schoolBinding(school, where);
  const [row] = d1Query(
    `SELECT password_hash FROM users WHERE instance_id = '${school}' AND username = 'rush-01'`,
    where,
    binding,
  );
  if (row && !(needsRehash?.(row.password_hash) ?? false)) return;
  const hash = await hashPassword(DEMO_PASSWORD);
  d1ExecuteStatements(
    row
      ? [`UPDATE users SET password_hash = ${q(hash)} WHERE instance_id = '${school}' AND username LIKE 'rush-%';`]
      : insertRows(
          'users',
          RUSH_ACCOUNTS.map((username) => ({
            id: `bench-${username}`,
            instance_id: school,
            username,
            password_hash: hash,
            account_type: 'student',
            status: 'active',
          })),
        ),
    where,
    binding,
  );
}
