// The demo is written on the day it is created (issue 23; decision 211): its current year is the
// school year of today in Port-au-Prince, shown as such on the director's home, and the demo
// teacher's roll calls of today's lessons are already taken.
import { expect, test } from './fixtures';
import { apiToken, signIn, signInAndLand } from './support';
import type { TeacherLesson } from '../../worker/contract/teacher';
import { schoolToday, schoolYearOf } from '../../worker/domain/dates';
import { dayOfWeekOf } from '../../worker/domain/timetable';

// The small demo: the same calendar as the large one, written faster.
test.use({ schoolData: 'small' });

test("the demo's current year holds today, and today's roll calls are taken", async ({ page }) => {
  const today = schoolToday();
  const year = schoolYearOf(today);

  await signInAndLand(page, 'admin', '/dashboard');
  await expect(page.getByRole('heading', { name: `L'année ${year} en chiffres` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Année scolaire' })).toContainText(`${year} (Actuelle)`);

  await page.getByRole('button', { name: 'Déconnexion' }).first().click({ force: true });
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'prof');
  await expect(page).toHaveURL(/\/teacher$/);
  const token = await apiToken(page, 'prof');
  const headers = { Authorization: `Bearer ${token}` };
  const years = (await (await page.request.get('/api/school-years', { headers })).json()) as {
    id: string;
    name: string;
    is_current: boolean;
  }[];
  expect(years.find((y) => y.is_current)?.name).toBe(year);
  const lessons = (await (
    await page.request.get(`/api/teacher/timetable?yearId=${years.find((y) => y.is_current)!.id}`, { headers })
  ).json()) as TeacherLesson[];
  const todays = lessons.filter((l) => l.day_of_week === dayOfWeekOf(today));

  const card = page.getByRole('region', { name: "Aujourd'hui" });
  if (todays.length === 0) {
    // A Sunday, or a day the demo teacher has no lesson: no card of today.
    await expect(page.getByRole('tab', { name: 'Mon Emploi du temps' })).toBeVisible();
    await expect(card).toHaveCount(0);
    return;
  }
  await expect(card.getByRole('link', { name: "Faire l'appel" })).toHaveCount(todays.length);
  await card.getByRole('link', { name: "Faire l'appel" }).first().click();
  await expect(page).toHaveURL(new RegExp(`date=${today}$`));
  // Every pupil of the class is marked already: the demo's roll call of today.
  await expect(page.getByRole('status').filter({ hasText: 'élèves marqués' })).toHaveText(
    /^(\d+) \/ \1 élèves marqués$/,
  );
  await expect(page.getByRole('status').filter({ hasText: 'élèves marqués' })).not.toHaveText(/^0 \//);
});
