// The teacher's roll call on a phone (issue 13): from their week, the teacher opens a lesson's
// latest session, goes offline, marks two students; the marks stay on the phone through a reload
// and are sent once when the network returns.
import { expect, test } from './fixtures';
import { apiToken, controlled, PHONE, signInAndLand } from './support';
import type { RollCall } from '../../worker/contract/teacher';
import { addDays } from '../../worker/domain/dates';

test.use({ viewport: PHONE });

test('a teacher takes a roll call offline; the marks survive a reload and land once online', async ({
  page,
  context,
}) => {
  await signInAndLand(page, 'prof', '/teacher');
  await controlled(page);
  await page.getByRole('tab', { name: 'Mon Emploi du temps' }).click();
  const week = page.getByRole('group', { name: 'Emploi du temps de la semaine' });
  const monday = week.locator('section').filter({ has: page.getByRole('heading', { name: 'Lundi' }) });
  await monday.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/teacher\/attendance\?entry=.+&date=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('heading', { name: /^Appel : Mathématiques · / })).toBeVisible();
  // Two sessions back: before the demo's roll calls (last week and this week).
  const latest = new URL(page.url()).searchParams.get('date')!;
  await page.getByRole('button', { name: '← Séance précédente' }).click();
  await page.getByRole('button', { name: '← Séance précédente' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${addDays(latest, -14)}$`));
  const rows = page.getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  const [first, second] = [
    await rows.nth(0).locator('.roll-call-name').innerText(),
    await rows.nth(1).locator('.roll-call-name').innerText(),
  ];

  await expect(page.getByRole('status').filter({ hasText: 'élèves marqués' })).toHaveText(/^0 \//);
  const url = new URL(page.url());

  // Offline: two taps, kept on the phone.
  await context.setOffline(true);
  await page.getByRole('button', { name: `${first} : Présent` }).click();
  await page.getByRole('button', { name: `${second} : Absent` }).click();
  await expect(
    page.getByText('Présences gardées sur le téléphone : elles seront envoyées au retour du réseau.'),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: `${first} : Présent` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: `${second} : Absent` })).toHaveAttribute('aria-pressed', 'true');

  // Online again: the queued write lands once.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const token = await apiToken(page, 'prof');
  const entry = url.searchParams.get('entry')!;
  const date = url.searchParams.get('date')!;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/teacher/attendance?entryId=${entry}&date=${date}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as RollCall;
      return body.marks.map((m) => m.status).sort();
    })
    .toEqual(['absent', 'present']);
});
