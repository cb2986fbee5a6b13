// The administration's activity log on a phone (issue 17; document 2 §2, §3, §4): the school's
// writes with their user, fr-FR date and time, actions by their French label and details as
// 'clé: valeur | ...' with names in place of ids (issue 23); filters by user, words and days, each
// taking the list back to page 1; no word cut in two on a desktop or a phone.
import type { Page } from '@playwright/test';
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
  const first = page.getByRole('row').filter({ hasText: 'Matière modifiée' });
  await expect(first).toContainText('Musique et chant');
  await expect(first).toContainText('avant: Musique');
  await expect(first.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);

  // Page 2, then a filter: back to page 1.
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Page 2 sur 2')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Option 1' }).first()).toBeVisible();
  await page.getByLabel('Rechercher').fill('musique');
  await expect(page.getByText('2 entrées au total')).toBeVisible();
  await expect(page.getByText('Page 2 sur 2')).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Matière créée' })).toContainText('Musique');

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

/** The words of the log's cells that the layout cut over two lines (not at a hyphen). */
const cutWords = (page: Page) =>
  page.evaluate(() => {
    const cut: string[] = [];
    for (const cell of document.querySelectorAll('.journal-table td, .journal-table th')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A word, or a part of a hyphenated one (a line may end after a hyphen, as in print).
        for (const match of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) cut.push(match[0]);
        }
      }
    }
    return cut;
  });

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

test("a payment reads by the pupil's name under its French label, and no word is cut at 1280 or 360 px", async ({
  page,
}) => {
  const headers = { Authorization: `Bearer ${await apiToken(page, 'comptable')}` };
  const years = (await (await page.request.get('/api/school-years', { headers })).json()) as {
    id: string;
    is_current: boolean;
  }[];
  const yearId = years.find((y) => y.is_current)!.id;
  const { classes } = (await (await page.request.get('/api/enrollments/all?limit=1', { headers })).json()) as {
    classes: string[];
  };
  const roster = (await (
    await page.request.get(`/api/enrollments?className=${encodeURIComponent(classes[0]!)}&yearId=${yearId}`, {
      headers,
    })
  ).json()) as { id: string; student: { prenom: string; nom: string } }[];
  const pupil = roster[0]!;
  expect(
    (await page.request.post(`/api/enrollments/${pupil.id}/payments`, { headers, data: { amount: 125 } })).status(),
  ).toBe(201);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/admin');
  await page.getByRole('button', { name: "Journal d'activité" }).click();
  const row = page.getByRole('row').filter({ hasText: 'Versement enregistré' });
  await expect(row).toContainText(`élève: ${pupil.student.prenom} ${pupil.student.nom}`);
  await expect(row).toContainText('comptable');
  expect(await page.locator('.journal-table').innerText()).not.toMatch(UUID);
  expect(await cutWords(page), 'words cut at 1280 px').toEqual([]);
  await page.screenshot({ path: 'test-results/screens/journal-1280.png', fullPage: true });

  await page.setViewportSize(PHONE);
  await expect(row).toBeVisible();
  expect(await cutWords(page), 'words cut at 360 px').toEqual([]);
  await page.screenshot({ path: 'test-results/screens/journal-payment-360.png', fullPage: true });
});
