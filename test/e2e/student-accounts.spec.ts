// Student accounts on a phone (issue 16): the admin makes the accounts of a class, prints the
// slips (six to a sheet), and a student signs in with a slip and must change the password.
import { expect, test } from './fixtures';
import { PHONE, signIn, signInAndLand } from './support';

test.use({ viewport: PHONE });

test('the admin creates accounts for a class and prints the slips; a student signs in with one', async ({ page, browser }) => {
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

  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Imprimer les fiches' }).click()]);
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
  await phone.close();
});
