// Teachers management on a phone (issue 13): the manager adds a teacher (their account's temporary
// password shown once), gives them two free courses, sees removal refused while they teach this
// year; the new teacher signs in with the slip's password, changes it and finds both courses. A
// course with roll calls is handed over to another teacher, and the leaving one removed.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, DEMO, PHONE, signIn, signInAndLand } from './support';
import type { RollCall, TeacherLesson } from '../../worker/contract/teacher';
import type { AddedTeacher, ProgrammeCourse } from '../../worker/contract/teachers';
import { addDays, schoolClock } from '../../worker/domain/dates';
import { dayOfWeekOf } from '../../worker/domain/timetable';
import type { SchoolYear } from '../../worker/contract/school-years';

test.use({ viewport: PHONE });

/** Frees Anglais in 7e AF and 8e AF (the demo gives every course a teacher). */
async function freeTwoCourses(page: Page) {
  const token = await apiToken(page, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  const years = (await (await page.request.get('/api/school-years', { headers })).json()) as SchoolYear[];
  const year = years.find((y) => y.is_current)!;
  const programme = (await (
    await page.request.get(`/api/teachers/courses?yearId=${year.id}`, { headers })
  ).json()) as ProgrammeCourse[];
  for (const className of ['7e AF', '8e AF']) {
    const course = programme.find((c) => c.class_name === className && c.subject_name === 'Anglais')!;
    expect((await page.request.delete(`/api/assignments/${course.assignment_id}`, { headers })).status()).toBe(200);
  }
}

test('a manager adds a teacher and gives them courses; the teacher signs in and finds them', async ({ page }) => {
  await freeTwoCourses(page);
  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/teachers-management');
  await expect(page.getByRole('heading', { name: 'Gestion des Professeurs', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Jean-Robert Baptiste' })).toContainText('Mathématiques · 7e AF');

  // Add: the form's rule first, then the account.
  await page.getByRole('button', { name: '+ Ajouter un professeur' }).click();
  const form = page.getByRole('dialog', { name: 'Ajouter un professeur' });
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Saint-Fleur');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Le prénom est requis.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Prénom' }).fill('Guerda');
  await form.getByLabel('Téléphone').fill('3412 5678');
  await expect(form.getByText('Laissez vide pour « guerda.saint-fleur » (rendu unique si besoin).')).toBeVisible();
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  const credentials = page.getByRole('dialog', { name: 'Compte de Guerda Saint-Fleur' });
  await expect(credentials).toContainText('guerda.saint-fleur');
  const password = await credentials.getByTestId('temp-password').innerText();
  await expect(credentials.getByRole('button', { name: 'Imprimer' })).toBeVisible();
  await credentials.getByRole('button', { name: "J'ai noté" }).click();

  // Two free courses; a taken one is named and cannot be ticked.
  const card = page.getByRole('listitem', { name: 'Guerda Saint-Fleur' });
  await expect(card).toContainText('+509 3412 5678');
  await expect(card).toContainText('Mot de passe temporaire');
  await card.getByRole('button', { name: 'Cours' }).click();
  const courses = page.getByRole('dialog', { name: `Cours de Guerda Saint-Fleur — ${DEMO.currentYear}` });
  const seventh = courses.getByRole('group', { name: '7e AF' });
  await expect(seventh.getByRole('checkbox', { name: /Mathématiques/ })).toBeDisabled();
  await expect(seventh.getByText('Attribué à Jean-Robert Baptiste')).toBeVisible();
  await seventh.getByRole('checkbox', { name: 'Anglais' }).check();
  await expect(seventh.getByRole('checkbox', { name: 'Anglais' })).toBeChecked();
  await courses.getByRole('group', { name: '8e AF' }).getByRole('checkbox', { name: 'Anglais' }).check();
  await expect(courses.getByRole('group', { name: '8e AF' }).getByRole('checkbox', { name: 'Anglais' })).toBeChecked();
  await courses.getByRole('button', { name: 'Fermer' }).click();
  await expect(card).toContainText('Anglais · 7e AF');
  await expect(card).toContainText('Anglais · 8e AF');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Removal is refused while they teach this year, in French.
  await card.getByRole('button', { name: 'Supprimer' }).click();
  await page
    .getByRole('dialog', { name: 'Supprimer Guerda Saint-Fleur ?' })
    .getByRole('button', { name: 'Supprimer' })
    .click();
  await expect(
    page.getByText(
      `Impossible de supprimer Guerda Saint-Fleur : 2 cours lui sont attribués pour ${DEMO.currentYear}. Retirez-les ou confiez-les à un autre professeur d'abord.`,
    ),
  ).toBeVisible();
  await expect(card).toBeVisible();

  // The teacher signs in with the slip's password, replaces it, and finds the two courses.
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await page.getByRole('button', { name: 'Déconnexion' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'guerda.saint-fleur', password);
  await expect(page).toHaveURL(/\/force-password-change$/);
  await page.getByLabel('Nouveau mot de passe').fill('Guerda#Nouveau-2026');
  await page.getByLabel('Confirmer le mot de passe').fill('Guerda#Nouveau-2026');
  await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
  await expect(page).toHaveURL(/\/teacher$/);
  await expect(page.getByRole('heading', { name: 'Bienvenue, Guerda' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Carnet de notes : Anglais, 8e AF' })).toBeVisible();
});

test('a course with roll calls changes hands with them; the leaving teacher can then be removed', async ({ page }) => {
  const admin = { Authorization: `Bearer ${await apiToken(page, 'admin')}` };
  const prof = { Authorization: `Bearer ${await apiToken(page, 'prof')}` };
  const years = (await (await page.request.get('/api/school-years', { headers: admin })).json()) as SchoolYear[];
  const year = years.find((y) => y.is_current)!;
  // The newcomer who takes his courses, and a roll call in Jean-Robert Baptiste's first lesson.
  const added = await page.request.post('/api/teachers', {
    headers: admin,
    data: { prenom: 'Guerda', nom: 'Saint-Fleur' },
  });
  expect(added.status()).toBe(201);
  const guerda = ((await added.json()) as AddedTeacher).teacher;
  const lesson = (
    (await (
      await page.request.get(`/api/teacher/timetable?yearId=${year.id}`, { headers: prof })
    ).json()) as TeacherLesson[]
  )[0]!;
  const today = schoolClock().date;
  const date = addDays(today, -((((dayOfWeekOf(today) ?? 7) - lesson.day_of_week) % 7) + 7) % 7);
  const rollCall = (await (
    await page.request.get(`/api/teacher/attendance?entryId=${lesson.id}&date=${date}`, { headers: prof })
  ).json()) as RollCall;
  const marked = await page.request.put('/api/teacher/attendance', {
    headers: prof,
    data: {
      timetable_entry_id: lesson.id,
      date,
      marks: [{ enrollment_id: rollCall.students[0]!.enrollment_id, status: 'absent' }],
    },
  });
  expect(marked.status()).toBe(200);

  await signInAndLand(page, 'admin', '/dashboard');
  await page.goto('/teachers-management');
  const card = page.getByRole('listitem', { name: 'Jean-Robert Baptiste' });
  await card.getByRole('button', { name: 'Cours' }).click();
  const courses = page.getByRole('dialog', { name: /^Cours de Jean-Robert Baptiste — / });
  const group = courses.getByRole('group', { name: lesson.class_name });
  // Unticking is refused (roll calls): the hand-over opens in its place.
  await group.getByRole('checkbox', { name: lesson.subject_name }).click();
  await expect(
    page.getByText(
      'Ce cours a déjà des présences ou des ressources : confiez-le à un autre professeur au lieu de le retirer.',
    ),
  ).toBeVisible();
  const handOver = courses.getByRole('form', {
    name: `Confier ${lesson.subject_name} (${lesson.class_name}) à un autre professeur`,
  });
  await handOver.getByLabel('Nouveau professeur').selectOption({ label: 'Guerda Saint-Fleur' });
  await expect(handOver).toContainText(
    "L'emploi du temps, les présences, les ressources et les notes du cours le suivent.",
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  for (const control of await handOver.locator('select, button').all())
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await handOver.getByRole('button', { name: 'Confier le cours' }).click();
  await expect(
    page.getByText(
      'Cours confié à Guerda Saint-Fleur. Ses présences, ressources, notes et son emploi du temps le suivent.',
    ),
  ).toBeVisible();
  await expect(group.getByText('Attribué à Guerda Saint-Fleur').first()).toBeVisible();
  await expect(group.getByRole('checkbox', { name: lesson.subject_name })).toBeDisabled();

  // The roll call went with the course: Guerda's now, no longer his.
  const moved = await page.request.get(`/api/teacher/attendance?entryId=${lesson.id}&date=${date}`, { headers: prof });
  expect(moved.status()).toBe(404);

  // His other courses go to her too (through the same call); then he can be removed.
  const programme = (await (
    await page.request.get(`/api/teachers/courses?yearId=${year.id}`, { headers: admin })
  ).json()) as ProgrammeCourse[];
  const his = programme.filter((c) => c.teacher_nom === 'Baptiste' && c.teacher_prenom === 'Jean-Robert');
  for (const course of his) {
    const res = await page.request.put(`/api/assignments/${course.assignment_id}`, {
      headers: admin,
      data: { teacher_id: guerda.id },
    });
    expect(res.status()).toBe(200);
  }
  await courses.getByRole('button', { name: 'Fermer' }).click();
  await card.getByRole('button', { name: 'Supprimer' }).click();
  await page
    .getByRole('dialog', { name: 'Supprimer Jean-Robert Baptiste ?' })
    .getByRole('button', { name: 'Supprimer' })
    .click();
  await expect(
    page.getByText(/^Professeur (supprimé\.|archivé : ses cours des années passées restent dans l'historique\.)$/),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: 'Guerda Saint-Fleur' })).toContainText(
    `${lesson.subject_name} · ${lesson.class_name}`,
  );
});
