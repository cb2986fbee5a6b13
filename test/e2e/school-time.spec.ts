// Times in the school's zone (issue 38; decision 310): a phone set to Tokyo's time (13 or 14 hours
// ahead of Port-au-Prince) shows the time the school's clock showed, on the support chat and the
// activity log, as on every screen that writes an instant (worker/domain/format.ts; the lint
// refuses the device-zone spellings elsewhere).
import { expect, test } from './fixtures';
import { apiToken, PHONE, signInAndLand } from './support';

test.use({ viewport: PHONE, timezoneId: 'Asia/Tokyo' });

const inZone = (iso: string, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('fr-FR', { ...options, timeZone }).format(new Date(iso));

test('a teacher in Tokyo reads the support chat at the school’s time', async ({ page }) => {
  const token = await apiToken(page, 'prof');
  const sent = await page.request.post('/api/teacher/support-messages', {
    headers: { Authorization: `Bearer ${token}` },
    data: { content: 'Le projecteur de la salle 2 est réparé.' },
  });
  expect(sent.status()).toBe(201);
  const { created_at } = (await sent.json()) as { created_at: string };
  const dayTime: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' };
  const school = inZone(created_at, 'America/Port-au-Prince', dayTime);
  const tokyo = inZone(created_at, 'Asia/Tokyo', dayTime);
  expect(school).not.toBe(tokyo);

  await signInAndLand(page, 'prof', '/teacher');
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
  await page.getByRole('tablist', { name: 'Espace Professeur' }).getByRole('tab', { name: 'Support' }).click();
  const chat = page.getByRole('region', { name: 'Support' });
  await expect(chat.getByText('Le projecteur de la salle 2 est réparé.')).toBeVisible();
  await expect(chat).toContainText(`Vous · ${school}`);
  await expect(chat).not.toContainText(tokyo);
});

test('an admin in Tokyo reads the activity log at the school’s time', async ({ page }) => {
  const token = await apiToken(page, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  const name = `Fuseau ${crypto.randomUUID().slice(0, 6)}`;
  expect((await page.request.post('/api/subjects', { headers, data: { name } })).status()).toBe(201);
  const { logs } = (await (await page.request.get('/api/admin/audit-logs?limit=1', { headers })).json()) as {
    logs: { timestamp: string; target_name: string | null }[];
  };
  expect(logs[0]!.target_name).toContain(name);
  const stamp: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' };
  const school = inZone(logs[0]!.timestamp, 'America/Port-au-Prince', stamp);
  expect(school).not.toBe(inZone(logs[0]!.timestamp, 'Asia/Tokyo', stamp));

  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/admin');
  await page.getByRole('button', { name: "Journal d'activité" }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.locator('time')).toHaveText(school);
});
