// Student accounts on a phone (issue 16): the admin makes the accounts of a class, prints the
// slips (six to a sheet); a student signs in with a slip, changes the password and, after that one
// visit, opens every section of the portal without network.
import { expect, test } from './fixtures';
import { controlled, PHONE, signIn, signInAndLand } from './support';

const NEW_PASSWORD = 'Nouveau#Portail-2026';

test.use({ viewport: PHONE });

test('the admin creates accounts for a class and prints the slips; a student signs in with one', async ({
  page,
  browser,
}) => {
  // Each account's password is hashed with scrypt on the server: a class takes a while.
  test.setTimeout(240_000);
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/student-portal');
  await expect(page.getByRole('heading', { name: 'Portail Élève' })).toBeVisible();
  await page.getByLabel('Classe').selectOption({ index: 1 });
  await page.getByLabel('Tout sélectionner (sans compte)').check();
  const create = page.getByRole('button', { name: /^Créer les comptes \(\d+\)$/ });
  const count = Number((await create.innerText()).match(/\((\d+)\)/)![1]);
  expect(count).toBeGreaterThan(0);
  await create.click();
  const dialog = page.getByRole('dialog', { name: count > 1 ? `${count} comptes créés` : '1 compte créé' });
  await expect(page.getByRole('status').filter({ hasText: /^Création des comptes… \d+ \/ \d+/ })).toBeVisible();
  await expect(dialog).toBeVisible({ timeout: 180_000 });
  const rows = dialog.locator('tbody tr');
  await expect(rows).toHaveCount(count);
  const username = await rows.nth(0).locator('td').nth(1).innerText();
  const password = await rows.nth(0).locator('td').nth(2).innerText();

  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: 'Imprimer les fiches' }).click(),
  ]);
  await expect(popup.locator('.slip')).toHaveCount(count);
  await expect(popup.locator('.slips')).toHaveCount(Math.ceil(count / 6));
  await expect(popup.locator('.slip').first()).toContainText(username);
  await popup.close();
  await dialog.getByRole('button', { name: "J'ai noté" }).click();
  await expect(page.getByText(username)).toBeVisible();

  // The student, on their own phone.
  const phone = await browser.newContext({ viewport: PHONE, baseURL: new URL(page.url()).origin });
  const student = await phone.newPage();
  await signIn(student, username, password);
  await expect(student).toHaveURL(/\/force-password-change$/);
  await student.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
  await student.getByLabel('Confirmer le mot de passe').fill(NEW_PASSWORD);
  await student.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
  await expect(student).toHaveURL(/\/student$/);
  await expect(student.getByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
  // One visit, then every section without network (the dashboard read them all once).
  await controlled(student);
  await student.waitForLoadState('networkidle');
  await phone.setOffline(true);
  for (const [path, heading] of [
    ['/student/timetable', 'Emploi du temps'],
    ['/student/grades', 'Notes'],
    ['/student/resources', 'Ressources'],
    ['/student/finance', 'Finances'],
    ['/student/docs', 'Documentation'],
  ] as const) {
    await student.goto(path);
    await expect(student.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(student.getByText("Cette page n'a pas été consultée auparavant", { exact: false })).toHaveCount(0);
  }
  await phone.close();
});
