// The administration's activity log on a phone (issue 17; document 2 §2, §3, §4): the school's
// writes with their user, fr-FR date and time and details as 'key: value | ...'; filters by
// user, words and days, each taking the list back to page 1.
import { expect, test } from './fixtures';
import { apiToken, PHONE, signInAndLand } from './support';
import type { Subject } from '../../worker/contract/subjects';

test.use({ viewport: PHONE, schoolData: 'small' });

test("the admin reads and filters the school's activity log", async ({ page }) => {
  const token = await apiToken(page, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  // 21 subjects and one renamed: 22 entries, two pages of 20.
  for (let i = 1; i <= 21; i++)
    expect((await page.request.post('/api/subjects', { headers, data: { name: `Option ${i}` } })).status()).toBe(201);
  const created = (await (
    await page.request.post('/api/subjects', { headers, data: { name: 'Musique' } })
  ).json()) as Subject;
  expect(
    (await page.request.put(`/api/subjects/${created.id}`, { headers, data: { name: 'Musique et chant' } })).status(),
  ).toBe(200);

  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/admin');
  await page.getByRole('button', { name: "Journal d'activité" }).click();
  await expect(page.getByRole('heading', { name: "Journal d'Activité" })).toBeVisible();
  await expect(page.getByText('23 entrées au total')).toBeVisible();

  // Newest first: the rename, with its details and a fr-FR short date and medium time.
  const first = page.getByRole('row').filter({ hasText: 'UPDATE_SUBJECT' });
  await expect(first).toContainText('Musique et chant');
  await expect(first).toContainText('before: Musique');
  await expect(first.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);

  // Page 2, then a filter: back to page 1.
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Page 2 sur 2')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Option 1' }).first()).toBeVisible();
  await page.getByLabel('Rechercher').fill('musique');
  await expect(page.getByText('2 entrées au total')).toBeVisible();
  await expect(page.getByText('Page 2 sur 2')).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'CREATE_SUBJECT' })).toContainText('Musique');

  // By user: the secretary wrote nothing.
  await page.getByLabel('Rechercher').fill('');
  await page.getByLabel('Utilisateur').selectOption({ label: 'secretaire' });
  await expect(page.getByText('Aucune entrée ne correspond à ces filtres.')).toBeVisible();
  await page.getByLabel('Utilisateur').selectOption({ label: 'admin' });
  await expect(page.getByText('23 entrées au total')).toBeVisible();

  // By days: everything is from today, nothing before.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Port-au-Prince' }).format(new Date());
  await page.getByLabel('Au', { exact: true }).fill('2020-01-01');
  await expect(page.getByText('Aucune entrée ne correspond à ces filtres.')).toBeVisible();
  await page.getByLabel('Du', { exact: true }).fill(today);
  await page.getByLabel('Au', { exact: true }).fill(today);
  await expect(page.getByText('23 entrées au total')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/journal-360.png', fullPage: true });
});
