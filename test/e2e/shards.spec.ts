// The second demo school lives in the second school database (decision 171, "Design as built";
// `npm start` seeds it there): its admin signs in on its host, reads and writes, and the console
// counts it. The creation of a school from the console is in superadmin.spec.ts.
import { expect, type Page, test } from '@playwright/test';
import { PHONE, schoolCard, signInAndLand } from './support';

test.use({ viewport: PHONE });

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });

test('the demo school of the second school database works end to end on its own host', async ({
  page,
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL: baseURL!.replace('//localhost:', '//ecole2.localhost:'),
    viewport: PHONE,
  });
  try {
    const school = await context.newPage();
    await school.goto('/login');
    await expect(school.getByText('École Nouvelle Aurore')).toBeVisible();
    await signInAndLand(school, 'admin', '/dashboard');

    // A write, read back after a reload, then put back as it was.
    await school.goto('/admin');
    await school
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: 'Programme', exact: true })
      .click();
    await school.getByLabel('Classe', { exact: true }).selectOption('3e AF');
    const creole = school.getByLabel('Note maximale de Créole', { exact: true });
    await expect(creole).toHaveValue('10');
    await creole.fill('12');
    await creole.press('Tab');
    await expect(toast(school, 'Coefficient mis à jour.')).toBeVisible();
    await school.reload();
    await school.getByLabel('Classe', { exact: true }).selectOption('3e AF');
    await expect(creole).toHaveValue('12');
    await creole.fill('10');
    await creole.press('Tab');
    await expect(toast(school, 'Coefficient mis à jour.')).toBeVisible();
    await school.reload();
    await school.getByLabel('Classe', { exact: true }).selectOption('3e AF');
    await expect(creole).toHaveValue('10');
  } finally {
    await context.close();
  }

  // The console, on the first demo school's host, counts it from its own database.
  await signInAndLand(page, 'superadmin', '/superadmin');
  const card = await schoolCard(page, 'ecole2.localhost');
  await expect(card).toHaveAccessibleName('École Nouvelle Aurore');
  await expect(card.getByRole('definition').nth(2)).toHaveText('15');
});
