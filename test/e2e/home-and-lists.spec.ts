// The director's figures on the home screen, and the printed student list of every page
// (issue 10), on a phone.
import { expect, test } from './fixtures';
import { DEMO, PHONE, signInAndLand } from './support';

test.use({ viewport: PHONE });

interface Summary {
  enrolled: number;
  classes: { name: string; enrolled: number }[];
}

test('the home screen shows the year in figures to whoever reads the financial report', async ({ page }) => {
  await signInAndLand(page, 'direction', '/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const years = (await (
    await page.request.get('/api/school-years', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as {
    id: string;
    is_current: boolean;
  }[];
  const summary = (await (
    await page.request.get(`/api/dashboard/summary?yearId=${years.find((y) => y.is_current)!.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as Summary;

  const figures = page.getByRole('region', { name: `L'année ${DEMO.currentYear} en chiffres` });
  await expect(figures.getByText('Élèves inscrits').first()).toBeVisible();
  await expect(figures.locator('.figure').first()).toContainText(String(summary.enrolled));
  await expect(figures.getByText(/^Versé en /).first()).toBeVisible();
  await expect(figures.getByText('Balance restante').first()).toBeVisible();
  const row = figures
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: summary.classes[0]!.name, exact: true }) });
  await expect(row).toContainText(String(summary.classes[0]!.enrolled));
  await page.screenshot({ path: 'test-results/screens/dashboard-figures-360.png', fullPage: true });
});

test('‘Imprimer la liste’ prints the whole list as filtered, every page, without a selection', async ({ page }) => {
  await signInAndLand(page, 'secretaire', '/dashboard');
  await page.goto('/students');
  const status = page.locator('.pager-status');
  await expect(status).toContainText('Page 1 sur');
  const total = Number(/(\d+) élèves au total/.exec((await status.locator('.muted').textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(25);

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimer la liste' }).click();
  const list = await popup;
  await expect(list.locator('tbody tr')).toHaveCount(total);
  await expect(list.getByText(`${total} élève(s)`)).toBeVisible();
  await list.close();

  // Filtered to one class: that class, whole.
  await page.getByLabel('Classe', { exact: true }).selectOption('NS I');
  await expect(status).toContainText('Page 1 sur 1');
  const inClass = await page.locator('.students-table tbody tr').count();
  const classPopup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimer la liste' }).click();
  const classList = await classPopup;
  await expect(classList.locator('tbody tr')).toHaveCount(inClass);
  for (const cell of await classList.locator('tbody tr td:nth-child(5)').allTextContents()) expect(cell).toBe('NS I');
  await classList.close();
});
