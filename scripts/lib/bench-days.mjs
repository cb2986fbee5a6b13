// Two more days on a phone (issue 29, decision 295), by the session bench's method (decision 180):
// Chromium at 360 px through the edge stand-in (scripts/lib/edge.mjs), bytes on the socket,
// headers included, per step; cold = a new profile, warm = the same profile the next day.
// - A teacher's own day on his own phone: a. open /login, b. sign in as 'prof', c. from his week,
//   a lesson's roll call with three absences (the write lands), d. a new evaluation of the class
//   of 33 (bench-session.mjs's 'Banc 33') and its 33 scores, e. the support chat read, f. sign out.
// - A pupil's day on the installed student portal: a. open /login, b. sign in as 'eleve' (the
//   dashboard), c. Notes, d. Finances, e. the preview of the demo's PDF resource, f. sign out.
// - The same pupil's day in Kreyòl (issue 42): Kreyòl chosen on the sign-in page of the new phone
//   (step a; the next day it is already chosen), the account put back to French afterwards.
// - A guardian's week (issue 43, decision 361): the demo's mother signs in once on the family's
//   phone (her children), then opens three alerts (each a tap that opens a child's page: the
//   first child's, the second's, the first's again: balance and absences), and signs out.
// The days run on the session bench's preview and edge, after the secretary's visits (the demo's
// support conversation and resources, which live in the Durable Object and R2, are written first
// through the portal, as `npm start` does).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { runnerImport } from 'vite';
import { DEMO_GUARDIAN, DEMO_PASSWORD } from '../demo-accounts.ts';
import { phone, settle, signIn, signOut, stepSummary, sum, typeScores } from './bench-session.mjs';

export const TEACHER_DAY_STEPS = {
  a: 'a. ouvrir /login',
  b: 'b. connexion, ses cours',
  c: "c. appel d'une classe (3 absences)",
  d: 'd. nouvelle évaluation, 33 notes',
  e: 'e. conversation de support',
  f: 'f. déconnexion',
};

export const PUPIL_DAY_STEPS = {
  a: 'a. ouvrir /login',
  b: 'b. connexion, tableau de bord',
  c: 'c. Notes',
  d: 'd. Finances',
  e: "e. aperçu d'une ressource (PDF)",
  f: 'f. déconnexion',
};

export const GUARDIAN_WEEK_STEPS = {
  a: 'a. ouvrir /login',
  b: 'b. connexion, ses enfants',
  c: 'c. alerte 1 : page du 1er enfant',
  d: 'd. alerte 2 : page du 2e enfant',
  e: 'e. alerte 3 : page du 1er enfant',
  f: 'f. déconnexion',
};

/** Bytes down of each whole day (issue 29). */
export const DAY_BUDGETS = {
  teacher: { cold: 200 * 1024, warm: 10 * 1024 },
  pupil: { cold: 180 * 1024, warm: 8 * 1024 },
  /** The same day in Kreyòl (issue 42): the same budgets. */
  pupilKreyol: { cold: 180 * 1024, warm: 8 * 1024 },
  /** A guardian's week on a phone (issue 43). */
  guardian: { cold: 150 * 1024, warm: 6 * 1024 },
};

/**
 * Opening the installed app when nothing changed (issue 39): the teacher, signed in, comes back to
 * the app later (the browser stopped its service worker meanwhile): the shell from the phone, the
 * working set revalidated in one request, every part unchanged. Measured in the warm visit, after
 * the sign-in, apart from the day's total.
 */
export const REOPEN_STEP = { key: 'o', label: "o. rouvrir l'application (rien n'a changé)", budget: 1024 };

const DAYS = {
  teacher: { title: "Journée d'un professeur sur son téléphone", steps: TEACHER_DAY_STEPS },
  pupil: { title: "Journée d'un élève sur le portail installé", steps: PUPIL_DAY_STEPS },
  pupilKreyol: { title: "Journée d'un élève sur le portail installé, en kreyòl", steps: PUPIL_DAY_STEPS },
  guardian: { title: "Semaine d'un parent sur le téléphone de la famille", steps: GUARDIAN_WEEK_STEPS },
};

/**
 * The demo's texts the days wait for (its modules import without extensions: through Vite, as
 * scripts/lib/seed-demo-chat.mjs does). Vite's config sets NODE_ENV to 'development' when unset:
 * put back as it was, or every build and preview this process starts afterwards would be a
 * development one (React's dev JSX: 60 KB more on /login).
 */
async function demoTexts() {
  const before = process.env.NODE_ENV;
  try {
    const load = async (path) => (await runnerImport(path, { configFile: false, logLevel: 'error' })).module;
    const { DEMO_SUPPORT_CHAT } = await load('./scripts/demo/communications.ts');
    const { DEMO_RESOURCES } = await load('./scripts/demo/resources.ts');
    return { chat: DEMO_SUPPORT_CHAT, resources: DEMO_RESOURCES };
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

/** The demo's support conversation and resources, written through the preview on `port` (once per database). */
function seedDemoThroughPortal(port) {
  const seeded = spawnSync(process.execPath, ['scripts/lib/seed-demo-chat.mjs', String(port)], { encoding: 'utf8' });
  if (seeded.status !== 0)
    throw new Error(`La conversation et les ressources de démonstration n'ont pas pu être créées.\n${seeded.stderr}`);
}

/**
 * One visit in the browser profile `profile`: `script(page, run)` runs the steps, `run(key, body)`
 * counting one. The requests are grouped by step once the browser is closed, so that a socket
 * opened in a step (the support chat's) counts in it, as its bytes are known only when it closes.
 */
async function visitSteps(edge, profile, script) {
  const context = await chromium.launchPersistentContext(profile, phone());
  const keys = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    edge.reset();
    const run = async (key, body) => {
      keys.push(key);
      edge.mark(key);
      await body();
      await settle(edge);
    };
    try {
      await script(page, run);
    } catch (error) {
      await page.screenshot({ path: 'bench-results/day-failure.png' }).catch(() => {});
      throw error;
    }
  } finally {
    edge.mark('closing');
    await context.close();
  }
  // The sockets' counts land when the proxy sees them close.
  const start = Date.now();
  while (edge.inflight() > 0 && Date.now() - start < 5_000) await new Promise((r) => setTimeout(r, 50));
  const log = edge.requests();
  return Object.fromEntries(keys.map((key) => [key, log.filter((r) => r.step === key)]));
}

/** The teacher's day, `n` the visit (0 cold, 1 warm): the evaluation's name differs per visit. */
async function teacherDay(page, run, edge, n, demo) {
  await run('a', async () => {
    await page.goto(`${edge.url}/login`, { waitUntil: 'networkidle' });
    await page.locator('#first-paint').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  });
  await run('b', async () => {
    await signIn(page, 'prof', '/teacher');
    await page
      .getByRole('link', { name: /^Carnet de notes : / })
      .first()
      .waitFor();
  });
  await run('c', async () => {
    await page.getByRole('tab', { name: 'Mon Emploi du temps' }).click();
    const week = page.getByRole('group', { name: 'Emploi du temps de la semaine' });
    await week.getByRole('button').first().click();
    await page.waitForURL(/\/teacher\/attendance\?entry=.+&date=\d{4}-\d{2}-\d{2}$/, { waitUntil: 'commit' });
    await page.getByRole('heading', { name: /^Appel : / }).waitFor();
    const rows = page.locator('.roll-call-row');
    await rows.first().waitFor();
    // A roll call: everyone present when some are not marked yet, then three absences (pupils not
    // already absent: the warm visit marks three others than the cold one).
    const allPresent = page.getByRole('button', { name: 'Tous présents' });
    if (await allPresent.isEnabled()) await allPresent.click();
    let marked = 0;
    for (let i = 0, count = await rows.count(); i < count && marked < 3; i++) {
      const absent = rows.nth(i).getByRole('button', { name: / : Absent$/ });
      if ((await absent.getAttribute('aria-pressed')) === 'true') continue;
      await absent.click();
      marked++;
    }
    if (marked < 3) throw new Error("l'appel n'a pas trouvé trois élèves à marquer absents");
    await page
      .getByRole('status')
      .filter({ hasText: /élèves marqués · Enregistré$/ })
      .waitFor({ timeout: 30_000 });
    const saves = edge
      .requests()
      .filter((r) => r.step === 'c' && r.method === 'PUT' && r.path.startsWith('/api/teacher/attendance'));
    if (!saves.some((r) => r.status === 200)) throw new Error("l'appel n'a pas été enregistré par le serveur");
  });
  await run('d', async () => {
    await page.getByRole('link', { name: '← Mon espace' }).click();
    await page.getByRole('tab', { name: 'Mes Cours' }).click();
    await typeScores(page, n === 0 ? 'Interro A' : 'Interro B');
  });
  await run('e', async () => {
    await page.getByRole('link', { name: 'Retour à mes cours' }).click();
    await page.getByRole('tablist', { name: 'Espace Professeur' }).getByRole('tab', { name: 'Support' }).click();
    const chat = page.getByRole('region', { name: 'Support' });
    await chat.getByText(demo.chat.at(-1).content).waitFor();
  });
  await run('f', () => signOut(page));
}

/** What the pupil's day reads and taps, in French and in Kreyòl (issue 42). */
const PUPIL_WORDS = {
  fr: {
    signIn: 'Se connecter',
    username: "Nom d'utilisateur",
    password: 'Mot de passe',
    home: 'Tableau de Bord',
    hello: /^Bonjour, /,
    grades: 'Notes',
    average: /^Moyenne de la période \(sur (100|10)\) :/,
    finance: 'Finances',
    adjusted: 'MPPA ajusté',
    resources: 'Ressources',
    preview: 'Aperçu',
    previewOf: (title) => `Aperçu : ${title}`,
    download: 'Télécharger',
    close: 'Fermer',
    menu: 'Ouvrir le menu',
    logout: 'Déconnexion',
  },
  ht: {
    signIn: 'Konekte',
    username: 'Non itilizatè',
    password: 'Modpas',
    home: 'Akèy',
    hello: /^Bonjou, /,
    grades: 'Nòt',
    average: /^Mwayèn peryòd la \(sou (100|10)\) :/,
    finance: 'Finans',
    adjusted: 'MPPA apre ajisteman',
    resources: 'Resous',
    preview: 'Gade',
    previewOf: (title) => `Gade : ${title}`,
    download: 'Telechaje',
    close: 'Fèmen',
    menu: 'Louvri meni an',
    logout: 'Dekonekte',
  },
};

/** The pupil's day, in French or in Kreyòl (chosen on the sign-in page of a new phone: step a). */
async function pupilDay(page, run, edge, demo, language = 'fr') {
  const w = PUPIL_WORDS[language];
  const openMenu = async () => {
    const toggle = page.getByRole('button', { name: w.menu });
    if (await toggle.isVisible()) await toggle.click();
  };
  const menu = async (name) => {
    await openMenu();
    await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
  };
  await run('a', async () => {
    await page.goto(`${edge.url}/login`, { waitUntil: 'networkidle' });
    await page.locator('#first-paint').waitFor({ state: 'detached' });
    // A phone that chose Kreyòl the day before finds it chosen: the tap changes nothing.
    if (language === 'ht') await page.getByRole('button', { name: 'Kreyòl' }).click();
    await page.getByRole('button', { name: w.signIn }).waitFor();
  });
  await run('b', async () => {
    if (language === 'fr') await signIn(page, 'eleve', '/student');
    else {
      await page.getByLabel(w.username).fill('eleve');
      await page.getByLabel(w.password, { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: w.signIn }).click();
      await page.waitForURL((url) => url.pathname === '/student', { waitUntil: 'commit' });
    }
    await page.getByRole('heading', { name: w.home, level: 1 }).waitFor();
    await page.getByText(w.hello).waitFor();
  });
  await run('c', async () => {
    await menu(w.grades);
    await page.getByRole('heading', { name: w.grades, level: 1 }).waitFor();
    await page.getByText(w.average).first().waitFor();
  });
  await run('d', async () => {
    await menu(w.finance);
    await page.getByRole('heading', { name: w.finance, level: 1 }).waitFor();
    await page.getByText(w.adjusted).first().waitFor();
  });
  await run('e', async () => {
    await menu(w.resources);
    const title = demo.resources.pdf.title;
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await item.getByRole('button', { name: w.preview }).click();
    const preview = page.getByRole('dialog', { name: w.previewOf(title) });
    const frame = preview.locator('iframe.resource-frame');
    await frame.waitFor();
    if (!/^blob:/.test((await frame.getAttribute('src')) ?? '')) throw new Error("l'aperçu n'a pas de fichier");
    await preview.getByRole('link', { name: w.download }).waitFor();
    await preview.getByRole('button', { name: w.close }).click();
    await preview.waitFor({ state: 'hidden' });
  });
  await run('f', async () => {
    if (language === 'fr') return signOut(page);
    await openMenu();
    await page.getByRole('button', { name: w.logout }).click();
    await page.waitForURL((url) => url.pathname === '/login', { waitUntil: 'commit' });
    await page.getByRole('button', { name: w.signIn }).waitFor();
  });
}

/** The guardian's week: sign in once, three alerts opened (each a child's page, as a tap on one opens it), sign out. */
async function guardianWeek(page, run, edge) {
  await run('a', async () => {
    await page.goto(`${edge.url}/login`, { waitUntil: 'networkidle' });
    await page.locator('#first-paint').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  });
  let children = [];
  await run('b', async () => {
    await signIn(page, DEMO_GUARDIAN.typed, DEMO_GUARDIAN.home);
    const links = page.locator('a.guardian-child');
    await links.nth(1).waitFor();
    children = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')));
  });
  if (children.length < 2) throw new Error('la mère de démonstration devrait voir deux enfants');
  for (const [key, href] of [
    ['c', children[0]],
    ['d', children[1]],
    ['e', children[0]],
  ]) {
    await run(key, async () => {
      // A tap on the notification: the app's window goes to the child's page.
      await page.goto(`${edge.url}${href}`);
      await page.getByRole('heading', { name: 'Absences et retards' }).waitFor();
      await page.getByText('Solde', { exact: true }).waitFor();
    });
  }
  await run('f', () => signOut(page));
}

/** The demo pupil's account back to French (the Kreyòl day kept its choice with it), through the portal on `port`. */
async function pupilBackToFrench(port) {
  const origin = `http://127.0.0.1:${port}`;
  const signedIn = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'eleve', password: DEMO_PASSWORD }),
  });
  const { accessToken } = await signedIn.json();
  const res = await fetch(`${origin}/api/user/language`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ language: 'fr' }),
  });
  if (res.status !== 200) throw new Error(`la langue de l'élève n'a pas pu revenir au français (${res.status})`);
}

/** Per step (label, totals, the biggest requests, every request) and the day's total. */
function summarizeDay(steps, labels) {
  const inDay = Object.entries(steps).filter(([key]) => key !== REOPEN_STEP.key);
  const out = { steps: {}, total: sum(inDay.flatMap(([, entries]) => entries)) };
  for (const [key, entries] of Object.entries(steps)) {
    out.steps[key] = stepSummary(key === REOPEN_STEP.key ? REOPEN_STEP.label : labels[key], entries);
  }
  return out;
}

/**
 * The teacher's and the pupil's days on `edge` (its preview on `upstreamPort`, over the session
 * bench's database), each on its own phone: a new profile, cold, then the same one, warm.
 */
export async function measureDays(edge, upstreamPort) {
  seedDemoThroughPortal(upstreamPort);
  const demo = await demoTexts();
  const out = {};
  for (const [name, script] of [
    ['teacher', (page, run, n) => teacherDay(page, run, edge, n, demo)],
    ['pupil', (page, run) => pupilDay(page, run, edge, demo)],
    ['pupilKreyol', (page, run) => pupilDay(page, run, edge, demo, 'ht')],
    ['guardian', (page, run) => guardianWeek(page, run, edge)],
  ]) {
    const profile = mkdtempSync(join(tmpdir(), `portail-bench-${name}-`));
    try {
      const labels = DAYS[name].steps;
      const cold = summarizeDay(await visitSteps(edge, profile, (page, run) => script(page, run, 0)), labels);
      const warm = summarizeDay(await visitSteps(edge, profile, (page, run) => script(page, run, 1)), labels);
      if (name === 'teacher') {
        // Signed in, the app closed; opened again later (REOPEN_STEP): only the opening counts.
        await visitSteps(edge, profile, async (page) => {
          await page.goto(`${edge.url}/login`);
          await signIn(page, 'prof', '/teacher');
          await page.locator('html[data-offline-data="ready"]').waitFor({ timeout: 60_000 });
        });
        const reopened = await visitSteps(edge, profile, async (page, run) => {
          // The installed app opens at its start address (the manifest's /login), which sends a
          // signed-in teacher to his home.
          await run(REOPEN_STEP.key, async () => {
            await page.goto(`${edge.url}/login`);
            await page.waitForURL(/\/teacher$/);
            await page
              .getByRole('link', { name: /^Carnet de notes : / })
              .first()
              .waitFor();
            await page.locator('html[data-offline-data="ready"]').waitFor({ timeout: 60_000 });
          });
          await run('after', () => signOut(page));
        });
        warm.steps[REOPEN_STEP.key] = stepSummary(REOPEN_STEP.label, reopened[REOPEN_STEP.key]);
      }
      out[name] = { cold, warm };
    } finally {
      rmSync(profile, { recursive: true, force: true });
      if (name === 'pupilKreyol') await pupilBackToFrench(upstreamPort);
    }
  }
  return out;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const short = (path) => {
  const bare = path.replace(/\?.*$/, '');
  return bare.length > 48 ? `${bare.slice(0, 47)}…` : bare;
};

/** The two days' tables in French, for `npm run bench`; answers the lines. */
export function daysReport(days) {
  const lines = [];
  const cell = (s) =>
    s ? `${kb(s.down).padStart(9)} / ${kb(s.up).padStart(8)}, ${String(s.requests).padStart(3)} req.` : '-';
  for (const [name, { title, steps }] of Object.entries(DAYS)) {
    const day = days[name];
    if (!day) continue;
    const { cold, warm } = day;
    lines.push(`${title} (360 px, même bord simulé ; reçus / envoyés, requêtes) :`);
    lines.push(`  ${'étape'.padEnd(40)} ${'froid'.padEnd(30)} chaud`);
    for (const [key, label] of Object.entries(steps))
      lines.push(`  ${label.padEnd(40)} ${cell(cold.steps[key]).padEnd(30)} ${cell(warm.steps[key])}`);
    lines.push(`  ${'total'.padEnd(40)} ${cell(cold.total).padEnd(30)} ${cell(warm.total)}`);
    if (warm.steps[REOPEN_STEP.key])
      lines.push(
        `  ${REOPEN_STEP.label.padEnd(40)} ${'-'.padEnd(30)} ${cell(warm.steps[REOPEN_STEP.key])} (budget ${kb(REOPEN_STEP.budget)}, hors total)`,
      );
    const split = (s) => `en-têtes ${kb(s.headersDown)}, corps ${kb(s.bodyDown)}`;
    lines.push(`  ${'  dont reçus'.padEnd(40)} ${split(cold.total).padEnd(30)} ${split(warm.total)}`);
    lines.push(`  ${'  budget'.padEnd(40)} ${kb(DAY_BUDGETS[name].cold).padEnd(30)} ${kb(DAY_BUDGETS[name].warm)}`);
    for (const [visitName, visit] of [
      ['froid', cold],
      ['chaud', warm],
    ]) {
      lines.push(`  Plus grosses requêtes (${visitName}) :`);
      for (const key of Object.keys(steps)) {
        const step = visit.steps[key];
        if (!step || step.requests === 0) continue;
        const top = step.biggest
          .slice(0, Number(process.env.BENCH_TOP ?? 3))
          .map((r) => `${r.method === 'GET' ? '' : `${r.method} `}${short(r.path)} ${r.status} ${kb(r.down)}`);
        lines.push(`    ${key}. ${top.join(' ; ')}`);
      }
    }
  }
  return lines;
}

/** The budget overruns of the teacher's and the pupil's days, in French (none: an empty list). */
/** `ungated`: the budgets reported but not failing ('teacher.warm'). */
export function dayOverruns(days, ungated = []) {
  const over = [];
  const exact = (bytes) => `${kb(bytes)} (${bytes} octets)`;
  for (const [name, label] of [
    ['teacher', 'journée du professeur'],
    ['pupil', "journée de l'élève"],
    ['pupilKreyol', "journée de l'élève en kreyòl"],
    ['guardian', 'semaine du parent'],
  ]) {
    const day = days[name];
    if (!day) continue;
    for (const [visit, word] of [
      ['cold', 'froide'],
      ['warm', 'chaude'],
    ]) {
      const down = day[visit].total.down;
      if (ungated.includes(`${name}.${visit}`)) continue;
      if (down > DAY_BUDGETS[name][visit])
        over.push(`${label}, visite ${word} : ${exact(down)} > budget ${exact(DAY_BUDGETS[name][visit])}`);
    }
    const reopen = day.warm.steps[REOPEN_STEP.key];
    if (reopen && !ungated.includes(`${name}.reopen`) && reopen.down > REOPEN_STEP.budget)
      over.push(`${label}, application rouverte : ${exact(reopen.down)} > budget ${exact(REOPEN_STEP.budget)}`);
  }
  return over;
}
