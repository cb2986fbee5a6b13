// The platform's console on a phone (issue 17): the superadmin creates a school on a new hostname,
// its admin signs in there with the temporary password and runs the wizard; a full lockdown shows
// the maintenance screen to that admin and not to the superadmin; the platform's log names both;
// a school about to expire shows the countdown; a suspended school's users are refused; an
// announcement reaches the school admins' banner; a backup restored in place of a new school, in
// the database chosen, a damaged one refused with the target left as it was, and an empty school
// deleted (decision 312).
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { instances } from '../../worker/db/schema';
import type { BackupManifest } from '../../worker/domain/backup';
import { MAINTENANCE_POLL_MS } from '../../worker/domain/maintenance';
import { expect, test } from './fixtures';
import { apiToken, PHONE, schoolCard, signIn, signInAndLand, smallTapTargets } from './support';

test.use({ viewport: PHONE, schoolData: 'empty' });

const NEW_PASSWORD = 'Nouvelle#Ecole-2026';
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });
const port = process.env.E2E_PORT ?? '8799';

test('a new school on its own hostname: its admin sets it up; a full lockdown stops that admin, not the superadmin', async ({
  page,
  browser,
  local,
}) => {
  const suffix = crypto.randomUUID().slice(0, 6);
  const name = `Lycée Test ${suffix}`;
  const host = `n-${suffix}.localhost`;
  await signInAndLand(page, 'superadmin', '/superadmin');
  await expect(page.getByRole('heading', { name: 'Administration de la plateforme' })).toBeVisible();

  await page.getByRole('button', { name: '+ Nouvelle école' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle école' });
  await form.getByLabel("Nom de l'école").fill(name);
  await form.getByLabel("Noms d'hôte").fill('pas un hôte');
  await form.getByRole('button', { name: "Créer l'école" }).click();
  await expect(toast(page, "Le nom d'hôte n'est pas valide (par exemple : ecole3.exemple.ht).")).toBeVisible();
  await form.getByLabel("Noms d'hôte").fill(`${host}, www.${host}`);
  await form.getByLabel('Devise').selectOption('US');
  await form.getByRole('button', { name: "Créer l'école" }).click();
  const credentials = page.getByRole('dialog', { name: `Administrateur de ${name}` });
  await expect(credentials).toContainText('admin');
  const tempPassword = await credentials.getByTestId('temp-password').innerText();
  await credentials.getByRole('button', { name: "J'ai noté" }).click();
  const card = await schoolCard(page, host);
  await expect(card).toHaveAccessibleName(name);
  await expect(card).toContainText(`${host}, www.${host}`);
  await expect(card).toContainText('Active');
  // Its counts, stored in its school database (decision 253): its admin, no students yet.
  const counts = card.getByRole('definition');
  await expect(counts.nth(1)).toHaveText('1');
  await expect(counts.nth(2)).toHaveText('0');
  // The directory names the school database the rule chose; the school's rows are there.
  const route = (await local.directory
    .select({ id: instances.id, shard: instances.shard })
    .from(instances)
    .where(eq(instances.hostname, host))
    .get())!;
  const schoolId = route.id;
  expect([...local.schools.keys()]).toContain(route.shard);

  const adminContext = await browser.newContext({ baseURL: `http://${host}:${port}`, viewport: PHONE });
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, 'admin', tempPassword);
    await expect(admin).toHaveURL(/\/force-password-change$/);
    await admin.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
    await admin.getByLabel('Confirmer le mot de passe').fill(NEW_PASSWORD);
    await admin.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expect(admin).toHaveURL(/\/dashboard$/);

    // The wizard: one year, the default periods, one class, the default subjects.
    await admin.getByRole('button', { name: 'Commencer la configuration' }).click();
    const wizard = admin.getByRole('dialog', { name: 'Assistant de configuration' });
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByLabel("Nom de l'année scolaire", { exact: true }).fill('2026-2027');
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('textbox', { name: 'Classe 1', exact: true }).fill('1re AF');
    for (let step = 4; step <= 7; step++) await wizard.getByRole('button', { name: 'Suivant' }).click();
    await expect(wizard.getByText('Étape 8 sur 8')).toBeVisible();
    await wizard.getByRole('button', { name: 'Terminer la configuration' }).click();
    await expect(toast(admin, "Configuration de l'année scolaire terminée avec succès !")).toBeVisible();
    await expect(admin.getByRole('link', { name: '1re AF' })).toBeVisible();

    // A second account of the school: the console's count follows.
    const adminToken = await apiToken(admin, 'admin', NEW_PASSWORD);
    const roles = (await (
      await admin.request.get('/api/roles', { headers: { Authorization: `Bearer ${adminToken}` } })
    ).json()) as { id: string; name: string }[];
    const secretary = roles.find((r) => r.name === 'Secrétaire Pédagogique')!;
    const registered = await admin.request.post('/api/register', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { username: 'secretaire', password: NEW_PASSWORD, roleIds: [secretary.id] },
    });
    expect(registered.status()).toBe(201);
    await page.reload();
    await expect((await schoolCard(page, host)).getByRole('definition').nth(1)).toHaveText('2');

    // Full lockdown from the console: the school admin gets the maintenance screen, the superadmin keeps working.
    // (The token that lifts it whatever happens is taken first: a sign-in is slow on a busy machine.)
    const token = await apiToken(page, 'superadmin');
    await page.getByRole('tab', { name: 'Maintenance' }).click();
    await page.getByLabel('Message affiché').fill('Migration des données en cours.');
    await page.getByLabel('Verrouillage complet').check();
    await page.getByRole('button', { name: 'Démarrer la maintenance' }).click();
    try {
      await expect(page.getByRole('status').filter({ hasText: 'Maintenance en cours' })).toBeVisible();
      await admin.reload();
      await expect(admin.getByRole('heading', { name: 'Maintenance en cours' })).toBeVisible();
      await expect(admin.getByText('Migration des données en cours.')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Administration de la plateforme' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Maintenance en cours' })).toBeHidden();
      await page.getByRole('button', { name: 'Terminer la maintenance' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Aucune maintenance en cours' })).toBeVisible();
    } finally {
      await page.request.put('/api/superadmin/maintenance', {
        headers: { Authorization: `Bearer ${token}` },
        data: { active: false },
      });
    }

    // The platform's log: the school's creation, and the new school's own writes under its name.
    await page.getByRole('tab', { name: 'Journal' }).click();
    await page.getByLabel('Rechercher').fill(`CREATE_SCHOOL ${suffix}`);
    await expect(page.getByText('1 entrée au total')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Plateforme');
    await page.getByLabel('Rechercher').fill('');
    await page.getByLabel('École', { exact: true }).selectOption({ label: name });
    // Its creation (the platform's, logged with the school), the admin's password, the wizard and
    // the second account.
    await expect(page.getByText('4 entrées au total')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'École créée' })).toContainText(`Plateforme · ${name}`);
    await expect(page.getByRole('row').filter({ hasText: 'Mot de passe changé' })).toContainText(name);
  } finally {
    await adminContext.close();
    const db = local.schools.get(route.shard!)!;
    await db.delete(instances).where(eq(instances.id, schoolId));
    await local.directory.delete(instances).where(eq(instances.id, schoolId));
  }
});

test('a page left open shows the maintenance screen within the polling interval, without navigating, and lifts it', async ({
  page,
}) => {
  // The page's clock is Playwright's: the poll's interval passes without waiting for it.
  await page.clock.install();
  await signInAndLand(page, 'secretaire', '/dashboard');
  // A mark on the window: a reload or a navigation would wipe it.
  await page.evaluate(() => ((window as unknown as { leftOpen: boolean }).leftOpen = true));
  const token = await apiToken(page, 'superadmin');
  const maintenance = (data: object) =>
    page.request.put('/api/superadmin/maintenance', { headers: { Authorization: `Bearer ${token}` }, data });
  try {
    expect((await maintenance({ active: true, message: 'Mise à jour du serveur.', level: 'standard' })).status()).toBe(
      200,
    );
    await page.clock.fastForward(MAINTENANCE_POLL_MS);
    await expect(page.getByRole('heading', { name: 'Maintenance en cours' })).toBeVisible();
    await expect(page.getByText('Mise à jour du serveur.')).toBeVisible();
  } finally {
    await maintenance({ active: false });
  }
  await page.clock.fastForward(MAINTENANCE_POLL_MS);
  await expect(page.getByRole('heading', { name: 'Maintenance en cours' })).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => (window as unknown as { leftOpen?: boolean }).leftOpen)).toBe(true);
});

test('a school about to expire shows the countdown to its admin; the console says so', async ({
  page,
  browser,
  local,
  school,
}) => {
  await local.schools
    .get(school.shard)!
    .update(instances)
    .set({ expiresAt: new Date(Date.now() + 2 * 3600_000).toISOString() })
    .where(eq(instances.id, school.id));
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/admin');
  await expect(page.getByRole('timer')).toHaveText(/^L'accès de votre école expire dans 0[12]:\d{2}:\d{2}\.$/);
  await page.screenshot({ path: 'test-results/screens/admin-countdown-360.png' });

  const platformContext = await browser.newContext({ baseURL: school.origin, viewport: PHONE });
  const console = await platformContext.newPage();
  await signInAndLand(console, 'superadmin', '/superadmin');
  await expect(await schoolCard(console, new URL(school.origin).hostname)).toContainText('Expire dans 1 jour');
  await console.screenshot({ path: 'test-results/screens/superadmin-360.png', fullPage: true });
  await platformContext.close();
});

test('the console suspends a school and publishes an announcement to school admins', async ({
  page,
  browser,
  school,
}) => {
  const title = `Annonce ${crypto.randomUUID().slice(0, 6)}`;
  const host = new URL(school.origin).hostname;
  await signInAndLand(page, 'superadmin', '/superadmin');
  await page.getByRole('tab', { name: 'Annonces' }).click();
  await page.getByLabel('Titre').fill(title);
  await page.getByLabel('Message').fill('Les nouveautés du trimestre sont en ligne.');
  await page.getByRole('button', { name: "Publier l'annonce" }).click();
  await expect(toast(page, 'Annonce publiée pour les administrateurs des écoles.')).toBeVisible();

  const adminContext = await browser.newContext({ baseURL: school.origin, viewport: PHONE });
  try {
    const admin = await adminContext.newPage();
    await signInAndLand(admin, 'admin', '/dashboard');
    await expect(admin.getByRole('complementary', { name: title })).toContainText(
      'Les nouveautés du trimestre sont en ligne.',
    );

    await page.getByRole('tab', { name: 'Écoles' }).click();
    const card = await schoolCard(page, host);
    await card.getByRole('button', { name: 'Suspendre' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Suspendre' }).click();
    await expect(card).toContainText('Suspendue');
    // Its signed-in admin is signed out with the reason; signing in again is refused with it.
    await admin.reload();
    await expect(admin).toHaveURL(/\/login$/);
    await expect(
      admin.getByText("L'accès de votre école est suspendu. Contactez l'équipe de la plateforme."),
    ).toBeVisible();
    await signIn(admin, 'admin');
    await expect(
      admin.getByText("L'accès de votre école est suspendu. Contactez l'équipe de la plateforme."),
    ).toBeVisible();

    await card.getByRole('button', { name: 'Réactiver' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Réactiver' }).click();
    await expect(card).toContainText('Active');
    await signInAndLand(admin, 'admin', '/dashboard');
  } finally {
    await adminContext.close();
  }
});

test("a reactivated school's sign-in page no longer says it is suspended, in the same browser; the log finds both under the school", async ({
  page,
  browser,
  school,
}) => {
  const SUSPENDED = "L'accès de votre école est suspendu. Contactez l'équipe de la plateforme.";
  const token = await apiToken(page, 'superadmin');
  const setStatus = async (status: 'suspended' | 'active') =>
    expect(
      (
        await page.request.put(`/api/superadmin/schools/${school.id}/status`, {
          headers: { Authorization: `Bearer ${token}` },
          data: { status },
        })
      ).status(),
    ).toBe(200);
  const adminContext = await browser.newContext({ baseURL: school.origin, viewport: PHONE });
  try {
    const admin = await adminContext.newPage();
    await signInAndLand(admin, 'admin', '/dashboard');
    await setStatus('suspended');
    await admin.reload();
    await expect(admin).toHaveURL(/\/login$/);
    await expect(admin.getByText(SUSPENDED)).toBeVisible();
    await setStatus('active');
    await admin.reload();
    await expect(admin.locator('.auth-school')).toHaveText(school.name);
    await expect(admin.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
    await expect(admin.getByText(SUSPENDED)).toHaveCount(0);
  } finally {
    await adminContext.close();
  }

  // The platform's log finds the suspension and the reactivation under the school, in French.
  await signInAndLand(page, 'superadmin', '/superadmin');
  await page.getByRole('tab', { name: 'Journal' }).click();
  await page.getByLabel('École', { exact: true }).selectOption({ label: school.name });
  // Newest first: this test's rows (the school may hold an earlier test's suspension too).
  for (const label of ['École suspendue', 'École réactivée'])
    await expect(page.getByRole('row').filter({ hasText: label }).first()).toContainText(`Plateforme · ${school.name}`);
});

test('a delegate works on schools and reads the log, without delegates, maintenance or deletes; every control fits a thumb', async ({
  page,
}) => {
  await signInAndLand(page, 'delegue', '/superadmin');
  await expect(page.getByRole('tab', { name: 'Écoles' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Délégués' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Maintenance' })).toHaveCount(0);
  await expect(await schoolCard(page, 'ecole2.localhost')).toContainText('Expire dans 5 jours');
  await page.getByLabel('Rechercher une école').fill('');
  expect(await smallTapTargets(page), 'small tap targets on the schools').toEqual([]);
  await page.getByRole('tab', { name: 'Journal' }).click();
  await expect(page.getByRole('heading', { name: "Journal d'Activité" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer la période' })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  expect(await smallTapTargets(page), 'small tap targets on the log').toEqual([]);

  // The superadmin's log: a checkbox per entry, each reachable by a thumb.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  const token = await apiToken(page, 'superadmin');
  const title = `Pour le journal ${crypto.randomUUID().slice(0, 6)}`;
  expect(
    (
      await page.request.post('/api/superadmin/announcements', {
        headers: { Authorization: `Bearer ${token}` },
        data: { title, content: 'Une ligne du journal.' },
      })
    ).status(),
  ).toBe(201);
  await signInAndLand(page, 'superadmin', '/superadmin');
  await page.getByRole('tab', { name: 'Journal' }).click();
  await expect(page.getByRole('button', { name: 'Supprimer la période' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title }).getByRole('checkbox')).toBeVisible();
  expect(await smallTapTargets(page), 'small tap targets on the log with its deletes').toEqual([]);
  await page.getByRole('tab', { name: 'Maintenance' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Aucune maintenance en cours' })).toBeVisible();
  expect(await smallTapTargets(page), 'small tap targets on maintenance').toEqual([]);
});

test('a backup restored in place of a new school, in the database chosen; a refused one leaves it as it was; an empty school deleted', async ({
  page,
  school,
  local,
}) => {
  const suffix = crypto.randomUUID().slice(0, 6);
  const name = `Restauration ${suffix}`;
  const host = `r-${suffix}.localhost`;
  const token = await apiToken(page, 'superadmin');
  const headers = { Authorization: `Bearer ${token}` };
  // The backup of the test's school, and a copy one of whose entries was changed (its checksum no longer matches).
  const backup = await page.request.post(`/api/superadmin/schools/${school.id}/backup`, { headers });
  expect(backup.status()).toBe(200);
  const zip = Buffer.from(await backup.body());
  const entries = unzipSync(new Uint8Array(zip));
  const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as BackupManifest;
  const users = manifest.tables.find((t) => t.name === 'users')!.entries[0]!.name;
  entries[users] = strToU8(strFromU8(entries[users]!).replace('"admin"', '"administrateur"'));
  const damaged = Buffer.from(zipSync(entries));
  // A new, empty school (the console's form, by the API): the restore's target.
  const created = await page.request.post('/api/superadmin/schools', { headers, data: { name, hostnames: [host] } });
  expect(created.status()).toBe(201);
  const routeOf = () =>
    local.directory
      .select({ id: instances.id, shard: instances.shard })
      .from(instances)
      .where(eq(instances.hostname, host))
      .get();
  const target = (await routeOf())!;
  const other = [...local.schools.keys()].find((n) => n !== target.shard)!;
  try {
    await signInAndLand(page, 'superadmin', '/superadmin');
    await page.getByRole('tab', { name: 'Sauvegardes' }).click();
    await page.getByLabel('École à remplacer').selectOption({ label: `${name} (0)` });
    await page.getByLabel('Base de données').selectOption(other);
    await expect(page.getByLabel('Base de données')).toHaveValue(other);
    expect(await smallTapTargets(page), 'small tap targets on the backups').toEqual([]);
    await page.screenshot({ path: 'test-results/screens/restore-form-360.png', fullPage: true });

    // A damaged backup: refused half-way, the target as it was, no resuming.
    const file = page.getByLabel('Fichier de sauvegarde (.zip)');
    await file.setInputFiles({ name: 'sauvegarde.zip', mimeType: 'application/zip', buffer: damaged });
    await expect(page.getByRole('alert')).toContainText(
      `Restauration annulée : l’école « ${name} » est restée telle qu’elle était.`,
    );
    await expect(page.getByText('Rien n’a été remplacé.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reprendre' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/restore-refused-360.png', fullPage: true });
    expect(await routeOf()).toEqual(target);

    // The backup itself: the restored school takes the target's place, in the database chosen.
    await file.setInputFiles({ name: 'sauvegarde.zip', mimeType: 'application/zip', buffer: zip });
    await expect(toast(page, 'École restaurée.')).toBeVisible();
    const restored = (await routeOf())!;
    expect(restored.id).not.toBe(target.id);
    expect(restored.shard).toBe(other);

    // It holds no data (the test's school has none): the console deletes it, after asking.
    await page.getByRole('tab', { name: 'Écoles' }).click();
    const card = await schoolCard(page, host);
    await expect(card).toHaveAccessibleName(name);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: 'test-results/screens/school-card-delete-360.png' });
    await card.getByRole('button', { name: 'Supprimer' }).click();
    const dialog = page.getByRole('dialog', { name: `Supprimer ${name}` });
    await expect(dialog).toContainText('Seule une école sans données');
    await page.screenshot({ path: 'test-results/screens/school-delete-360.png' });
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await expect(toast(page, 'École supprimée.')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await routeOf()).toBeUndefined();
  } finally {
    const left = await routeOf();
    if (left) {
      await local.schools.get(left.shard!)!.delete(instances).where(eq(instances.id, left.id));
      await local.directory.delete(instances).where(eq(instances.id, left.id));
    }
  }
});
