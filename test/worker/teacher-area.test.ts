// The teacher's own space (GET /api/teacher/dashboard, /api/teacher/timetable): a teacher sees
// their courses and their week only, in order; an admin without a profile sees the whole
// programme; staff without the teacher area and students are refused; another school's year is 404.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { TeacherDashboard, TeacherLesson } from '../../worker/contract/teacher';
import { createYear } from './fixtures-academic';
import { bodyOf, call, createSchool, sql, tokenFor } from './helpers';

async function schoolWithCourses() {
  const school = await createSchool();
  const { yearId, classIds } = await createYear(school.id, { classes: [['7e AF', 25_000], ['8e AF', 30_000]] });
  const subject = { maths: crypto.randomUUID(), francais: crypto.randomUUID(), sciences: crypto.randomUUID(), anglais: crypto.randomUUID() };
  const teacher = { prof: crypto.randomUUID(), other: crypto.randomUUID() };
  const c7 = classIds.get('7e AF')!;
  const c8 = classIds.get('8e AF')!;
  // [assignment id, teacher, class, subject]; Anglais in 8e AF is in the programme but not assigned.
  const courses = [
    ['a-maths7', teacher.prof, c7, subject.maths],
    ['a-fr7', teacher.prof, c7, subject.francais],
    ['a-maths8', teacher.prof, c8, subject.maths],
    ['a-sc7', teacher.other, c7, subject.sciences],
  ] as const;
  await env.DB.batch([
    sql('INSERT INTO subjects (id, instance_id, name) VALUES (?, ?, ?), (?, ?, ?), (?, ?, ?), (?, ?, ?)', subject.maths, school.id, 'Mathématiques', subject.francais, school.id, 'Français', subject.sciences, school.id, 'Sciences', subject.anglais, school.id, 'Anglais'),
    sql('INSERT INTO teachers (id, instance_id, user_id, prenom, nom) VALUES (?, ?, ?, ?, ?)', teacher.prof, school.id, school.userIdByName.get('prof'), 'Jean-Robert', 'Baptiste'),
    sql('INSERT INTO teachers (id, instance_id, user_id, prenom, nom) VALUES (?, ?, NULL, ?, ?)', teacher.other, school.id, 'Marie', 'Étienne'),
    ...[...courses.map(([, , classId, subjectId]) => [classId, subjectId] as const), [c8, subject.anglais] as const].map(([classId, subjectId]) =>
      sql('INSERT INTO curriculum (id, instance_id, year_id, class_id, subject_id) VALUES (?, ?, ?, ?, ?)', crypto.randomUUID(), school.id, yearId, classId, subjectId),
    ),
    ...courses.map(([id, teacherId, classId, subjectId]) =>
      sql('INSERT INTO assignments (id, instance_id, year_id, teacher_id, class_id, subject_id) VALUES (?, ?, ?, ?, ?, ?)', `${id}-${school.id}`, school.id, yearId, teacherId, classId, subjectId),
    ),
    ...(
      [
        ['t1', 'a-maths8', 2, '10:00', '11:00', null],
        ['t2', 'a-maths7', 1, '08:00', '09:00', 'Salle 1'],
        ['t3', 'a-fr7', 1, '07:00', '08:00', 'Salle 2'],
        ['t4', 'a-sc7', 3, '08:00', '09:00', 'Labo'],
      ] as const
    ).map(([id, assignment, day, start, end, place]) =>
      sql(
        'INSERT INTO timetable_entries (id, instance_id, assignment_id, day_of_week, start_time, end_time, location_name) VALUES (?, ?, ?, ?, ?, ?, ?)',
        `${id}-${school.id}`,
        school.id,
        `${assignment}-${school.id}`,
        day,
        start,
        end,
        place,
      ),
    ),
  ]);
  return { school, yearId };
}

describe('teacher area', () => {
  it("gives the teacher their first name, courses in class order then subject, and their week in day and time order", async () => {
    const { school, yearId } = await schoolWithCourses();
    const token = await tokenFor(school, 'prof');
    const dashboard = await call(school, token, 'GET', `/api/teacher/dashboard?yearId=${yearId}`);
    expect(dashboard.status, await dashboard.clone().text()).toBe(200);
    const courses = (await bodyOf<TeacherDashboard>(dashboard)).courses;
    expect(await bodyOf<TeacherDashboard>(await call(school, token, 'GET', `/api/teacher/dashboard?yearId=${yearId}`))).toMatchObject({ prenom: 'Jean-Robert', username: 'prof' });
    expect(courses.map((c) => `${c.class_name} ${c.subject_name}`)).toEqual(['7e AF Français', '7e AF Mathématiques', '8e AF Mathématiques']);

    const week = await bodyOf<TeacherLesson[]>(await call(school, token, 'GET', `/api/teacher/timetable?yearId=${yearId}`));
    expect(week.map((e) => [e.day_of_week, e.start_time, e.end_time, e.subject_name, e.class_name, e.location_name])).toEqual([
      [1, '07:00', '08:00', 'Français', '7e AF', 'Salle 2'],
      [1, '08:00', '09:00', 'Mathématiques', '7e AF', 'Salle 1'],
      [2, '10:00', '11:00', 'Mathématiques', '8e AF', null],
    ]);
  });

  it('gives an admin without a teacher profile every course of the programme and an empty week', async () => {
    const { school, yearId } = await schoolWithCourses();
    const token = await tokenFor(school, 'admin');
    const dashboard = await bodyOf<TeacherDashboard>(await call(school, token, 'GET', `/api/teacher/dashboard?yearId=${yearId}`));
    expect(dashboard.prenom).toBeNull();
    expect(dashboard.username).toBe('admin');
    expect(dashboard.courses.map((c) => `${c.class_name} ${c.subject_name}`)).toEqual([
      '7e AF Français',
      '7e AF Mathématiques',
      '7e AF Sciences',
      '8e AF Anglais',
      '8e AF Mathématiques',
    ]);
    expect(await bodyOf(await call(school, token, 'GET', `/api/teacher/timetable?yearId=${yearId}`))).toEqual([]);
  });

  it('refuses staff accounts and students, and answers 404 for another school’s year and 400 without a year', async () => {
    const { school, yearId } = await schoolWithCourses();
    const other = await schoolWithCourses();
    for (const username of ['secretaire', 'eleve']) {
      const token = await tokenFor(school, username);
      for (const path of ['dashboard', 'timetable']) expect((await call(school, token, 'GET', `/api/teacher/${path}?yearId=${yearId}`)).status).toBe(403);
    }
    const token = await tokenFor(school, 'prof');
    for (const path of ['dashboard', 'timetable']) {
      const foreign = await call(school, token, 'GET', `/api/teacher/${path}?yearId=${other.yearId}`);
      expect(foreign.status).toBe(404);
      expect((await bodyOf(foreign)).message).toBe('Année scolaire introuvable.');
      const missing = await call(school, token, 'GET', `/api/teacher/${path}`);
      expect(missing.status).toBe(400);
      expect((await bodyOf(missing)).message).toBe('Veuillez sélectionner une année scolaire.');
    }
    expect((await call(school, null, 'GET', `/api/teacher/dashboard?yearId=${yearId}`)).status).toBe(401);
  });
});
