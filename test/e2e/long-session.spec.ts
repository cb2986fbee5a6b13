// Sessions a school can live with (issue 27, decision 004): a phone signed in stays signed in for
// weeks. Two days later, offline, the installed app opens the teacher's screens already visited;
// back online, the hour-long access token is renewed from the device session without the password.
// Signing out ends the device session. And the local portal never answers a refused write with
// its own HTML 500 (decision 233).
import { expect, test } from './fixtures';
import { controlled, PHONE, signInAndLand } from './support';

test.use({ viewport: PHONE });

const DAY_MS = 24 * 60 * 60 * 1000;

test('two days later a phone opens the teacher’s screens offline, then renews its token online without the password', async ({
  context,
}) => {
  const page = await context.newPage();
  await signInAndLand(page, 'prof', '/teacher');
  await expect(page.getByRole('heading', { name: 'Bienvenue, Jean-Robert' })).toBeVisible();
  await page.getByRole('tab', { name: 'Mon Emploi du temps' }).click();
  await expect(page.getByRole('heading', { name: 'Lundi' })).toBeVisible();
  await controlled(page);
  const signedInToken = await page.evaluate(() => localStorage.getItem('accessToken'));
  await page.close();

  // Two days later, no network: the access token ended long ago, the device session did not.
  // (The phone's clock only: the page's sign-in ran on the real one.)
  await context.clock.install({ time: Date.now() + 2 * DAY_MS });
  await context.setOffline(true);
  const morning = await context.newPage();
  const signIns: string[] = [];
  morning.on('request', (request) => request.url().endsWith('/api/login') && signIns.push(request.url()));
  await morning.goto('/teacher');
  await expect(morning).toHaveURL(/\/teacher$/);
  await expect(morning.getByText('Vous êtes hors ligne. Affichage des données sauvegardées.')).toBeVisible();
  await expect(morning.getByRole('heading', { name: 'Bienvenue, Jean-Robert' })).toBeVisible();
  await expect(morning.getByRole('link', { name: 'Carnet de notes : Mathématiques, 7e AF' })).toBeVisible();
  await morning.getByRole('tab', { name: 'Mon Emploi du temps' }).click();
  await expect(morning.getByRole('heading', { name: 'Lundi' })).toBeVisible();

  // Online again: the token is renewed from the device session's cookie, and the screens read the server.
  const renewal = morning.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
  await context.setOffline(false);
  await morning.evaluate(() => window.dispatchEvent(new Event('online')));
  expect((await renewal).status()).toBe(200);
  await expect.poll(() => morning.evaluate(() => localStorage.getItem('accessToken'))).not.toBe(signedInToken);
  await morning.getByRole('tab', { name: 'Mes Cours' }).click();
  const read = morning.waitForResponse((response) => response.url().includes('/api/teacher/dashboard'));
  await morning.reload();
  expect((await read).headers()['x-from-cache']).toBeUndefined();
  await expect(morning.getByRole('heading', { name: 'Bienvenue, Jean-Robert' })).toBeVisible();
  await expect(morning).toHaveURL(/\/teacher$/);
  expect(signIns).toEqual([]);
});

test('signing out ends the device session: its cookie renews nothing any more', async ({ page }) => {
  await signInAndLand(page, 'prof', '/teacher');
  const renew = () => page.evaluate(async () => (await fetch('/api/auth/refresh', { method: 'POST' })).status);
  expect(await renew()).toBe(200);
  // On the phone, 'Déconnexion' is in the menu (once the page is drawn).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('button', { name: 'Déconnexion' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(renew).toBe(401);
});

test('the local portal answers refused writes with their JSON, never its own HTML 500', async ({ page }) => {
  // Bodies past 64 KiB, refused before they are read (no session; a teacher on an administrator's
  // route), all at once: the local preview used to break the connection under them.
  await signInAndLand(page, 'prof', '/teacher');
  const teacher = await page.evaluate(() => localStorage.getItem('accessToken'));
  const body = JSON.stringify({ note: 'x'.repeat(100_000) });
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      page.request.post(i % 2 ? '/api/students' : '/api/register', {
        headers: { 'Content-Type': 'application/json', ...(i % 4 < 2 ? { Authorization: `Bearer ${teacher}` } : {}) },
        data: body,
      }),
    ),
  );
  const statuses = answers.map((a) => a.status());
  expect(statuses.filter((s) => s !== 401 && s !== 403)).toEqual([]);
  for (const answer of answers) expect(answer.headers()['content-type']).toContain('application/json');
});
