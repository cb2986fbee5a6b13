// Offline after one visit, on a school of the test's own (its own origin: its own service worker,
// caches and queue).
import { expect, test } from './fixtures';
import { controlled, signInAndLand } from './support';

test('after one online visit the portal reloads and navigates offline', async ({ page, context }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await controlled(page);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeAttached();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Vous êtes hors ligne. Affichage des données sauvegardées.')).toBeVisible();
  await expect(page.getByText('Hors ligne', { exact: true })).toBeVisible();
  await expect(page.locator('.brand-name')).toHaveText('Collège Démo');

  // Another route of the app still opens; its shell comes from the precache.
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'Documentation' })).toBeVisible();

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText('Vous êtes de nouveau en ligne.')).toBeVisible();
});

test('signing in needs the network', async ({ page, context }) => {
  await page.goto('/login');
  await context.setOffline(true);
  await page.getByLabel("Nom d'utilisateur").fill('admin');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Demo#2026-ecole');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Vous êtes hors ligne. La connexion nécessite une connexion internet.',
  );
});

test('a write made offline is queued, then replayed once when the connection returns', async ({ page, context }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await controlled(page);
  const before = await page.evaluate(async () => {
    const token = localStorage.getItem('accessToken');
    const res = await fetch('/api/instance/current', { headers: { Authorization: `Bearer ${token}` } });
    return (await res.json()) as Record<string, unknown>;
  });

  await context.setOffline(true);
  const answer = await page.evaluate(async (info) => {
    const token = localStorage.getItem('accessToken');
    const res = await fetch('/api/instance/current', {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify({ ...info, address: 'Adresse saisie hors ligne', logo_url: undefined }),
    });
    return { status: res.status, body: await res.json() };
  }, before);
  expect(answer).toEqual({ status: 202, body: { queued: true } });

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText("Données synchronisées avec succès. Rechargement de l'application...")).toBeVisible();
  await expect
    .poll(async () =>
      page.evaluate(async () => {
        const token = localStorage.getItem('accessToken');
        const res = await fetch('/api/instance/current', { headers: { Authorization: `Bearer ${token}` } });
        return ((await res.json()) as { address: string }).address;
      }),
    )
    .toBe('Adresse saisie hors ligne');
});

test('signing out leaves the offline copy of the school data unreadable, and forgets its key', async ({ page }) => {
  await signInAndLand(page, 'secretaire', '/dashboard');
  await controlled(page);
  await expect(page.locator('html')).toHaveAttribute('data-offline-data', 'ready', { timeout: 60_000 });
  const stored = () =>
    page.evaluate(async () => {
      const out: { cache: string; path: string; sealed: string | null; body: string }[] = [];
      for (const name of await caches.keys()) {
        if (!name.startsWith('api-data')) continue;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = (await cache.match(request))!;
          out.push({
            cache: name,
            path: new URL(request.url).pathname,
            sealed: response.headers.get('X-Sealed'),
            body: await response.text(),
          });
        }
      }
      return out;
    });
  await expect.poll(async () => (await stored()).map((s) => s.path)).toContain('/api/bootstrap');
  await page.getByRole('button', { name: 'Déconnexion' }).first().click({ force: true });
  await expect(page).toHaveURL(/\/login$/);
  // The set stays on the phone (the same account finds it at its next sign-in), sealed: nothing of
  // the school in the clear; and no key is left to open it (decision 320).
  const after = await stored();
  expect(after.map((s) => s.path)).toContain('/api/bootstrap');
  for (const entry of after) {
    expect(entry.sealed, entry.path).toBeTruthy();
    expect(entry.body, entry.path).not.toContain('Collège Démo');
  }
  const keys = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('portail-vault');
        open.onsuccess = () => {
          const count = open.result.transaction('keys').objectStore('keys').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(keys).toBe(0);
  // Only the public school name of the sign-in page is kept in the clear (and it lives apart).
  const publicPaths = await page.evaluate(async () =>
    (await (await caches.open('public-data')).keys()).map((r) => new URL(r.url).pathname),
  );
  expect(publicPaths.filter((path) => path !== '/api/instance/default')).toEqual([]);
});

test('a class renamed offline shows at once and is renamed once when the connection returns', async ({
  page,
  context,
}) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await controlled(page);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Classes', exact: true }).click();
  await expect(page.locator('.item-name', { hasText: /^NS III$/ })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Modifier NS III', exact: true }).click();
  await page.getByLabel('Nouveau nom de NS III').fill('NS III (Rhéto)');
  await page.locator('form.item-edit').getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Modification en attente de synchronisation.')).toBeVisible();
  await expect(page.locator('.item-name', { hasText: 'NS III (Rhéto)' })).toBeVisible();

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText("Données synchronisées avec succès. Rechargement de l'application...")).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const names = async () =>
    (await (await page.request.get('/api/classes', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      id: string;
      name: string;
    }[];
  const classes = await names();
  expect(classes.filter((k) => k.name === 'NS III (Rhéto)')).toHaveLength(1);
  expect(classes.some((k) => k.name === 'NS III')).toBe(false);
});
