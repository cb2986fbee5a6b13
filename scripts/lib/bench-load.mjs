// A mixed load on the local portal (issue 27): `clients` clients at once, each looping over the
// requests a school's morning sends — reads with a session, writes the server refuses before
// reading their body (no session: 401; a teacher on an administrator's route: 403; a malformed
// token: 401), a write refused by validation (400) — for `durationMs`. Counts every answer by
// status and, apart, the HTML 500s and the network failures: the local preview once answered
// about 9 % of refused writes with an HTML 500 'TypeError: fetch failed' (docs/decisions/233).
// Used by `npm run bench` and on its own: `node scripts/lib/bench-load.mjs http://localhost:8787`.
import { DEMO_PASSWORD } from '../demo-accounts.ts';

/** A JSON body of about `size` bytes (the refused writes carry real bodies, as the app sends). */
const bodyOf = (size) => JSON.stringify({ note: 'x'.repeat(size), id: crypto.randomUUID() });

async function signIn(base, username) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`connexion de ${username} : ${res.status} ${await res.text()}`);
  return (await res.json()).accessToken;
}

/**
 * Runs the load; answers the counts: `total`, `byStatus`, `html500` (HTML 500 answers: the
 * local preview's own error page), `networkErrors` (fetch threw) and `examples` of each failure.
 */
export async function loadRun(base, { clients = 50, durationMs = 20_000, bodyBytes = 4_000 } = {}) {
  const [admin, teacher] = [await signIn(base, 'secretaire'), await signIn(base, 'prof')];
  const kinds = [
    // Refused before the body is read.
    { name: 'POST sans session (401)', method: 'POST', path: '/api/students', token: null, body: true },
    {
      name: 'PUT jeton invalide (401)',
      method: 'PUT',
      path: '/api/user/change-password',
      token: 'abc.def.ghi',
      body: true,
    },
    {
      name: 'POST professeur sur une route admin (403)',
      method: 'POST',
      path: '/api/register',
      token: teacher,
      body: true,
    },
    {
      name: 'POST professeur, gros corps (403)',
      method: 'POST',
      path: '/api/students',
      token: teacher,
      body: true,
      big: true,
    },
    // Read and answered.
    { name: 'GET lecture (200)', method: 'GET', path: '/api/students-with-enrollment-status?page=1', token: admin },
    { name: 'GET instance (200)', method: 'GET', path: '/api/instance/current', token: admin },
    {
      name: 'PUT refusé par validation (400)',
      method: 'PUT',
      path: '/api/user/change-password',
      token: admin,
      body: true,
    },
  ];
  const result = { clients, durationMs, total: 0, byStatus: {}, html500: 0, networkErrors: 0, examples: [] };
  const end = Date.now() + durationMs;
  const note = (what) => {
    if (result.examples.length < 5) result.examples.push(what);
  };
  const client = async (n) => {
    for (let i = n; Date.now() < end; i++) {
      const kind = kinds[i % kinds.length];
      const headers = { Accept: 'application/json' };
      if (kind.token) headers.Authorization = `Bearer ${kind.token}`;
      if (kind.body) headers['Content-Type'] = 'application/json';
      try {
        const res = await fetch(`${base}${kind.path}`, {
          method: kind.method,
          headers,
          ...(kind.body ? { body: bodyOf(kind.big ? bodyBytes * 50 : bodyBytes) } : {}),
        });
        const text = await res.text();
        result.total++;
        result.byStatus[res.status] = (result.byStatus[res.status] ?? 0) + 1;
        if (res.status >= 500 && (res.headers.get('Content-Type') ?? '').includes('text/html')) {
          result.html500++;
          note(`${kind.name} : ${res.status} ${text.slice(0, 120).replace(/\s+/g, ' ')}`);
        }
      } catch (error) {
        result.total++;
        result.networkErrors++;
        note(`${kind.name} : ${error.cause?.code ?? error.message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  return result;
}

export const loadReport = (r) => [
  `Charge mixte (${r.clients} clients, ${r.durationMs / 1000} s) : ${r.total} requêtes, ` +
    `${r.html500} réponses HTML 500, ${r.networkErrors} échecs réseau ; statuts ${JSON.stringify(r.byStatus)}`,
  ...r.examples.map((e) => `    ${e}`),
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://localhost:8787';
  const result = await loadRun(base, { clients: Number(process.env.CLIENTS ?? 50) });
  for (const line of loadReport(result)) console.log(line);
  process.exit(result.html500 + result.networkErrors > 0 ? 1 : 0);
}
