// The portal on a 360 px phone (issue 10): the sign-in page paints before its script arrives and
// answers a tap at once, a route change shows progress, notices never cover the action the user
// needs, nothing overflows sideways, a long school name keeps the menu in place, and every
// control is big enough for a thumb.
import type { Page } from '@playwright/test';
import { FIXTURE_PASSWORD } from '../../scripts/demo-accounts';
import { expect, TEMPORARY, test } from './fixtures';
import { expectUncovered, PHONE, signIn, signInAndLand, smallTapTargets } from './support';

test.use({ viewport: PHONE, schoolData: 'small', accounts: [TEMPORARY.staff('telephone')] });

test('the sign-in page paints before the app’s script and answers a tap at once', async ({ browser }) => {
  // A fresh phone on a slow network: the app's entry script has not arrived yet.
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.getByLabel("Nom d'utilisateur").fill('comptable');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Demo#2026-ecole');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Connexion en cours...' })).toBeVisible();

  // The script arrives: the sign-in the user asked for goes on by itself.
  release();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Elsewhere than /login, the page's static form is not shown.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Se connecter' }).first()).toBeVisible();
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await context.close();
});

test('the sign-in button says it is working while the server answers', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/login', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur").fill('secretaire');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Demo#2026-ecole');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Connexion en cours...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a route change shows progress while its screen loads', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInAndLand(page, 'secretaire', '/dashboard');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/StudentsPage-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: /Gestion des Élèves/ }).click();
  const progress = page.getByRole('progressbar', { name: 'Chargement...' });
  await expect(progress).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Gestion des Élèves', level: 1 })).toBeVisible();
  await expect(page.locator('.students-table tbody tr').first()).toBeVisible();
  await expect(progress).toBeHidden();
  await context.close();
});

test('notices leave the forced-change button uncovered and go away on their own', async ({ browser }) => {
  // A fresh phone: the security notice over the forced change (no role's screens are stored for
  // a temporary password, so no 'Application prête hors ligne' yet).
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, 'telephone', FIXTURE_PASSWORD);
  await expect(page).toHaveURL(/\/force-password-change$/);
  await expect(page.getByText('Mise à jour de sécurité requise.')).toBeVisible();
  await expectUncovered(page.getByRole('button', { name: 'Mettre à jour le mot de passe' }));
  await expectUncovered(page.getByLabel('Confirmer le mot de passe'));
  await expect(page.getByText('Mise à jour de sécurité requise.')).toBeHidden();
  await expect(page.getByText('Application prête hors ligne')).toHaveCount(0);
  await context.close();
});

test("'Application prête hors ligne' is said once the role's screens are stored, not at the worker's install", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  // The role's guide is among the files stored after the sign-in: held, the screens are not stored yet.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/docs\/[\w-]+\.json$/, async (route) => {
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  const ready = page.getByText('Application prête hors ligne');
  await page.goto('/login');
  // The worker installs and takes over on the sign-in page: nothing said yet.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect(page.locator('html')).toHaveAttribute('data-offline-screens', 'none');
  await expect(ready).toHaveCount(0);
  await signInAndLand(page, 'comptable', '/dashboard');
  await expect(page.locator('html')).toHaveAttribute('data-offline-screens', 'storing');
  await expect(ready).toHaveCount(0);
  release();
  await expect(ready).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-offline-screens', 'ready');
  await context.close();
});

test('a notice never covers the student form’s Enregistrer', async ({ page, context }) => {
  await signInAndLand(page, 'secretaire', '/dashboard');
  await page.goto('/students');
  await page.getByRole('button', { name: 'Ajouter un élève' }).click();
  const drawer = page.getByRole('dialog', { name: 'Ajouter un élève' });
  await expect(drawer).toBeVisible();
  // Losing the network raises a notice while the form is open.
  await context.setOffline(true);
  await expect(page.getByText('Vous êtes maintenant hors ligne.')).toBeVisible();
  await expectUncovered(drawer.getByRole('button', { name: 'Enregistrer' }));
  await expectUncovered(drawer.getByRole('button', { name: 'Annuler' }));
  await context.setOffline(false);
});

test('the selection bar keeps every action in sight at 360 px', async ({ page }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/students');
  const rows = page.locator('.students-table tbody tr');
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  const bar = page.getByRole('region', { name: '2 élève(s) sélectionné(s)' });
  for (const name of ['Imprimer les fiches', 'Supprimer', 'Archiver', 'Désélectionner']) {
    const button = bar.getByRole('button', { name, exact: true });
    await expect(button).toBeInViewport({ ratio: 1 });
    await expectUncovered(button);
  }
  const overflow = await bar.evaluate((element) => [element.scrollWidth, element.clientWidth]);
  expect(overflow[0]).toBeLessThanOrEqual(overflow[1]!);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test('a long school name keeps the menu on the first row', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const long = 'Institution Mixte Notre-Dame de la Sainte-Espérance et du Perpétuel Secours de Port-au-Prince';
  await page.route('**/api/bootstrap', async (route) => {
    const response = await route.fetch();
    const bootstrap = (await response.json()) as { school: object };
    await route.fulfill({ response, json: { ...bootstrap, school: { ...bootstrap.school, name: long } } });
  });
  await signInAndLand(page, 'admin', '/dashboard');
  const brand = page.locator('.brand-name');
  await expect(brand).toHaveText(long);

  // A phone, a laptop (compact menu) and a wide screen (full menu): the menu stays in the row of
  // the refresh button, the name is cut short where it must be, nothing overflows.
  for (const width of [PHONE.width, 1280, 1600]) {
    await page.setViewportSize({ width, height: PHONE.height });
    const refresh = (await page.getByRole('button', { name: 'Actualiser', exact: true }).boundingBox())!;
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
    const entry = (await toggle.isVisible())
      ? toggle
      : page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Administration' });
    const menu = (await entry.boundingBox())!;
    expect(
      Math.abs(menu.y + menu.height / 2 - (refresh.y + refresh.height / 2)),
      `menu row at ${width} px`,
    ).toBeLessThan(8);
    if (width === PHONE.width)
      expect(await brand.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/screens/long-name-${width}.png` });
  }
  await context.close();
});

async function expectThumbSized(page: Page, screen: string) {
  await page.screenshot({ path: `test-results/screens/${screen}-360.png`, fullPage: true });
  expect(await smallTapTargets(page), `small tap targets on ${screen}`).toEqual([]);
}

test('every control is at least 44 px for a thumb', async ({ page }) => {
  await page.goto('/login');
  await expectThumbSized(page, 'login');

  await signInAndLand(page, 'admin', '/dashboard');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expectThumbSized(page, 'dashboard-menu');
  await page.getByRole('button', { name: 'Fermer le menu' }).click();

  await page.goto('/students');
  await page.locator('.students-table tbody tr').first().getByRole('checkbox').check();
  await expectThumbSized(page, 'students-selection');

  await page.goto('/admin/add-user');
  await expect(page.getByLabel('Secrétaire Pédagogique', { exact: true })).toBeVisible();
  await expectThumbSized(page, 'add-user');

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Rôles', exact: true }).click();
  await expect(page.getByLabel('Consulter le rapport financier', { exact: true })).toBeVisible();
  await expectThumbSized(page, 'admin-roles');
});
