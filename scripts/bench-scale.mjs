// Times the platform's screens at the scale run's size (after `node scripts/seed-scale.mjs`): the
// superadmin's schools, a school's student list, a class's finance page, the school's and the
// platform's activity log, a class's daily attendance sheet and its report cards' data: median and p95 of 20 calls after a
// warm-up, on local workerd (the production build: `npm run build` first), and the answers' size.
// Writes bench-results/scale.json.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { DEMO_PASSWORD } from './demo-accounts.ts';

process.env.PORTAIL_STATE_DIR ??= '.wrangler/scale-state';
const port = Number(process.env.PORT ?? 8841);
const kb = (n) => `${(n / 1024).toFixed(1)} Ko`;

// A school answers on its own host name; Node's fetch drops a Host header, node:http keeps it.
const call = (host, method, path, { token, body } = {}) =>
  new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `/api${path}`,
        headers: {
          host: `${host}:${port}`,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });

async function signIn(host, username) {
  const res = await call(host, 'POST', '/login', { body: { username, password: DEMO_PASSWORD } });
  if (res.status !== 200) throw new Error(`connexion ${username}@${host} : ${res.status} ${res.text}`);
  return JSON.parse(res.text).accessToken;
}

const results = [];
async function measure(label, host, token, path) {
  const times = [];
  let text = '';
  for (let i = 0; i < 21; i++) {
    const start = performance.now();
    const res = await call(host, 'GET', path, { token });
    text = res.text;
    if (res.status !== 200) throw new Error(`${path} : ${res.status} ${text.slice(0, 200)}`);
    if (i > 0) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const result = {
    label,
    path,
    medianMs: Math.round(times[10]),
    p95Ms: Math.round(times[18]),
    bytes: Buffer.byteLength(text),
    gzipBytes: gzipSync(text).length,
  };
  console.log(
    `${label} : médiane ${result.medianMs} ms, p95 ${result.p95Ms} ms, ${kb(result.bytes)} (${kb(result.gzipBytes)} gzip)`,
  );
  results.push(result);
  return JSON.parse(text);
}

const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(port)], {
  stdio: 'ignore',
  env: { ...process.env, PORT: String(port), CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
});
try {
  for (let i = 0; i < 120; i++) {
    if (
      await call('localhost', 'GET', '/instance/default').then(
        (r) => r.status === 200,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const platform = await signIn('localhost', 'superadmin');
  const schools = await measure(
    'GET /api/superadmin/schools (toutes les écoles et leurs effectifs)',
    'localhost',
    platform,
    '/superadmin/schools',
  );
  const pupils = schools.reduce((sum, s) => sum + s.students, 0);
  console.log(`  ${schools.length} écoles, ${pupils} élèves actifs`);
  await measure(
    'GET /api/superadmin/audit-logs page 1 (toutes les écoles)',
    'localhost',
    platform,
    '/superadmin/audit-logs?page=1&limit=20',
  );
  await measure(
    'GET /api/superadmin/audit-logs page 500',
    'localhost',
    platform,
    '/superadmin/audit-logs?page=500&limit=20',
  );
  await measure(
    'GET /api/superadmin/audit-logs une école',
    'localhost',
    platform,
    '/superadmin/audit-logs?page=1&limit=20&schoolId=scale-ecole-150',
  );
  await measure(
    'GET /api/superadmin/audit-logs recherche et période',
    'localhost',
    platform,
    '/superadmin/audit-logs?page=1&limit=20&searchTerm=CREATE_PAYMENT&startDate=2026-01-01&endDate=2026-01-31',
  );

  for (const n of ['001', '150']) {
    const host = `ecole-${n}.scale.localhost`;
    const token = await signIn(host, 'admin');
    const years = JSON.parse((await call(host, 'GET', '/school-years', { token })).text);
    const year = years.find((y) => y.is_current);
    await measure(
      `[${n}] GET /api/students-with-enrollment-status page 1`,
      host,
      token,
      `/students-with-enrollment-status?yearId=${year.id}&page=1&limit=25&includeArchived=false`,
    );
    await measure(
      `[${n}] GET /api/students-with-enrollment-status recherche`,
      host,
      token,
      `/students-with-enrollment-status?yearId=${year.id}&page=1&limit=25&includeArchived=false&search=marie`,
    );
    await measure(
      `[${n}] GET /api/enrollments (page finances de la classe 7e AF)`,
      host,
      token,
      `/enrollments?className=${encodeURIComponent('7e AF')}&yearId=${year.id}`,
    );
    await measure(
      `[${n}] GET /api/enrollments/all (Rapport Financier page 1)`,
      host,
      token,
      `/enrollments/all?page=1&limit=25&yearId=${year.id}`,
    );
    await measure(`[${n}] GET /api/admin/audit-logs page 1`, host, token, '/admin/audit-logs?page=1&limit=20');
    await measure(
      `[${n}] GET /api/admin/audit-logs recherche`,
      host,
      token,
      '/admin/audit-logs?page=1&limit=20&searchTerm=joseph',
    );
    if (n === '001') {
      await measure(
        `[${n}] GET /api/daily-attendance-report (7e AF, 6 jours)`,
        host,
        token,
        `/daily-attendance-report?yearId=${year.id}&className=${encodeURIComponent('7e AF')}&startDate=2026-03-02&endDate=2026-03-07`,
      );
      // The report cards of a class: every grade of its year, whatever the platform's size (5 statements).
      const [period] = JSON.parse((await call(host, 'GET', `/academic-periods?yearId=${year.id}`, { token })).text);
      await measure(
        `[${n}] GET /api/bulk-report-data (7e AF, ${period.name})`,
        host,
        token,
        `/bulk-report-data?yearId=${year.id}&className=${encodeURIComponent('7e AF')}&periodId=${period.id}`,
      );
    }
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/scale.json', JSON.stringify({ schools: schools.length, pupils, results }, null, 2));
} finally {
  server.kill();
}
