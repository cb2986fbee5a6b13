// The session's guards: inactivity, pages closed to a user, maintenance, the phone's sign-in.
import { expect, test } from './fixtures';
import { apiToken, signInAndLand } from './support';

test.use({ schoolData: 'empty' });

test('after 28 idle minutes a countdown warns, and at 30 the user is signed out', async ({ page }) => {
  await page.clock.install();
  await signInAndLand(page, 'comptable', '/dashboard');
  await page.clock.fastForward('28:01');
  const dialog = page.getByRole('dialog', { name: 'Expiration de la session' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^1:5\d$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Rester connecté' }).click();
  await expect(dialog).toBeHidden();

  await page.clock.fastForward('30:05');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Vous avez été déconnecté pour inactivité.')).toBeVisible();
});

test('guards send away users who may not open a page', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await signInAndLand(page, 'comptable', '/dashboard');
  await page.goto('/timetable');
  await expect(page).toHaveURL(/\/dashboard$/);
  // Signed in, another area's address leads home (issue 10), not to the public landing page.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('maintenance replaces the app for staff but not for the school admin', async ({ page, browser }) => {
  const superadmin = await apiToken(page, 'superadmin');
  const set = (active: boolean) =>
    page.request.put('/api/superadmin/maintenance', {
      headers: { Authorization: `Bearer ${superadmin}` },
      data: { active, message: 'Mise à jour du serveur en cours.', level: 'standard' },
    });
  await signInAndLand(page, 'secretaire', '/dashboard');
  expect((await set(true)).status()).toBe(200);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Maintenance en cours' })).toBeVisible();
    await expect(page.getByText('Mise à jour du serveur en cours.')).toBeVisible();
    await expect(page.getByRole('button', { name: "Changer d'utilisateur" })).toBeVisible();

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInAndLand(adminPage, 'admin', '/dashboard');
    await expect(adminPage.getByRole('heading', { name: 'Maintenance en cours' })).toBeHidden();
    await adminContext.close();
  } finally {
    expect((await set(false)).status()).toBe(200);
  }
});

test('the sign-in page works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeInViewport();
  await page.screenshot({ path: 'test-results/screens/login-375.png', fullPage: true });
  await signInAndLand(page, 'secretaire', '/dashboard');
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Tableau de bord' }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/dashboard-menu-375.png', fullPage: true });
});
