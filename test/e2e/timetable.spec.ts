// The timetable on a phone (issue 13): the manager places a lesson in a class's week (a day list
// on a phone), sees the server refuse an overlap naming the clash inside the dialog, then removes
// the lesson.
import { expect, test } from './fixtures';
import { PHONE, signInAndLand } from './support';

test.use({ viewport: PHONE });

test('a manager places a lesson, sees an overlap refused with its clash named, and removes the lesson', async ({
  page,
}) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/timetable');
  await expect(page.getByRole('heading', { name: 'Emploi du temps', level: 1 })).toBeVisible();
  await page.getByLabel('Classe', { exact: true }).selectOption('7e AF');
  const week = page.getByRole('group', { name: 'Emploi du temps de la semaine' });
  await expect(week.getByRole('heading', { name: 'Lundi' })).toBeVisible();

  // A lesson late on Saturday.
  await page.getByRole('button', { name: '+ Ajouter un créneau' }).click();
  let dialog = page.getByRole('dialog', { name: 'Ajouter un créneau' });
  await dialog.getByLabel('Cours').selectOption({ label: 'Mathématiques · 7e AF · Jean-Robert Baptiste' });
  await dialog.getByLabel('Jour').selectOption({ label: 'Samedi' });
  await dialog.getByLabel('Début').fill('17:00');
  await dialog.getByLabel('Fin').fill('18:00');
  await dialog.getByLabel('Salle').fill('Salle 9');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Créneau ajouté.')).toBeVisible();
  const saturday = week.locator('section').filter({ has: page.getByRole('heading', { name: 'Samedi' }) });
  await expect(saturday).toContainText('17:00 - 18:00');
  await expect(saturday).toContainText('Salle 9');

  // Another course of the class at an overlapping time: refused, the clash named in the dialog.
  await page.getByRole('button', { name: '+ Ajouter un créneau' }).click();
  dialog = page.getByRole('dialog', { name: 'Ajouter un créneau' });
  await dialog.getByLabel('Cours').selectOption({ label: 'Français · 7e AF · Marie-Claude Étienne' });
  await dialog.getByLabel('Jour').selectOption({ label: 'Samedi' });
  await dialog.getByLabel('Début').fill('17:30');
  await dialog.getByLabel('Fin').fill('18:30');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'La classe 7e AF a déjà cours à ce moment : Mathématiques avec Jean-Robert Baptiste, Samedi de 17:00 à 18:00.',
  );
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The lesson opens; removing it empties the slot.
  await saturday.getByRole('button', { name: /Mathématiques 7e AF 17:00 - 18:00/ }).click();
  await page.getByRole('dialog', { name: 'Mathématiques · 7e AF' }).getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Créneau supprimé.')).toBeVisible();
  await expect(week).not.toContainText('17:00 - 18:00');
});
