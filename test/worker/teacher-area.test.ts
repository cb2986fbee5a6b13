// The teacher's own space (GET /api/teacher/dashboard, /api/teacher/timetable): a teacher sees
// their courses and their week only, in order; an admin without a profile sees the whole
// programme; staff without the teacher area and students are refused; another school's year is 404.
import { describe, expect, it } from 'vitest';
import type { TeacherAnnouncement, TeacherDashboard, TeacherLesson } from '../../worker/contract/teacher';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, sql, tokenFor } from './helpers';

describe('teacher area', () => {
  it('gives the teacher their first name, courses in class order then subject, and their week in day and time order', async () => {
    const { school, yearId } = await schoolWithCourses();
    const token = await tokenFor(school, 'prof');
    const dashboard = await call(school, token, 'GET', `/api/teacher/dashboard?yearId=${yearId}`);
    expect(dashboard.status, await dashboard.clone().text()).toBe(200);
    const courses = (await bodyOf<TeacherDashboard>(dashboard)).courses;
    expect(
      await bodyOf<TeacherDashboard>(await call(school, token, 'GET', `/api/teacher/dashboard?yearId=${yearId}`)),
    ).toMatchObject({ prenom: 'Jean-Robert', username: 'prof' });
    expect(courses.map((c) => `${c.class_name} ${c.subject_name}`)).toEqual([
      '7e AF Français',
      '7e AF Mathématiques',
      '8e AF Mathématiques',
    ]);

    const week = await bodyOf<TeacherLesson[]>(
      await call(school, token, 'GET', `/api/teacher/timetable?yearId=${yearId}`),
    );
    expect(
      week.map((e) => [e.day_of_week, e.start_time, e.end_time, e.subject_name, e.class_name, e.location_name]),
    ).toEqual([
      [1, '07:00', '08:00', 'Français', '7e AF', 'Salle 2'],
      [1, '08:00', '09:00', 'Mathématiques', '7e AF', 'Salle 1'],
      [2, '10:00', '11:00', 'Mathématiques', '8e AF', null],
    ]);
  });

  it('gives an admin without a teacher profile every course of the programme and an empty week', async () => {
    const { school, yearId } = await schoolWithCourses();
    const token = await tokenFor(school, 'admin');
    const dashboard = await bodyOf<TeacherDashboard>(
      await call(school, token, 'GET', `/api/teacher/dashboard?yearId=${yearId}`),
    );
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
      for (const path of ['dashboard', 'timetable'])
        expect((await call(school, token, 'GET', `/api/teacher/${path}?yearId=${yearId}`)).status).toBe(403);
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

  it('gives the teacher the announcements sent to them, newest first, and no one else’s', async () => {
    const { school, teacher } = await schoolWithCourses();
    const send = async (id: string, content: string, at: string, to: string) => {
      await sql(
        school,
        'INSERT INTO teacher_announcements (id, instance_id, content, created_at) VALUES (?, ?, ?, ?)',
        `${id}-${school.id}`,
        school.id,
        content,
        at,
      ).run();
      await sql(
        school,
        'INSERT INTO teacher_announcement_recipients (instance_id, announcement_id, teacher_id) VALUES (?, ?, ?)',
        school.id,
        `${id}-${school.id}`,
        to,
      ).run();
    };
    await send('n1', 'Conseil de classe lundi.', '2026-01-10T10:00:00.000Z', teacher.prof);
    await send('n2', 'Notes du trimestre avant vendredi.', '2026-01-12T10:00:00.000Z', teacher.prof);
    await send('n3', 'Réunion des professeurs de sciences.', '2026-01-13T10:00:00.000Z', teacher.other);
    const list = await bodyOf<TeacherAnnouncement[]>(
      await call(school, await tokenFor(school, 'prof'), 'GET', '/api/teacher/announcements'),
    );
    expect(list.map((a) => a.content)).toEqual(['Notes du trimestre avant vendredi.', 'Conseil de classe lundi.']);
    expect(
      await bodyOf(await call(school, await tokenFor(school, 'admin'), 'GET', '/api/teacher/announcements')),
    ).toEqual([]);
  });
});
