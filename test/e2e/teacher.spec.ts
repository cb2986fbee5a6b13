// The teacher's space on a phone (issue 13): the demo teacher signs in, finds their courses by
// class with a link to each grade book, their week as a day list, the password form, and all of
// it again offline after one visit.
import { expect, test } from './fixtures';
import { DEMO_PASSWORD } from '../../scripts/demo-accounts';
import { controlled, PHONE, signInAndLand } from './support';

test.use({ viewport: PHONE });

test('a teacher sees their courses by class, their week, and both again offline', async ({ page, context }) => {
  await signInAndLand(page, 'prof', '/teacher');
  await expect(page.getByRole('heading', { name: 'Bienvenue, Jean-Robert' })).toBeVisible();

  // Mes Cours: Mathématiques in five classes, each card in class order, each subject a link.
  const tabs = page.getByRole('tablist', { name: 'Espace Professeur' });
  await expect(tabs.getByRole('tab', { name: 'Mes Cours' })).toHaveAttribute('aria-selected', 'true');
  const classes = page.getByRole('tabpanel').getByRole('heading', { level: 2 });
  await expect(classes).toHaveText([
    '7e AF 1 matière',
    '8e AF 1 matière',
    '9e AF 1 matière',
    'NS I 1 matière',
    'NS II 1 matière',
  ]);
  await expect(page.getByRole('link', { name: 'Carnet de notes : Mathématiques, 9e AF' })).toHaveAttribute(
    'href',
    /^\/teacher\/class\/9e%20AF\/subject\/[^/]+$/,
  );
  // Nothing on the phone is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Mon Emploi du temps: a day list on a phone, every lesson one of the teacher's.
  await tabs.getByRole('tab', { name: 'Mon Emploi du temps' }).click();
  const week = page.getByRole('group', { name: 'Emploi du temps de la semaine' });
  await expect(week.getByRole('heading', { name: 'Lundi' })).toBeVisible();
  const lessons = week.getByRole('listitem');
  expect(await lessons.count()).toBeGreaterThan(4);
  for (const text of await lessons.allInnerTexts()) expect(text).toContain('Mathématiques');

  // Sécurité: the password change with its checklist.
  await tabs.getByRole('tab', { name: 'Sécurité' }).click();
  await expect(page.getByLabel('Mot de passe actuel')).toBeVisible();
  // The school's backup is the administration's: not in a teacher's tab.
  await expect(page.getByText('Sauvegarde de l’école')).toHaveCount(0);

  // Offline after this one visit: the week and the courses still show.
  await controlled(page);
  await tabs.getByRole('tab', { name: 'Mon Emploi du temps' }).click();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Vous êtes hors ligne. Affichage des données sauvegardées.')).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Emploi du temps de la semaine' }).getByRole('heading', { name: 'Lundi' }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Mes Cours' }).click();
  await expect(page.getByRole('link', { name: 'Carnet de notes : Mathématiques, 7e AF' })).toBeVisible();

  // A password change needs the network: offline it is refused on the spot, never queued.
  await page.getByRole('tab', { name: 'Sécurité' }).click();
  await page.getByLabel('Mot de passe actuel').fill(DEMO_PASSWORD);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau#Mot2026');
  await page.getByLabel('Confirmer le nouveau mot de passe').fill('Nouveau#Mot2026');
  await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
  await expect(page.getByText('Vous êtes hors ligne. La connexion nécessite une connexion internet.')).toBeVisible();
  await expect(page.getByText('Mot de passe mis à jour.')).toHaveCount(0);
  await expect(page.getByText(/en attente d'envoi/)).toHaveCount(0);
});

test('an admin opens the teacher space: every course of the programme, no week of their own', async ({ page }) => {
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/teacher');
  await expect(page.getByRole('heading', { name: 'Bienvenue, admin' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Carnet de notes : Anglais, Philo' })).toBeVisible();
  await page.getByRole('tab', { name: 'Mon Emploi du temps' }).click();
  await expect(page.getByText('Aucun cours planifié pour cette année.')).toBeVisible();
});
