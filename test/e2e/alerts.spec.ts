// The families' alerts end to end without the internet (issue 43, decision 361): a local push
// service (`web-push-testing`, which checks the VAPID signature against the page's key and
// decrypts what it receives) stands in for the phone's. On a 360 px phone a mother signs in with
// her code, turns the alerts on (the browser's PushManager hands over a subscription of the local
// service: Chromium here has no push service of its own), the teacher takes the roll call on his
// phone marking her child absent, and the Worker sends a real encrypted Web Push message that the local service
// decrypts; that message, delivered to the service worker (CDP ServiceWorker.deliverPushMessage),
// is shown as a notification whose tap opens the child's page.
import { type ChildProcess, spawn } from 'node:child_process';
import { type Browser, expect, type APIRequestContext, test } from '@playwright/test';
import type { GuardianSlip } from '../../worker/contract/guardians';
import type { Student } from '../../worker/contract/students';
import { DEMO_PASSWORD } from '../../scripts/demo-accounts';
import { isQuiet } from '../../worker/domain/alerts';
import { PHONE, signIn } from './support';

test.use({ viewport: PHONE });

const NEW_PASSWORD = 'Maman#Solide-2026';
/** The local push service's port (next to the e2e server's). */
const PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? Number(process.env.E2E_PORT ?? 8799) + 1);
const PUSH = `http://localhost:${PUSH_PORT}`;

let pushService: ChildProcess | null = null;

test.beforeAll(async () => {
  pushService = spawn(process.execPath, ['node_modules/web-push-testing/src/bin/server.js', String(PUSH_PORT)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    pushService!.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Server running')) resolve();
    });
    pushService!.on('exit', (code) => reject(new Error(`web-push-testing exited (${code})`)));
  });
});
test.afterAll(() => {
  pushService?.kill();
});

async function adminHeaders(request: APIRequestContext) {
  const res = await request.post('/api/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return { Authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
}

/**
 * The demo teacher on his own phone opens the latest session of his first Monday lesson (the
 * roll call of the last Monday, from his week): the pupil of that class whom the test's mother
 * will follow (one not marked absent yet), and the page to mark her on.
 */
async function teachersRollCall(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, 'prof', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/teacher$/);
  await page.getByRole('tab', { name: 'Mon Emploi du temps' }).click();
  const week = page.getByRole('group', { name: 'Emploi du temps de la semaine' });
  const monday = week.locator('section').filter({ has: page.getByRole('heading', { name: 'Lundi' }) });
  await monday.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/teacher\/attendance\?entry=.+&date=\d{4}-\d{2}-\d{2}$/);
  const rows = page.locator('.roll-call-row');
  await expect(rows.first()).toBeVisible();
  let name = '';
  for (const row of await rows.all()) {
    const candidate = await row.locator('.roll-call-name').innerText();
    if ((await row.getByRole('button', { name: `${candidate} : Absent` }).getAttribute('aria-pressed')) !== 'true') {
      name = candidate;
      break;
    }
  }
  expect(name).not.toBe('');
  const date = new URL(page.url()).searchParams.get('date')!;
  return {
    name,
    date,
    markAbsent: async () => {
      await page.getByRole('button', { name: `${name} : Absent` }).click();
      await expect(page.getByRole('button', { name: `${name} : Absent` })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('status').filter({ hasText: 'élèves marqués' })).toContainText('Enregistré');
      await context.close();
    },
  };
}

test("a mother turns the alerts on; the teacher's roll call sends her an encrypted alert that opens her child's page", async ({
  page,
  context,
  request,
  browser,
  baseURL,
}) => {
  test.skip(
    isQuiet(new Date()),
    'Between 21:00 and 06:00 in Port-au-Prince alerts are held until 06:00 (decision 361).',
  );
  // A new mother for a pupil of the demo teacher's Monday lesson.
  const rollCall = await teachersRollCall(browser, baseURL!);
  const headers = await adminHeaders(request);
  const years = (await (await request.get('/api/school-years', { headers })).json()) as {
    id: string;
    is_current: boolean;
  }[];
  const yearId = years.find((y) => y.is_current)!.id;
  const register = (await (
    await request.get(
      `/api/students-with-enrollment-status?yearId=${yearId}&search=${encodeURIComponent(rollCall.name)}`,
      { headers },
    )
  ).json()) as { students: Student[] };
  const pupil = register.students.find((r) => `${r.nom} ${r.prenom}` === rollCall.name)!;
  expect(pupil, rollCall.name).toBeTruthy();
  const made = await request.post(`/api/students/${pupil.id}/guardians`, {
    headers,
    data: { phone: `4${String(Date.now()).slice(-7)}`, name: 'Nadège Pierre' },
  });
  expect(made.status()).toBe(201);
  const slip = (await made.json()) as GuardianSlip;

  // The browser's push subscription is one of the local push service (its VAPID key the page's).
  let clientHash = '';
  await page.exposeFunction('__localPushSubscribe', async (applicationServerKey: string) => {
    const res = await fetch(`${PUSH}/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userVisibleOnly: 'true', applicationServerKey }),
    });
    const { data } = (await res.json()) as { data: { endpoint: string; keys: object; clientHash: string } };
    clientHash = data.clientHash;
    return data;
  });
  await page.addInitScript(() => {
    type Json = { endpoint: string; keys: object };
    const w = window as unknown as { __localPushSubscribe: (key: string) => Promise<Json> };
    let current: object | null = null;
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const bytes = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
      const key = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      const json = await w.__localPushSubscribe(key);
      current = { endpoint: json.endpoint, toJSON: () => json, unsubscribe: async () => ((current = null), true) };
      return current as PushSubscription;
    };
  });
  await context.grantPermissions(['notifications']);

  await signIn(page, slip.link.phone, slip.tempPassword!);
  await page.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
  await expect(page).toHaveURL(/\/guardian$/);
  await expect(page.getByRole('heading', { name: 'Alertes' })).toBeVisible();
  await page.getByRole('button', { name: 'Recevoir les alertes sur ce téléphone' }).click();
  await expect(page.getByText('Ce téléphone reçoit les alertes.')).toBeVisible();
  await expect(page.getByText('Un téléphone reçoit vos alertes.')).toBeVisible();
  await page.screenshot({ path: 'test-results/alerts-home.png', fullPage: true });
  expect(clientHash).not.toBe('');

  // The teacher marks her absent on his phone: the Worker sends, in the background, an encrypted
  // message the push service decrypts.
  await rollCall.markAbsent();
  const day = rollCall.date;
  let text = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(`${PUSH}/get-notifications`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ clientHash }),
        });
        const messages = ((await res.json()) as { data: { messages: string[] } }).data.messages;
        text = messages[0] ?? '';
        return messages.length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  const alert = JSON.parse(text) as { title: string; body: string; url: string };
  const child = `${pupil.prenom} ${pupil.nom}`;
  expect(alert.title).toBe(`Absence : ${child}`);
  expect(alert.body).toContain(`${child} a été noté(e) absent(e) à l’appel du`);
  expect(alert.body).toContain(String(Number(day.slice(8))));
  expect(alert.url).toMatch(new RegExp(`^/guardian/child/[^/]+/${pupil.id}$`));
  expect(new TextEncoder().encode(text).length).toBeLessThan(1000);

  // The same message delivered to the service worker: its push handler shows the notification.
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registration,
    data: text,
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const shown = async () =>
    worker.evaluate(async () =>
      (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url: string }).url,
      })),
    );
  await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(1);
  const [notification] = await shown();
  expect(notification).toEqual({ title: alert.title, body: alert.body, url: alert.url });

  // Tapping it opens the child's page (the address it carries).
  await page.goto(notification!.url);
  await expect(page.getByRole('heading', { name: child, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Absences et retards' })).toBeVisible();
});
