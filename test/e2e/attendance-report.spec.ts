// The daily attendance sheet (issue 13): staff read a class's last week, where the demo teacher
// took roll calls; a day set by hand survives a reload, marked as such, and '—' takes it
// back to what the marks say. The detailed report lists the marks by subject.
import { expect, test } from './fixtures';
import { signInAndLand } from './support';
import { defaultRange } from '../../worker/domain/attendance';
import { addDays } from '../../worker/domain/dates';

test('a staff override of a day survives a reload and clears back to the derived status', async ({ page }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/reports/attendance');
  await expect(page.getByRole('heading', { name: 'Suivi des Présences', level: 1 })).toBeVisible();
  await page.getByLabel('Classe').selectOption('7e AF');
  const monday = addDays(defaultRange().start, -7);
  await page.getByLabel('Du', { exact: true }).fill(monday);
  await page.getByLabel('Au', { exact: true }).fill(addDays(monday, 5));
  const day = new Date(`${monday}T12:00:00`).toLocaleDateString('fr-FR');

  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  const name = await firstRow.getByRole('rowheader').innerText();
  const cell = page.getByRole('combobox', { name: `${name}, ${day}` });
  const derived = await cell.inputValue();
  expect(['present', 'absent', 'late', 'justified']).toContain(derived);
  const chosen = derived === 'justified' ? 'absent' : 'justified';
  await cell.selectOption(chosen);
  await expect(cell).toHaveValue(chosen);

  await page.reload();
  const again = page.getByRole('combobox', { name: `${name}, ${day}` });
  await expect(again).toHaveValue(chosen);
  await expect(again.locator('xpath=..')).toHaveAttribute('title', /^Modifié manuellement \(calculé : /);

  await again.selectOption('');
  await expect(again).toHaveValue(derived);
  await page.reload();
  await expect(page.getByRole('combobox', { name: `${name}, ${day}` })).toHaveValue(derived);

  await page.getByRole('tab', { name: 'Rapport détaillé par cours' }).click();
  await expect(page.getByRole('table')).toContainText('Mathématiques : ');
  await expect(page.getByRole('button', { name: 'Imprimer' })).toBeVisible();
});
