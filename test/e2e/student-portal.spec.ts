// The student portal on a phone (issue 16): the demo pupil signs in, sees their class and what is
// left to pay, and after this one visit opens their week, grades and finances without network.
import { expect, test } from './fixtures';
import { controlled, DEMO, PHONE, signInAndLand } from './support';

test.use({ viewport: PHONE });

test('a student opens every section offline after one visit', async ({ page, context }) => {
  await signInAndLand(page, 'eleve', '/student');
  await expect(page.getByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Bonjour, /)).toBeVisible();
  await expect(page.getByText(new RegExp(`^.+ · année ${DEMO.currentYear}$`))).toBeVisible();
  await controlled(page);
  // The dashboard read every section once: wait for the last of them.
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await page.goto('/student/timetable');
  await expect(page.getByRole('heading', { name: 'Emploi du temps' })).toBeVisible();
  await expect(page.getByText(/^La semaine de la /)).toBeVisible();

  await page.goto('/student/grades');
  await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
  await expect(page.getByText(/^Moyenne de la période \(sur (100|10)\) :/)).toBeVisible();
  await expect(page.getByText(/^Rang : \d+(er|ème)( ex æquo)? sur \d+$/)).toBeVisible();

  await page.goto('/student/finance');
  await expect(page.getByRole('heading', { name: 'Finances' })).toBeVisible();
  await expect(page.getByText('MPPA ajusté')).toBeVisible();
  await expect(page.getByText(/Reçu n° \d+/).first()).toBeVisible();
});
