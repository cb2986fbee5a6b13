// Where a signed-in user lands when they open an address of another area (issue 10): their own
// home, never a configuration error nor the public landing page. Signed out, the landing page.
import { expect, test } from './fixtures';
import { PHONE, signInAndLand } from './support';

test.use({ viewport: PHONE, schoolData: 'small' });

test('a student opening a staff address lands on the student area', async ({ page }) => {
  await signInAndLand(page, 'eleve', '/student');
  for (const path of ['/dashboard', '/admin', '/students', '/report', '/class/7e%20AF', '/admin/users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/student$/);
    await expect(page.getByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    await expect(page.getByText('Erreur de Configuration')).toHaveCount(0);
  }
});

test('a teacher opening a staff address lands on /teacher, and Retour never leaves the app', async ({ page }) => {
  // As a teacher arrives: the landing page, then the sign-in.
  await page.goto('/');
  await page.getByRole('link', { name: 'Se connecter' }).first().click();
  await signInAndLand(page, 'prof', '/teacher');
  // Their home has nowhere to go back to.
  await expect(page.getByRole('link', { name: 'Retour' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retour' })).toHaveCount(0);

  for (const path of ['/dashboard', '/students', '/admin', '/report', '/student']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/teacher$/);
  }
  await page.goto('/docs');
  await page.getByRole('link', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/teacher$/);
});

test('staff failing a guard land on their home; signed out, on the landing page', async ({ page }) => {
  await page.goto('/students');
  await expect(page).toHaveURL(/\/$/);
  await signInAndLand(page, 'comptable', '/dashboard');
  for (const path of ['/admin', '/student', '/teacher', '/superadmin']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});
