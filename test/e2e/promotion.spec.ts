// The promotion tab on a phone (issue 16; decision 172), on the small demo's data (the current
// year with grades, an empty next year; decision 211): offline it says so and refuses; the director simulates, switches one
// student's outcome, executes after the confirmation (the result is cleared) and undoes the run.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, DEMO, PHONE, signInAndLand } from './support';

test.use({ viewport: PHONE, schoolData: 'small' });

/** The classes of the next year's enrolments by student name ('Nom Prénom'), read through the API. */
async function nextYearClasses(page: Page, token: string): Promise<Map<string, string>> {
  const headers = { Authorization: `Bearer ${token}` };
  const years = (await (await page.request.get('/api/school-years', { headers })).json()) as {
    id: string;
    name: string;
  }[];
  const next = years.find((y) => y.name === DEMO.nextYear)!;
  const rows = (await (await page.request.get(`/api/student-accounts?yearId=${next.id}`, { headers })).json()) as {
    nom: string;
    prenom: string;
    class_name: string;
  }[];
  return new Map(rows.map((r) => [`${r.nom} ${r.prenom}`, r.class_name]));
}

test('the director simulates, overrides one outcome, executes and undoes a promotion', async ({ page, context }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Promotion', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Outil de Promotion des Élèves' })).toBeVisible();
  await expect(page.getByLabel('Année scolaire source')).toHaveValue(/.+/);
  await expect(page.getByLabel('Année scolaire source').locator('option:checked')).toHaveText(DEMO.currentYear);

  // Offline: the banner, and the simulation is refused with the spec's message.
  await context.setOffline(true);
  await expect(page.getByText('Mode hors ligne')).toBeVisible();
  await page.getByRole('button', { name: 'Simuler' }).click();
  await expect(page.getByText('La simulation de promotion nécessite une connexion internet.')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Mode hors ligne')).toBeHidden();

  // Executing before simulating is refused.
  await page.getByRole('button', { name: 'Exécuter la promotion' }).click();
  await expect(page.getByText("Veuillez d'abord lancer une simulation.")).toBeVisible();

  await page.getByRole('button', { name: 'Simuler' }).click();
  await expect(page.getByText("Simulation terminée. Vérifiez les résultats avant d'exécuter.")).toBeVisible();
  const table = page.getByRole('table');
  await expect(
    table
      .getByRole('row', { name: /^1re AF/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('2e AF');
  await expect(
    table
      .getByRole('row', { name: /^3e AF/ })
      .getByRole('cell')
      .last(),
  ).toHaveText('Diplômés');
  const firstClass = table.getByRole('row', { name: /^1re AF/ });
  const admittedBefore = Number(await firstClass.getByRole('cell').nth(0).textContent());

  // Switch the first student of 1re AF.
  await page.getByText('Élèves de 1re AF (5)').click();
  const toggle = page.locator('details', { hasText: 'Élèves de 1re AF' }).getByRole('checkbox').first();
  const name = (await toggle.getAttribute('aria-label'))!.replace(/^Admettre /, '');
  const wasAdmitted = await toggle.isChecked();
  await toggle.click();
  await expect(toggle).toBeChecked({ checked: !wasAdmitted });
  await expect(firstClass.getByRole('cell').nth(0)).toHaveText(String(admittedBefore + (wasAdmitted ? -1 : 1)));

  await page.getByRole('button', { name: 'Exécuter la promotion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exécuter la promotion ?' });
  await expect(dialog).toContainText(`en ${DEMO.nextYear}`);
  await dialog.getByRole('button', { name: 'Exécuter', exact: true }).click();
  await expect(
    page.getByText(new RegExp(`^Promotion exécutée : \\d+ élèves inscrits en ${DEMO.nextYear}, \\d+ diplômés?\\.$`)),
  ).toBeVisible();
  // The result is cleared; the run can be undone.
  await expect(page.getByRole('table')).toHaveCount(0);
  const latest = page.getByRole('region', { name: 'Dernière promotion' });
  await expect(latest).toContainText(`${DEMO.currentYear} → ${DEMO.nextYear}`);

  const token = await apiToken(page, 'admin');
  const classes = await nextYearClasses(page, token);
  expect(classes.get(name)).toBe(wasAdmitted ? '1re AF' : '2e AF');

  await latest.getByRole('button', { name: 'Annuler la dernière promotion' }).click();
  await page
    .getByRole('dialog', { name: 'Annuler la dernière promotion ?' })
    .getByRole('button', { name: 'Annuler la promotion' })
    .click();
  await expect(page.getByText('La dernière promotion a été annulée.')).toBeVisible();
  await expect(latest).toHaveCount(0);
  expect((await nextYearClasses(page, token)).size).toBe(0);
});
