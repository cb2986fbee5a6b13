// Offline on a phone from the first visit (issue 10): a fresh browser, one online visit with the
// service worker ready late, then no network. The screens visited open, the others say once that
// they were never visited, the installed app starts on the user's home, the student search works
// on what is stored, and what waits to be sent says so.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { controlled, DEMO, holdServiceWorker, PHONE, settledOffline, signInAndLand } from './support';

const NEVER_VISITED = "Cette page n'a pas été consultée auparavant et n'est pas disponible hors ligne.";

test.use({ viewport: PHONE });

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

async function expectNoConfigurationError(page: Page) {
  await expect(page.getByText('Erreur de Configuration')).toHaveCount(0);
  await expect(page.getByText('Erreur de configuration')).toHaveCount(0);
}

test('after ONE visit, with the service worker ready late, the cashier’s screens open offline', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const releaseWorker = await holdServiceWorker(context);
  const page = await context.newPage();
  await signInAndLand(page, 'comptable', '/dashboard');
  await expect(page.getByRole('heading', { name: `L'année ${DEMO.currentYear} en chiffres` })).toBeVisible();
  await page.getByRole('link', { name: '7e AF', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Classe : 7e AF' })).toBeVisible();
  await expect(page.getByText('Bien-Aimé').first()).toBeVisible();

  // The worker arrives only now, and the page is never loaded a second time online: the office's
  // working set (the register of the year) is stored once it is there (decision 320).
  releaseWorker();
  await controlled(page);
  await expect(page.locator('html')).toHaveAttribute('data-offline-data', 'ready', { timeout: 60_000 });
  await context.setOffline(true);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Classe : 7e AF' })).toBeVisible();
  await expect(page.getByText('Bien-Aimé').first()).toBeVisible();
  await expect(page.locator('.brand-name')).toHaveText('Collège Démo');
  await expectNoConfigurationError(page);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `L'année ${DEMO.currentYear} en chiffres` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'NS III', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Année scolaire' })).toContainText(`${DEMO.currentYear} (Actuelle)`);

  // The register, never opened: the year's, from the set stored after the sign-in.
  await page.goto('/students');
  await expect(page.getByRole('heading', { name: 'Gestion des Élèves', level: 1 })).toBeVisible();
  await expect(page.getByText('Bien-Aimé').first()).toBeVisible();
  await expect(page.getByText(NEVER_VISITED)).toHaveCount(0);

  // A screen never opened and out of the set: its frame opens, and it says so once.
  await page.goto('/report');
  await expect(page.getByRole('heading', { name: 'Rapport Financier', level: 1 })).toBeVisible();
  await expect(page.getByText(NEVER_VISITED)).toHaveCount(1);
  await expectNoConfigurationError(page);
  await context.close();
});

test('the installed app starts on the user’s home, online and offline', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    id?: string;
    start_url: string;
  };
  expect(manifest.id).toBe('/');

  // Signed out, the start page is the sign-in page.
  await page.goto(manifest.start_url);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();

  await signInAndLand(page, 'secretaire', '/dashboard');
  await controlled(page);
  await page.goto(manifest.start_url);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The school's name is read from what this visit stored: offline once it is stored.
  await settledOffline(page);

  await context.setOffline(true);
  await page.goto(manifest.start_url);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('.brand-name')).toHaveText('Collège Démo');
  await expectNoConfigurationError(page);
  await context.close();
});

test('offline, the student search filters the stored list; a student added offline is marked until synced', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInAndLand(page, 'secretaire', '/dashboard');
  await controlled(page);
  await page.goto('/students');
  const rows = page.locator('.students-table tbody tr');
  await expect(rows).toHaveCount(25);
  const name = (await rows.nth(2).locator('td').nth(2).locator('strong').textContent())!.trim();

  await context.setOffline(true);
  // Typed in lower case without accents: found among the stored students, not the whole list.
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(fold(name));
  await expect(page.getByText('Hors ligne : résultats parmi les élèves enregistrés sur cet appareil.')).toBeVisible();
  await expect(rows.first()).toContainText(name);
  expect(await rows.count()).toBeLessThan(25);
  for (const text of await rows.allTextContents()) expect(fold(text)).toContain(fold(name));
  await expect(page.getByText(NEVER_VISITED)).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('zzz-personne');
  await expect(page.getByText('Aucun élève ne correspond')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('');
  await expect(rows).toHaveCount(25);

  // A student added offline shows at once, marked 'En attente' until the worker sends it.
  await page.getByRole('button', { name: 'Ajouter un élève' }).click();
  const drawer = page.getByRole('dialog', { name: 'Ajouter un élève' });
  await drawer.getByRole('textbox', { name: 'Nom', exact: true }).fill('Attente-Mobile');
  await drawer.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Nadège');
  await drawer.getByRole('combobox', { name: 'Sexe' }).selectOption('F');
  await drawer.getByLabel('Jour').selectOption('5');
  await drawer.getByLabel('Mois').selectOption({ label: 'mai' });
  await drawer.getByLabel('Année', { exact: true }).selectOption('2012');
  await drawer.getByRole('textbox', { name: 'Adresse' }).fill('Jacmel');
  await drawer.getByRole('button', { name: 'Enregistrer' }).click();
  const added = rows.filter({ hasText: 'Attente-Mobile' });
  await expect(added).toContainText('En attente');

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText("Données synchronisées avec succès. Rechargement de l'application...")).toBeVisible();
  // The screen reads its data again in place (no page reload, decision 241).
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill('Attente-Mobile');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Nadège');
  await expect(rows.first()).not.toContainText('En attente');
  await context.close();
});
