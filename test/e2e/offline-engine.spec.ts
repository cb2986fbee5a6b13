// The offline engine's faults of issue 28, each as a user meets it (each test fails on the service
// worker and page before the issue): writes land in the order they were made, a replay the server
// answers 503 is tried again on its own and lands once, a half-typed form survives a replay, an
// address opened offline after sign-out answers in French, and a new version waits, is taken on
// 'Mettre à jour', keeps the queued writes and deletes the older caches.
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, controlled, PHONE, signInAndLand } from './support';
import type { Period } from '../../worker/contract/academic-periods';
import type { RollCall } from '../../worker/contract/teacher';
import { addDays, schoolClock } from '../../worker/domain/dates';

const NEVER_VISITED = "Cette page n'a pas été consultée auparavant et n'est pas disponible hors ligne.";

// Each test signs in, waits for the worker to store the account's screens (and, for the teacher,
// its working data), then goes offline and back: more steps than the default minute allows on a
// shared machine.
test.describe.configure({ timeout: 150_000 });

/** A write through the page's fetch (so through the service worker), as the screens send it. */
function putAddress(page: Page, address: string) {
  return page.evaluate(async (address) => {
    const token = localStorage.getItem('accessToken');
    const headers = { Authorization: `Bearer ${token}` };
    const info = (await (await fetch('/api/instance/current', { headers })).json()) as Record<string, unknown>;
    const res = await fetch('/api/instance/current', {
      method: 'PUT',
      headers: { ...headers, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ ...info, address, logo_url: undefined }),
    });
    return res.status;
  }, address);
}

/** The school's address as the server has it. */
async function serverAddress(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.get('/api/instance/current', { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { address: string }).address;
}

/** How many writes wait in the worker's queue (Workbox's own store). */
function queued(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('workbox-background-sync');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('requests')) return resolve(0);
          const count = db.transaction('requests').objectStore('requests').count();
          count.onsuccess = () => resolve(count.result);
        };
        open.onerror = () => resolve(-1);
      }),
  );
}

test('an edit made offline, then one made online, land in that order', async ({ page, context }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await controlled(page);
  // The instance read is stored first, so that the offline edit can read it.
  await putAddress(page, 'Adresse de départ');

  await context.setOffline(true);
  expect(await putAddress(page, 'Adresse saisie hors ligne')).toBe(202);
  await context.setOffline(false);
  // Back online, a newer edit of the same record, before the queue was sent.
  expect([200, 202]).toContain(await putAddress(page, 'Adresse saisie en ligne'));

  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => queued(page), { timeout: 30_000 }).toBe(0);
  expect(await serverAddress(page)).toBe('Adresse saisie en ligne');
});

test('a replay the server answers 503 is tried again without any user action, and lands once', async ({
  page,
  context,
}) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await controlled(page);
  await putAddress(page, 'Adresse de départ');

  await context.setOffline(true);
  expect(await putAddress(page, 'Adresse après une panne')).toBe(202);

  // The server is down for a moment when the connection returns: its first answer is a 503.
  const answers: number[] = [];
  await context.route('**/api/instance/current', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    if (answers.length === 0) {
      answers.push(503);
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Indisponible"}' });
    }
    const response = await route.fetch();
    answers.push(response.status());
    return route.fulfill({ response });
  });
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => answers[0]).toBe(503);

  // Nobody taps, reloads or goes offline and back: the page's timer asks the worker again.
  await expect.poll(() => serverAddress(page), { timeout: 45_000 }).toBe('Adresse après une panne');
  expect(answers).toEqual([503, 200]);
  await expect.poll(() => queued(page)).toBe(0);
});

test('a form half-typed while the queue is sent keeps its text', async ({ page, context }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await controlled(page);
  await putAddress(page, 'Adresse de départ');
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Classes', exact: true }).click();
  await expect(page.locator('.item-name', { hasText: /^NS III$/ })).toBeVisible();

  await context.setOffline(true);
  expect(await putAddress(page, 'Adresse envoyée plus tard')).toBe(202);
  // Still offline, the admin starts a new class's name.
  const name = page.getByLabel('Nouvelle classe');
  await name.fill('Philo B (en cours de saisie');

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText("Données synchronisées avec succès. Rechargement de l'application...")).toBeVisible();
  await expect.poll(() => serverAddress(page)).toBe('Adresse envoyée plus tard');
  // Longer than the 2 s after which the page used to reload: the text is still there, in place.
  await page.waitForTimeout(3000);
  await expect(name).toHaveValue('Philo B (en cours de saisie');
  await name.pressSequentially(')');
  await expect(name).toHaveValue('Philo B (en cours de saisie)');
});

test('after sign-out, any address opened offline answers in French', async ({ page, context }) => {
  await signInAndLand(page, 'secretaire', '/dashboard');
  await controlled(page);
  await page.getByRole('button', { name: 'Déconnexion' }).first().click({ force: true });
  await expect(page).toHaveURL(/\/login$/);

  await context.setOffline(true);
  for (const address of ['/', '/students', '/teacher/attendance', '/une-adresse-inconnue']) {
    await page.goto(address);
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByText(/Unexpected Application Error|Failed to fetch/)).toHaveCount(0);
  }
});

// The next deployment is the server answering a new script at /service-worker.js. Playwright's
// routes cannot stand in for it: the browser's update check (a byte-for-byte comparison made by the
// browser itself) never reaches them, and a route switches on DevTools' 'cache disabled' mode, which
// changes how the browser updates and activates service workers. So the built script itself is
// replaced for the test (the local server reads its files from disk) and put back afterwards; its
// ETag stays the build's, so the page asks for it once with 'reload', as a deployment's first
// answer, and the update check's revalidation (a 304) then finds the new bytes in the HTTP cache
// (decision 244).
test('a new version waits, is taken on "Mettre à jour", keeps the queued writes and deletes the older files', async ({
  page,
  context,
}) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await controlled(page);
  await putAddress(page, 'Adresse de départ');
  const filesCaches = () =>
    page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('portail-files-')).sort());
  const [current] = await filesCaches();
  const version = current!.slice('portail-files-'.length);

  const built = resolve('dist/client/service-worker.js');
  // Its Brotli twin, what a browser that takes br is sent (decision 321), is replaced with it.
  const twin = `${built}.br`;
  const script = await readFile(built, 'utf8');
  const twinBytes = await readFile(twin);
  expect(script).toContain(version);
  const next = 'e2e0next0001';
  try {
    const nextScript = script.replaceAll(version, next);
    await writeFile(built, nextScript);
    await writeFile(twin, brotliCompressSync(nextScript));
    expect(await page.evaluate(async () => (await fetch('/service-worker.js', { cache: 'reload' })).text())).toContain(
      next,
    );
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    // The new version installs and waits beside the running one; the banner offers it.
    const banner = page.getByRole('status').filter({ hasText: 'Nouvelle version disponible !' });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    expect(await filesCaches()).toEqual([`portail-files-${next}`, current].sort());

    // Offline, an edit waits in the running version's queue.
    await context.setOffline(true);
    expect(await putAddress(page, 'Adresse gardée pendant la mise à jour')).toBe(202);
    await expect.poll(() => queued(page)).toBe(1);

    // 'Mettre à jour', still offline: the new version takes over and the page reloads from it.
    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Mettre à jour' }).click()]);
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeAttached();
    await expect.poll(filesCaches).toEqual([`portail-files-${next}`]);
    await expect.poll(() => queued(page)).toBe(1);

    // Back online: the new version sends the write the older one queued.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => serverAddress(page), { timeout: 45_000 }).toBe('Adresse gardée pendant la mise à jour');
    await expect.poll(() => queued(page)).toBe(0);
  } finally {
    await writeFile(built, script);
    await writeFile(twin, twinBytes);
  }
});

test.describe('a teacher on a phone with no signal', () => {
  test.use({ viewport: PHONE });

  test('after one sign-in online, the roll call and the grade book of a class never opened work offline; the roll call lands once', async ({
    page,
    context,
  }) => {
    // The school gave its periods their start dates: Trimestre 2 is under way, so the grade book
    // opens on it (decision 193) and that is the period stored for offline (decision 242).
    const admin = { Authorization: `Bearer ${await apiToken(page, 'admin')}` };
    const years = (await (await page.request.get('/api/school-years', { headers: admin })).json()) as {
      id: string;
      is_current: boolean;
    }[];
    const yearId = years.find((y) => y.is_current)!.id;
    const periods = (await (
      await page.request.get(`/api/academic-periods?yearId=${yearId}`, { headers: admin })
    ).json()) as Period[];
    const today = schoolClock().date;
    const starts: Record<string, string> = {
      'Trimestre 1': addDays(today, -150),
      'Trimestre 2': addDays(today, -30),
      'Trimestre 3': addDays(today, 60),
    };
    for (const p of periods) {
      const res = await page.request.put(`/api/academic-periods/${p.id}`, {
        headers: admin,
        data: { name: p.name, year_id: yearId, start_date: starts[p.name] },
      });
      expect(res.status()).toBe(200);
    }
    const underWay = periods.find((p) => p.name === 'Trimestre 2')!.id;

    await signInAndLand(page, 'prof', '/teacher');
    await controlled(page);
    // The teacher's working data is stored in the background after the screens.
    await expect(page.locator('html')).toHaveAttribute('data-offline-data', 'ready', { timeout: 60_000 });

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('tab', { name: 'Mon Emploi du temps' }).click();
    const week = page.getByRole('group', { name: 'Emploi du temps de la semaine' });
    const monday = week.locator('section').filter({ has: page.getByRole('heading', { name: 'Lundi' }) });
    await monday.getByRole('button').first().click();
    await expect(page.getByRole('heading', { name: /^Appel : / })).toBeVisible();
    await expect(page.getByText(NEVER_VISITED)).toHaveCount(0);
    const url = new URL(page.url());
    const row = page.getByRole('listitem').first();
    const student = await row.locator('.roll-call-name').innerText();
    const absent = page.getByRole('button', { name: `${student} : Absent` });
    const target = (await absent.getAttribute('aria-pressed')) === 'true' ? 'Justifié' : 'Absent';
    await page.getByRole('button', { name: `${student} : ${target}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'élèves marqués' }).getByText('En attente')).toBeVisible();

    // The grade book of a course, never opened on this phone.
    await page.getByRole('link', { name: '← Mon espace' }).click();
    await page.getByRole('tab', { name: 'Mes Cours' }).click();
    await page
      .getByRole('link', { name: /^Carnet de notes : / })
      .first()
      .click();
    await expect(page.getByLabel('Période')).toHaveValue(underWay);
    await expect(page.locator('.gradebook-table')).toBeVisible();
    await expect(page.getByText(NEVER_VISITED)).toHaveCount(0);

    // The resources tab, never opened either: its list is there.
    await page.getByRole('link', { name: 'Retour à mes cours' }).click();
    await page.getByRole('tab', { name: 'Ressources' }).click();
    await expect(page.getByRole('heading', { name: 'Gestion des Ressources' })).toBeVisible();
    await expect(page.getByText('Aucune ressource pour le moment.').or(page.locator('.resource-list'))).toBeVisible();
    await expect(page.getByText(NEVER_VISITED)).toHaveCount(0);

    // Back online: the roll call is sent once, with no tap.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const entry = url.searchParams.get('entry')!;
    const date = url.searchParams.get('date')!;
    const status = target === 'Absent' ? 'absent' : 'justified';
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/teacher/attendance?entryId=${entry}&date=${date}`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          const body = (await res.json()) as RollCall;
          const enrolment = body.students.find((s) => `${s.nom} ${s.prenom}` === student)?.enrollment_id;
          return body.marks.filter((m) => m.enrollment_id === enrolment).map((m) => m.status);
        },
        { timeout: 30_000 },
      )
      .toEqual([status]);
    expect(await queued(page)).toBe(0);
  });
});
