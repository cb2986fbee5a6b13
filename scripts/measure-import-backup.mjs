// Figures of issue 30 on a running portal (`PORT=8908 npm start`, then
// `node scripts/measure-import-backup.mjs http://localhost:8908`): a register of 2,000 lines
// imported into the large demo school (Collège Démo) through the calls the import screen makes
// (the preview in batches of 500, then the writes in batches of 100), and the school's backup
// (size and time, streamed to the end). Writes 2,000 students into the local demo school.
import { DEMO_PASSWORD } from './demo-accounts.ts';

const origin = process.argv[2] ?? 'http://localhost:8787';
const LINES = 2000;

async function token(username) {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  return (await res.json()).accessToken;
}

const call = async (bearer, method, path, body) => {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
};

const secretaire = await token('secretaire');
const bootstrap = await (await call(secretaire, 'GET', '/bootstrap')).json();
const year = bootstrap.years.find((y) => y.is_current) ?? bootstrap.years[0];
const classes = bootstrap.classes.map((c) => c.name);
const run = Date.now().toString(36);
const lines = Array.from({ length: LINES }, (_, i) => ({
  line: i + 2,
  id: crypto.randomUUID(),
  nom: `Mesure${run}`,
  prenom: `Élève${i}`,
  sexe: i % 2 ? 'M' : 'F',
  date_of_birth: `${2008 + (i % 8)}-0${(i % 9) + 1}-${String((i % 28) + 1).padStart(2, '0')}`,
  birth_place: 'Jacmel',
  address: 'Delmas 33',
  nisu: '',
  className: classes[i % classes.length],
  tutor_name: `Parent ${i}`,
  tutor_phone: '3712 3456',
  tutor_email: '',
}));

let started = performance.now();
for (let i = 0; i < LINES; i += 500) {
  await call(secretaire, 'POST', '/students/import/check', { yearId: year.id, lines: lines.slice(i, i + 500) });
}
const checked = performance.now() - started;
started = performance.now();
let created = 0;
for (let i = 0; i < LINES; i += 100) {
  const answer = await (
    await call(secretaire, 'POST', '/students/import', { yearId: year.id, lines: lines.slice(i, i + 100) })
  ).json();
  created += answer.created;
}
const written = performance.now() - started;
console.log(
  `Import of ${LINES} lines: preview ${(checked / 1000).toFixed(1)} s, write ${(written / 1000).toFixed(1)} s (${created} created), total ${((checked + written) / 1000).toFixed(1)} s`,
);

const superadmin = await token('superadmin');
const schools = await (await call(superadmin, 'GET', '/superadmin/schools')).json();
const school = schools.find((s) => s.name.includes('Collège')) ?? schools[0];
started = performance.now();
const res = await call(superadmin, 'POST', `/superadmin/schools/${school.id}/backup`);
let bytes = 0;
for await (const chunk of res.body) bytes += chunk.length;
console.log(
  `Backup of ${school.name} (${school.students} pupils): ${(bytes / 1024 / 1024).toFixed(2)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
