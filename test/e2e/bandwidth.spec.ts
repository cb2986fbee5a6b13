// Issue 12 (decision 180): the first visit downloads the sign-in page and the app's entry; once
// signed in, the service worker fetches the screens the account can open, and only those; the next
// visit takes no byte of the shell from the network, and every screen of the role opens offline.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { controlled, PHONE, settledOffline, signInAndLand } from './support';

test.use({ viewport: PHONE });

/** The built files the service worker holds (their paths). */
const storedFiles = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('portail-files-'));
    const keys = await Promise.all(
      names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)),
    );
    return keys.flat();
  });

/** Whether a chunk of the screen `name` (AdminPage, StudentsPage...) is among `paths`. */
const holds = (paths: string[], name: string) => paths.some((path) => path.startsWith(`/assets/${name}-`));

test('a secretary: the next visit takes no shell byte from the network, her screens open offline, none other is fetched', async ({
  page,
  context,
}) => {
  const shellFromNetwork: string[] = [];
  const everyPath = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    everyPath.add(path);
    if (!path.startsWith('/api/') && !response.fromServiceWorker()) shellFromNetwork.push(path);
  });

  await signInAndLand(page, 'secretaire', '/dashboard');
  await controlled(page);

  const stored = await storedFiles(page);
  for (const own of [
    'StaffLayout',
    'DashboardPage',
    'StudentsPage',
    'ClassFinancePage',
    'ReportCardsPage',
    'ReportPage',
    'DocsPage',
    'TeachersPage',
    'StudentAccountsPage',
  ]) {
    expect(holds(stored, own), own).toBe(true);
  }
  expect(stored).toContain('/docs/standard.json');
  const never = [
    'AdminPage',
    'UsersPage',
    'AddUserPage',
    'SuperadminPage',
    'TeacherPage',
    'RollCallPage',
    'GradeBookPage',
    'StudentHomePage',
    'StudentGradesPage',
    'LandingPage',
    'SetupWizard',
    'ForcePasswordChangePage',
  ];
  for (const screen of never) expect(holds(stored, screen), screen).toBe(false);
  expect(stored.filter((path) => path.startsWith('/docs/') && path !== '/docs/standard.json')).toEqual([]);
  // Nor did the page itself download one.
  for (const screen of never) expect(holds([...everyPath], screen), screen).toBe(false);

  // The next visit: the page and every file of the shell come from the service worker.
  shellFromNetwork.length = 0;
  await page.reload();
  await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeVisible();
  await page.goto('/students');
  await expect(page.getByRole('heading', { name: 'Gestion des Élèves', level: 1 })).toBeVisible();
  expect(shellFromNetwork).toEqual([]);

  // Offline, each screen of the role opens, including the ones never visited.
  await settledOffline(page);
  await context.setOffline(true);
  for (const path of [
    '/report',
    '/report-cards',
    '/teachers-management',
    '/reports/attendance',
    '/student-portal',
    '/docs',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
  }
  expect(shellFromNetwork).toEqual([]);
});

test("a teacher's screens are stored, and none of the office's", async ({ page, context }) => {
  await signInAndLand(page, 'prof', '/teacher');
  await controlled(page);
  const stored = await storedFiles(page);
  for (const own of ['TeacherPage', 'RollCallPage', 'GradeBookPage', 'DocsPage'])
    expect(holds(stored, own), own).toBe(true);
  for (const other of [
    // The office's home: a teacher sent to /dashboard goes to /teacher (decision 297).
    'DashboardPage',
    'StudentsPage',
    'ClassFinancePage',
    'ReportCardsPage',
    'ReportPage',
    'AdminPage',
    'SuperadminPage',
    'StudentHomePage',
    'TimetablePage',
  ]) {
    expect(holds(stored, other), other).toBe(false);
  }
  expect(stored).toContain('/docs/teacher.json');

  // Offline once the account's working set is stored too (the layout's reads), as the app says.
  await settledOffline(page);
  await context.setOffline(true);
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'Documentation', level: 1 })).toBeVisible();
});

test('the shell is served with lean, cacheable headers', async ({ page }) => {
  await page.goto('/login');
  const shell = await page.request.get('/login');
  const csp = shell.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  // The sign-in page's one inline script is allowed by its hash, no other inline script.
  expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/=]+'(;|$)/);
  expect(shell.headers()['referrer-policy']).toBeTruthy();
  expect(Number(/max-age=(\d+)/.exec(shell.headers()['strict-transport-security'] ?? '')?.[1])).toBeGreaterThanOrEqual(
    31536000,
  );

  const script = await page.evaluate(() =>
    document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src'),
  );
  expect(script).toMatch(/^\/assets\//);
  const asset = await page.request.get(script!);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-security-policy']).toBeUndefined();
  expect(asset.headers()['etag']).toBeUndefined();

  const api = await page.request.get('/api/instance/default');
  expect(api.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(api.headers()['referrer-policy']).toBeUndefined();
  expect(api.headers()['cache-control']).toBe('no-store');

  for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']) {
    expect((await page.request.get(icon)).headers()['cache-control'], icon).toBe('public, max-age=604800');
    expect((await (await page.request.get(icon)).body()).length, icon).toBeLessThan(4096);
  }
});
