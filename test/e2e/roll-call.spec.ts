// The teacher's roll call on a phone (issue 13): from their week, the teacher opens a lesson's
// latest session, goes offline, marks two students; the marks stay on the phone through a reload
// and are sent once when the network returns. A roll call queued for a pupil who changed class
// meanwhile is refused on replay, naming her (issue 38, decision 302).
import { expect, test } from './fixtures';
import { apiToken, controlled, PHONE, signInAndLand } from './support';
import type { RollCall } from '../../worker/contract/teacher';
import { sql } from 'drizzle-orm';
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

test('a roll call queued offline for a pupil moved to another class meanwhile is refused on replay, naming her, where it was taken', async ({
  page,
  context,
  local,
  school,
}) => {
  await signInAndLand(page, 'prof', '/teacher');
  await controlled(page);
  await page.getByRole('tab', { name: 'Mon Emploi du temps' }).click();
  const week = page.getByRole('group', { name: 'Emploi du temps de la semaine' });
  const monday = week.locator('section').filter({ has: page.getByRole('heading', { name: 'Lundi' }) });
  await monday.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/teacher\/attendance\?entry=.+&date=\d{4}-\d{2}-\d{2}$/);
  await page.getByRole('button', { name: '← Séance précédente' }).click();
  await page.getByRole('button', { name: '← Séance précédente' }).click();
  const url = new URL(page.url());
  const entry = url.searchParams.get('entry')!;
  const date = url.searchParams.get('date')!;
  const rows = page.getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  const first = await rows.nth(0).locator('.roll-call-name').innerText();
  const second = await rows.nth(1).locator('.roll-call-name').innerText();

  await context.setOffline(true);
  await page.getByRole('button', { name: `${first} : Présent` }).click();
  await page.getByRole('button', { name: `${second} : Absent` }).click();
  await expect(
    page.getByText('Présences gardées sur le téléphone : elles seront envoyées au retour du réseau.'),
  ).toBeVisible();

  // Meanwhile the secretary moves the first pupil to another class, from before that day.
  const admin = { Authorization: `Bearer ${await apiToken(page, 'admin')}` };
  const roll = (await (
    await page.request.get(`/api/teacher/attendance?entryId=${entry}&date=${date}`, { headers: admin })
  ).json()) as RollCall;
  const pupil = roll.students.find((s) => first.includes(s.nom) && first.includes(s.prenom))!;
  const classes = (await (await page.request.get('/api/classes', { headers: admin })).json()) as { name: string }[];
  const target = classes.find((k) => k.name !== roll.entry.class_name)!.name;
  const moved = await page.request.post('/api/enrollments/bulk-change-class', {
    headers: admin,
    data: { enrollmentIds: [pupil.enrollment_id], targetClassName: target },
  });
  expect(moved.status()).toBe(200);
  await local.schools
    .get(school.shard)!
    .run(sql`UPDATE class_changes SET changed_on = ${addDays(date, -7)} WHERE instance_id = ${school.id}`);

  // Online again: the replay is refused, and the teacher reads why on the roll call.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const refusal = page
    .getByRole('list', { name: /^Modifications refusées/ })
    .getByRole('alert')
    .filter({ hasText: `${pupil.prenom} ${pupil.nom} n'est pas en ${roll.entry.class_name} ce jour-là.` });
  await expect(refusal).toBeVisible({ timeout: 30_000 });
  // Nothing of it landed; the roll call of that day lists the class without her.
  const after = (await (
    await page.request.get(`/api/teacher/attendance?entryId=${entry}&date=${date}`, { headers: admin })
  ).json()) as RollCall;
  expect(after.marks.filter((m) => m.status !== null && ['present', 'absent'].includes(m.status))).toEqual(
    roll.marks.filter((m) => m.status !== null && ['present', 'absent'].includes(m.status)),
  );
  expect(after.students.map((s) => s.enrollment_id)).not.toContain(pupil.enrollment_id);
});
