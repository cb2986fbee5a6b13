// A page the account may not open (issue 23): the guard sends the user to their home, or to the
// dashboard for a missing permission, and says why in French on arrival, whether the address was
// typed (a full load) or followed inside the app.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PHONE, signInAndLand } from './support';

test.use({ viewport: PHONE, schoolData: 'small' });

const notice = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });

test('the director opening /admin/contact lands on the dashboard and is told why', async ({ page }) => {
  await signInAndLand(page, 'direction', '/dashboard');
  await page.goto('/admin/contact');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    notice(
      page,
      "Cette page est réservée à l'administration de l'école : elle demande la permission « Gérer les utilisateurs (accès à l’administration) ».",
    ),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/refused-360.png' });
});

test('a missing permission and a wrong area each say why, typed or followed in the app', async ({ page }) => {
  await signInAndLand(page, 'comptable', '/dashboard');
  await page.goto('/report-cards');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    notice(page, "Votre compte n'a pas la permission d'ouvrir cette page (« Générer et imprimer les bulletins »)."),
  ).toBeVisible();
  // Inside the app (no reload): the same guard, the same notice.
  await page.evaluate(() => {
    history.pushState(null, '', '/teacher');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(notice(page, 'Cette page est réservée aux professeurs.')).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await signInAndLand(page, 'eleve', '/student');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/student$/);
  await expect(notice(page, "Cette page n'est pas accessible avec un compte élève.")).toBeVisible();
});
