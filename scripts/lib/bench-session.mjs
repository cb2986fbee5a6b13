// A school day's bytes on a phone (issue 12, decision 180): Chromium at 360 x 740 drives one
// secretary session through the edge stand-in (scripts/lib/edge.mjs), counting the bytes on the
// socket, headers included, per step: a. open /login, b. sign in, c. the student list, d. one
// student's sheet, e. back to the dashboard and a payment of 1000 on a class finance page,
// g. sign out; then f. the teacher's grade entry of 33 students. Cold: a new browser profile.
// Warm: the same profile reopened (service worker and HTTP cache in place), signing in again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { DEMO_PASSWORD } from '../demo-accounts.ts';
import { searchKey } from '../../worker/domain/text.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { startEdge } from './edge.mjs';
import { startPreview as startSharedPreview } from './preview.mjs';
import { ensureDevVars, prepareLocalDatabase } from './local.mjs';

export const SESSION_STATE_DIR = '.wrangler/bench-session-state';
const SCHOOL = 'demo-ecole-1';
/** The teacher's class of step f: 33 pupils, the demo teacher's mathematics. */
export const GRADE_CLASS = 'Banc 33';
const GRADE_PUPILS = 33;
/** No request for this long: the step's work, the service worker's included, is over. */
const QUIET_MS = 1500;

export const STEPS = {
  a: 'a. ouvrir /login',
  b: 'b. connexion, tableau de bord',
  c: 'c. liste des élèves',
  d: "d. fiche d'un élève",
  e: 'e. tableau de bord, versement de 1000',
  g: 'g. déconnexion',
  f: 'f. saisie de 33 notes (professeur)',
};

/** The phone: 360 x 740 at 2x, touch, a mobile Chrome. */
export const phone = (extra = {}) => ({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 7'].userAgent,
  locale: 'fr-FR',
  timezoneId: 'America/Port-au-Prince',
  ...extra,
});

/**
 * A fresh local database with the demo schools in `stateDir` and the teacher's class of 33 pupils
 * (with the demo teacher's mathematics), for the session bench only.
 */
export async function prepareSessionState(stateDir = SESSION_STATE_DIR) {
  const { insertRows } = await import('./sql.mjs');
  const { d1ExecuteStatements, d1Query } = await import('./wrangler.mjs');
  const previous = process.env.PORTAIL_STATE_DIR;
  process.env.PORTAIL_STATE_DIR = stateDir;
  try {
    rmSync(stateDir, { recursive: true, force: true });
    ensureDevVars();
    await prepareLocalDatabase();
    const where = ['--local', '--persist-to', stateDir];
    // The school's rows are in its own database (the directory names it; NULL: the directory's).
    const [{ shard }] = d1Query(`SELECT shard FROM instances WHERE id = '${SCHOOL}'`, where);
    const binding = shard ?? 'DIRECTORY';
    const [year] = d1Query(
      `SELECT id FROM school_years WHERE instance_id = '${SCHOOL}' AND is_current = 1`,
      where,
      binding,
    );
    const [teacher] = d1Query(
      `SELECT t.id FROM teachers t JOIN users u ON u.instance_id = t.instance_id AND u.id = t.user_id WHERE t.instance_id = '${SCHOOL}' AND u.username = 'prof'`,
      where,
      binding,
    );
    const [subject] = d1Query(
      `SELECT id FROM subjects WHERE instance_id = '${SCHOOL}' AND name = 'Mathématiques'`,
      where,
      binding,
    );
    const classId = 'bench-class-33';
    const lastNames = [
      'Jean',
      'Pierre',
      'Joseph',
      'Louis',
      'Charles',
      'Étienne',
      'Dorsainvil',
      'Casséus',
      'Paul',
      'Augustin',
      'Désir',
    ];
    const firstNames = [
      'Wideline',
      'Kervens',
      'Nadège',
      'Ricardo',
      'Esther',
      'Jameson',
      'Fabienne',
      'Wilner',
      'Judith',
      'Frantz',
    ];
    const students = [];
    const enrollments = [];
    for (let n = 0; n < GRADE_PUPILS; n++) {
      const nom = `${lastNames[n % lastNames.length]}`;
      const prenom = `${firstNames[(n * 7) % firstNames.length]} ${String.fromCharCode(65 + (n % 26))}${n >= 26 ? n : ''}`;
      students.push({
        id: `bench-33-student-${n}`,
        instance_id: SCHOOL,
        nisu: null,
        nom,
        prenom,
        nom_key: searchKey(nom),
        prenom_key: searchKey(prenom),
        sexe: n % 2 ? 'M' : 'F',
        date_of_birth: '2012-03-04',
        address: 'Delmas 33',
        tutor_name: 'Tuteur Banc',
        tutor_phone: '+509 3712 3456',
        tutor_email: null,
        medical_notes: null,
        status: 'active',
      });
      enrollments.push({
        id: `bench-33-enrollment-${n}`,
        instance_id: SCHOOL,
        student_id: `bench-33-student-${n}`,
        year_id: year.id,
        class_id: classId,
        mppa: 2_500_000,
      });
    }
    d1ExecuteStatements(
      [
        ...insertRows('classes', [{ id: classId, instance_id: SCHOOL, name: GRADE_CLASS, order_index: 99 }]),
        ...insertRows('curriculum', [
          {
            id: 'bench-curriculum-33',
            instance_id: SCHOOL,
            year_id: year.id,
            class_id: classId,
            subject_id: subject.id,
            max_grade: 10000,
          },
        ]),
        ...insertRows('assignments', [
          {
            id: 'bench-assignment-33',
            instance_id: SCHOOL,
            year_id: year.id,
            teacher_id: teacher.id,
            class_id: classId,
            subject_id: subject.id,
          },
        ]),
        ...insertRows('students', students),
        ...insertRows('enrollments', enrollments),
      ],
      where,
      binding,
    );
  } finally {
    if (previous === undefined) delete process.env.PORTAIL_STATE_DIR;
    else process.env.PORTAIL_STATE_DIR = previous;
  }
}

/** The production build on `port` over the session's own database (scripts/lib/preview.mjs). */
export const startPreview = (port, stateDir = SESSION_STATE_DIR) => startSharedPreview(port, { stateDir });

/** Waits until no request has been open for QUIET_MS (the service worker's background work included). */
export async function settle(edge, max = 60_000) {
  const start = Date.now();
  while (edge.quietFor() < QUIET_MS) {
    if (Date.now() - start > max) throw new Error(`le réseau ne se calme pas (${edge.inflight()} requête(s) en cours)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens the phone's menu when the top bar is compact. */
export async function openMenuIfCompact(page) {
  const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
  if (await toggle.isVisible()) await toggle.click();
}

/** Signs `username` in from the sign-in page shown, and waits for `home`. */
export async function signIn(page, username, home) {
  await page.locator('#first-paint').waitFor({ state: 'detached' });
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.pathname === home, { waitUntil: 'commit' });
}

/** Signs out through the menu and waits for the sign-in page's form. */
export async function signOut(page) {
  await openMenuIfCompact(page);
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await page.waitForURL((url) => url.pathname === '/login', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Se connecter' }).waitFor();
}

/** The secretary's steps a..g, each settled; `run(key, body)` counts a step. */
async function secretarySession(page, edge, run) {
  await run('a', async () => {
    await page.goto(`${edge.url}/login`, { waitUntil: 'networkidle' });
    // The app's own form has taken over the first paint's.
    await page.locator('#first-paint').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  });
  await run('b', async () => {
    await signIn(page, 'secretaire', '/dashboard');
    await page.getByRole('link', { name: /^Gestion des Élèves/ }).waitFor();
    await page.getByRole('heading', { level: 1 }).filter({ hasText: /\S/ }).waitFor();
  });
  await run('c', async () => {
    await page.getByRole('link', { name: /^Gestion des Élèves/ }).click();
    await page.getByRole('heading', { name: 'Gestion des Élèves', level: 1 }).waitFor();
    await page.getByText('Page 1 sur').waitFor();
  });
  await run('d', async () => {
    await page
      .getByRole('button', { name: /^Voir la fiche de / })
      .first()
      .click();
    const sheet = page.getByRole('dialog', { name: "Fiche de l'Élève" });
    await sheet.waitFor();
    await sheet.getByRole('button', { name: 'Imprimer' }).waitFor();
    await sheet.getByRole('button', { name: 'Fermer' }).first().click();
    await sheet.waitFor({ state: 'hidden' });
  });
  await run('e', async () => {
    await openMenuIfCompact(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Tableau de bord' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard', { waitUntil: 'commit' });
    const quick = page.locator('.quick-payments').getByRole('link').first();
    await quick.click();
    await page.getByRole('heading', { name: /^Classe : / }).waitFor();
    const row = page
      .locator('tr[data-testid^="roster-row-"]')
      .filter({ has: page.locator('.balance-due') })
      .first();
    await row.getByRole('button', { name: /^Nouveau versement / }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau versement' });
    await dialog.getByLabel('Montant').fill('1000');
    await dialog.getByRole('button', { name: 'Enregistrer le versement' }).click();
    const over = page.getByRole('dialog', { name: 'Versement supérieur au solde' });
    const done = page.getByRole('dialog', { name: 'Versement enregistré' });
    await over.or(done).first().waitFor();
    if (await over.isVisible()) await over.getByRole('button', { name: 'Enregistrer quand même' }).click();
    await done.getByText(/^Reçu n° \d+/).waitFor();
    await done.getByRole('button', { name: 'Fermer' }).click();
    await done.waitFor({ state: 'hidden' });
  });
  await run('g', () => signOut(page));
}

/**
 * From the teacher's space (/teacher, 'Mes Cours' shown): opens the book of the class of 33, adds
 * the evaluation `label` (sur 10), types its 33 scores and waits until none is pending.
 */
export async function typeScores(page, label) {
  await page.getByRole('link', { name: `Carnet de notes : Mathématiques, ${GRADE_CLASS}` }).click();
  await page.getByRole('heading', { name: `Carnet de notes · ${GRADE_CLASS}` }).waitFor();
  const rows = page.locator('.gradebook-table tbody tr');
  await rows.first().waitFor();
  await page.getByLabel('Nom', { exact: true }).fill(label);
  await page.getByLabel('Sur', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Ajouter' }).click();
  const inputs = page.getByLabel(new RegExp(`^Note de .+ en ${label} \\(sur 10\\)$`));
  if ((await inputs.count()) === 0) await inputs.first().waitFor();
  const count = await inputs.count();
  if (count !== GRADE_PUPILS) throw new Error(`le carnet de notes montre ${count} élèves au lieu de ${GRADE_PUPILS}`);
  for (let i = 0; i < count; i++) {
    await inputs.nth(i).click();
    await inputs.nth(i).pressSequentially(String((i * 7) % 11));
  }
  await inputs.nth(count - 1).blur();
  await page.getByText(/notes? en attente d'envoi/).waitFor({ state: 'detached', timeout: 60_000 });
}

/** Step f: the demo teacher signs in, types 33 scores in the class of 33 (typeScores), then signs out. */
async function teacherGradeEntry(page, run, label) {
  await run('f', async () => {
    await signIn(page, 'prof', '/teacher');
    await typeScores(page, label);
    await signOut(page);
  });
}

/**
 * Runs one visit (a..g, then f when `teacher`) in the browser profile `profile`, counting on the
 * edge; answers the requests of each step.
 */
async function visit(edge, profile, { teacher, label }) {
  const context = await chromium.launchPersistentContext(profile, phone());
  const steps = {};
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    edge.reset();
    const run = async (key, body) => {
      edge.mark(key);
      await body();
      await settle(edge);
      steps[key] = edge.requests().filter((r) => r.step === key);
    };
    try {
      await secretarySession(page, edge, run);
      if (teacher) await teacherGradeEntry(page, run, label);
    } catch (error) {
      await page.screenshot({ path: 'bench-results/session-failure.png' }).catch(() => {});
      throw error;
    }
  } finally {
    edge.mark('closing');
    await context.close();
  }
  return steps;
}

/** Bytes down and up, headers and bodies down, and requests of `entries` (the edge's log rows). */
export const sum = (entries) =>
  entries.reduce(
    (t, e) => ({
      down: t.down + e.down,
      up: t.up + e.up,
      headersDown: t.headersDown + e.headersDown,
      bodyDown: t.bodyDown + e.bodyDown,
      requests: t.requests + 1,
    }),
    { down: 0, up: 0, headersDown: 0, bodyDown: 0, requests: 0 },
  );

/** One step's figures: its label, totals, the biggest requests and every request. */
export const stepSummary = (label, entries) => ({
  label,
  ...sum(entries),
  biggest: [...entries]
    .sort((x, y) => y.down - x.down)
    .slice(0, 5)
    .map(({ method, path, status, down, headersDown }) => ({ method, path, status, down, headersDown })),
  requestsLog: entries.map(({ method, path, status, down, up, headersDown, bodyDown, gzip, br, type }) => ({
    method,
    path,
    status,
    down,
    up,
    headersDown,
    bodyDown,
    gzip,
    br,
    type,
  })),
});

/** Per step and in total (a-e,g; with f): bytes down and up, headers and bodies, requests, the biggest requests. */
function summarize(steps) {
  const out = { steps: {}, session: null, withGradeEntry: null };
  for (const [key, entries] of Object.entries(steps)) {
    out.steps[key] = stepSummary(STEPS[key], entries);
  }
  const secretary = ['a', 'b', 'c', 'd', 'e', 'g'].flatMap((k) => steps[k] ?? []);
  out.session = sum(secretary);
  if (steps.f) {
    out.withGradeEntry = sum([...secretary, ...steps.f]);
    // The scores' own writes in step f (decision 270): their requests and bytes.
    out.gradeWrites = sum(steps.f.filter((e) => e.method === 'POST' && /^\/api\/grades(\/|$|\?)/.test(e.path)));
  }
  return out;
}

/**
 * The session bench: a fresh database, one preview on `upstreamPort`, the edge on `edgePort`,
 * a cold visit then a warm one in the same profile. With `teacher`, step f too; `more(edge)`
 * runs on the same edge afterwards (the slow-network figures).
 */
export async function measureSession({
  edgePort = 8791,
  upstreamPort = 8792,
  teacher = true,
  stateDir = SESSION_STATE_DIR,
  more,
} = {}) {
  await prepareSessionState(stateDir);
  const server = await startPreview(upstreamPort, stateDir);
  const edge = await startEdge({ port: edgePort, upstreamPort }).catch((error) => {
    server.kill();
    throw new Error(
      `Le bord simulé ne peut pas écouter sur le port ${edgePort} (BENCH_SESSION_PORT) : ${error.message}`,
    );
  });
  const profile = mkdtempSync(join(tmpdir(), 'portail-bench-'));
  try {
    const cold = summarize(await visit(edge, profile, { teacher, label: 'Devoir A' }));
    const warm = summarize(await visit(edge, profile, { teacher, label: 'Devoir B' }));
    const extra = more ? await more(edge) : undefined;
    return { cold, warm, extra };
  } finally {
    await edge.close();
    server.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * The session's budgets (issue 12): bytes down of the secretary's a-e,g, cold and warm (held at
 * 270 KB cold by decision 245, back at 250 since decisions 271 and 272); and the whole session
 * a-g with the teacher's step f (issues 29, 39): 250 KB cold, the office's register and the
 * teacher's coming week included, since the screens' files travel in packs (decision 363).
 */
export const SESSION_BUDGETS = {
  cold: 250 * 1024,
  warm: 12 * 1024,
  coldWithGradeEntry: 250 * 1024,
  warmWithGradeEntry: 12 * 1024,
};

/** The 33 scores of step f (issue 29, decision 270): at most 4 requests, at most 3 KB down warm. */
export const GRADE_WRITE_BUDGETS = { requests: 4, warm: 3 * 1024 };

/**
 * The peer's figures (README, 'Chiffres'): RosarioSIS on Apache with gzip and cache headers, its
 * best case, for the secretary's session with a grade entry.
 */
export const PEER = { cold: 748 * 1024, warm: 35.9 * 1024 };

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const short = (path) => {
  const bare = path.replace(/\?.*$/, '');
  return bare.length > 48 ? `${bare.slice(0, 47)}…` : bare;
};

/** The session's table in French, for `npm run bench`; answers the lines. */
export function sessionReport({ cold, warm }) {
  const lines = [
    "Session d'une secrétaire sur un téléphone (360 px), à travers un bord simulé (gzip niveau 6, fichiers construits en Brotli 11, HTTP/1.1) :",
    'octets sur le socket, en-têtes compris ; reçus / envoyés, requêtes ; froid = nouveau navigateur, chaud = le lendemain (service worker en place)',
  ];
  const cell = (s) =>
    s ? `${kb(s.down).padStart(9)} / ${kb(s.up).padStart(8)}, ${String(s.requests).padStart(3)} req.` : '-';
  lines.push(`  ${'étape'.padEnd(40)} ${'froid'.padEnd(30)} chaud`);
  const keys = Object.keys(STEPS).filter((k) => cold.steps[k] || warm.steps[k]);
  for (const key of keys.filter((k) => k !== 'f'))
    lines.push(`  ${STEPS[key].padEnd(40)} ${cell(cold.steps[key]).padEnd(30)} ${cell(warm.steps[key])}`);
  lines.push(`  ${'total a-e,g'.padEnd(40)} ${cell(cold.session).padEnd(30)} ${cell(warm.session)}`);
  const split = (s) => `en-têtes ${kb(s.headersDown)}, corps ${kb(s.bodyDown)}`;
  lines.push(`  ${'  dont reçus'.padEnd(40)} ${split(cold.session).padEnd(30)} ${split(warm.session)}`);
  lines.push(`  ${'  budget'.padEnd(40)} ${kb(SESSION_BUDGETS.cold).padEnd(30)} ${kb(SESSION_BUDGETS.warm)}`);
  if (cold.steps.f || warm.steps.f) {
    lines.push(`  ${STEPS.f.padEnd(40)} ${cell(cold.steps.f).padEnd(30)} ${cell(warm.steps.f)}`);
    lines.push(`  ${'total avec f'.padEnd(40)} ${cell(cold.withGradeEntry).padEnd(30)} ${cell(warm.withGradeEntry)}`);
    lines.push(
      `  ${'  budget avec f'.padEnd(40)} ${kb(SESSION_BUDGETS.coldWithGradeEntry).padEnd(30)} ${kb(SESSION_BUDGETS.warmWithGradeEntry)}`,
    );
    lines.push(`  ${'  pair (RosarioSIS, même session)'.padEnd(40)} ${kb(PEER.cold).padEnd(30)} ${kb(PEER.warm)}`);
    if (cold.gradeWrites || warm.gradeWrites)
      lines.push(
        `  ${'  dont les 33 notes (POST /api/grades…)'.padEnd(40)} ${cell(cold.gradeWrites).padEnd(30)} ${cell(warm.gradeWrites)}`,
        `  ${'  budget des notes'.padEnd(40)} ${`${GRADE_WRITE_BUDGETS.requests} req.`.padEnd(30)} ${kb(GRADE_WRITE_BUDGETS.warm)}, ${GRADE_WRITE_BUDGETS.requests} req.`,
      );
  }
  for (const [name, visit] of [
    ['froid', cold],
    ['chaud', warm],
  ]) {
    lines.push(`  Plus grosses requêtes (${name}) :`);
    for (const key of keys) {
      const step = visit.steps[key];
      if (!step || step.requests === 0) continue;
      const top = step.biggest
        .slice(0, Number(process.env.BENCH_TOP ?? 3))
        .map((r) => `${r.method === 'GET' ? '' : `${r.method} `}${short(r.path)} ${r.status} ${kb(r.down)}`);
      lines.push(`    ${key}. ${top.join(' ; ')}`);
    }
  }
  return lines;
}

/** The budget overruns of a session, in French (none: an empty list). */
export function sessionOverruns({ cold, warm }) {
  const over = [];
  const exact = (bytes) => `${kb(bytes)} (${bytes} octets)`;
  if (cold.session.down > SESSION_BUDGETS.cold)
    over.push(`session froide ${exact(cold.session.down)} > budget ${exact(SESSION_BUDGETS.cold)}`);
  if (warm.session.down > SESSION_BUDGETS.warm)
    over.push(`session chaude ${exact(warm.session.down)} > budget ${exact(SESSION_BUDGETS.warm)}`);
  if (cold.withGradeEntry && cold.withGradeEntry.down > SESSION_BUDGETS.coldWithGradeEntry)
    over.push(
      `session froide avec f ${exact(cold.withGradeEntry.down)} > budget ${exact(SESSION_BUDGETS.coldWithGradeEntry)}`,
    );
  if (warm.withGradeEntry && warm.withGradeEntry.down > SESSION_BUDGETS.warmWithGradeEntry)
    over.push(
      `session chaude avec f ${exact(warm.withGradeEntry.down)} > budget ${exact(SESSION_BUDGETS.warmWithGradeEntry)}`,
    );
  for (const [name, visit] of [
    ['froide', cold],
    ['chaude', warm],
  ]) {
    const writes = visit.gradeWrites;
    if (!writes) continue;
    if (writes.requests > GRADE_WRITE_BUDGETS.requests)
      over.push(`33 notes (visite ${name}) : ${writes.requests} requêtes > budget ${GRADE_WRITE_BUDGETS.requests}`);
  }
  if (warm.gradeWrites && warm.gradeWrites.down > GRADE_WRITE_BUDGETS.warm)
    over.push(`33 notes (visite chaude) : ${exact(warm.gradeWrites.down)} > budget ${exact(GRADE_WRITE_BUDGETS.warm)}`);
  return over;
}
