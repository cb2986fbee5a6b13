// Administration on a phone, on the large demo's data (issue 10): a role template
// fills the role's name (document 2 §6), a manager role clears Secrétaire (document 1 §4), and the
// setup wizard starts from the school's classes and current fees and checks the year at once.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PHONE, signInAndLand } from './support';

test.use({ viewport: PHONE });

async function openTab(page: Page, name: string) {
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true }).click();
}

test('choosing a role template fills the role’s name and its permissions', async ({ page }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await openTab(page, 'Rôles');
  const name = page.getByLabel('Nom du rôle', { exact: true });
  const create = page.getByRole('button', { name: 'Créer le rôle' });
  await page
    .getByLabel('Modèle (point de départ recommandé)', { exact: true })
    .selectOption({ label: 'Gestionnaire Vie Scolaire' });
  await expect(name).toHaveValue('Gestionnaire Vie Scolaire');
  await expect(page.getByLabel('Suivre et modifier les présences', { exact: true })).toBeChecked();
  // The system role has that name already: the form says so before anything is sent.
  await expect(page.getByText('Un rôle porte déjà ce nom.')).toBeVisible();
  await expect(create).toBeDisabled();
  // Another template replaces a name the template gave; a name the user typed stays.
  await page
    .getByLabel('Modèle (point de départ recommandé)', { exact: true })
    .selectOption({ label: 'Gestionnaire des Bulletins' });
  await expect(name).toHaveValue('Gestionnaire des Bulletins');
  await name.fill('Surveillant');
  await expect(create).toBeEnabled();
  await page
    .getByLabel('Modèle (point de départ recommandé)', { exact: true })
    .selectOption({ label: 'Gestionnaire Vie Scolaire' });
  await expect(name).toHaveValue('Surveillant');
});

test('ticking a manager role while Secrétaire is ticked clears Secrétaire', async ({ page }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/admin/add-user');
  const secretary = page.getByLabel('Secrétaire Pédagogique', { exact: true });
  const timetable = page.getByLabel("Gestionnaire d'Emploi du Temps", { exact: true });
  await secretary.check();
  await expect(timetable).toBeEnabled();
  await timetable.check();
  await expect(timetable).toBeChecked();
  await expect(secretary).not.toBeChecked();
  // And the other way round.
  await secretary.check();
  await expect(timetable).not.toBeChecked();
});

test('the wizard checks the year at once and starts from the school’s classes and current fees', async ({ page }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { Authorization: `Bearer ${token}` };
  const years = (await (await page.request.get('/api/school-years', { headers })).json()) as {
    id: string;
    name: string;
    is_current: boolean;
  }[];
  const current = years.find((y) => y.is_current)!;
  const classes = (await (await page.request.get('/api/classes', { headers })).json()) as { name: string }[];
  const fees = (await (await page.request.get(`/api/class-financials?yearId=${current.id}`, { headers })).json()) as {
    class_name: string;
    mppa: number | null;
  }[];
  const firstFee = fees.find((f) => f.class_name === classes[0]!.name)!.mppa!;

  await openTab(page, 'Années scolaires');
  await page.getByRole('button', { name: "Lancer l'assistant de configuration" }).click();
  const wizard = page.getByRole('dialog', { name: 'Assistant de configuration' });
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  const yearName = wizard.getByLabel("Nom de l'année scolaire", { exact: true });
  await expect(yearName).not.toHaveValue(current.name);
  await yearName.fill(current.name);
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await expect(wizard.getByRole('alert')).toHaveText('Cette année scolaire existe déjà.');
  await yearName.fill('2031-2032');
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await wizard.getByRole('button', { name: 'Suivant' }).click();

  // The classes step lists the school's classes, in their order.
  for (const [i, klass] of classes.entries()) {
    await expect(wizard.getByRole('textbox', { name: `Classe ${i + 1}`, exact: true })).toHaveValue(klass.name);
  }
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await wizard.getByRole('button', { name: 'Suivant' }).click();

  // The fees of the current year are there to keep or change.
  const fee = wizard.getByLabel(`MPPA de ${classes[0]!.name}`, { exact: true });
  await expect(fee).toHaveValue(Number.isInteger(firstFee) ? String(firstFee) : firstFee.toFixed(2).replace('.', ','));
  await fee.fill('31000,5');
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  // The summary speaks the school's currency.
  await expect(wizard.getByText(`${classes[0]!.name} : 31\u202f000,50 Gdes`)).toBeVisible();
  await wizard.getByRole('button', { name: 'Annuler' }).click();
  await expect(wizard).toBeHidden();
});
