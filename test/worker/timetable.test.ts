// The timetable (issue 13): the week of a class or a teacher; the server refuses an overlap for
// the same teacher or the same class naming the clash, accepts touching edges and a lesson moved
// within its own time, keeps the rule under a race, and keeps lessons with roll calls.
import { describe, expect, it } from 'vitest';
import type { SavedLesson, TimetableWeek } from '../../worker/contract/timetable';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, sql, tokenFor } from './helpers';
import { writeMarks } from './fixtures-seats';

async function setUp() {
  const fixture = await schoolWithCourses();
  const token = await tokenFor(fixture.school, 'admin');
  const assignment = (name: string) => `${name}-${fixture.school.id}`;
  const place = (name: string, day: number, start: string, end: string, location_name?: string) =>
    call(fixture.school, token, 'POST', '/api/timetable', {
      assignment_id: assignment(name),
      day_of_week: day,
      start_time: start,
      end_time: end,
      location_name,
    });
  return { ...fixture, token, assignment, place, entry: (name: string) => `${name}-${fixture.school.id}` };
}

describe('timetable', () => {
  it('answers the week of a class and of a teacher, by day and start time', async () => {
    const { school, token, yearId, teacher } = await setUp();
    const byClass = await bodyOf<TimetableWeek>(
      await call(school, token, 'GET', `/api/timetable?yearId=${yearId}&className=${encodeURIComponent('7e AF')}`),
    );
    expect(byClass.entries.map((e) => `${e.day_of_week} ${e.start_time} ${e.subject_name} ${e.teacher_nom}`)).toEqual([
      '1 07:00 Français Baptiste',
      '1 08:00 Mathématiques Baptiste',
      '3 08:00 Sciences Étienne',
    ]);
    const byTeacher = await bodyOf<TimetableWeek>(
      await call(school, token, 'GET', `/api/timetable?yearId=${yearId}&teacherId=${teacher.prof}`),
    );
    expect(
      byTeacher.entries.map(
        (e) => `${e.day_of_week} ${e.start_time}-${e.end_time} ${e.class_name} ${e.location_name ?? 'N/A'}`,
      ),
    ).toEqual(['1 07:00-08:00 7e AF Salle 2', '1 08:00-09:00 7e AF Salle 1', '2 10:00-11:00 8e AF N/A']);
    // Another school's teacher is 404, like an unknown one, not an empty week.
    const other = await setUp();
    for (const teacherId of [other.teacher.prof, crypto.randomUUID()]) {
      const foreign = await call(school, token, 'GET', `/api/timetable?yearId=${yearId}&teacherId=${teacherId}`);
      expect(foreign.status).toBe(404);
      expect(await bodyOf(foreign)).toEqual({ message: 'Professeur introuvable.', code: 'not_found' });
    }
    const neither = await call(school, token, 'GET', `/api/timetable?yearId=${yearId}`);
    expect(neither.status).toBe(400);
    expect((await bodyOf(neither)).message).toBe('Veuillez choisir une classe ou un professeur.');
  });

  it('refuses an overlap for the same teacher or the same class, naming the clash; touching edges are fine', async () => {
    const { place } = await setUp();
    const teacherClash = await place('a-maths8', 1, '07:30', '08:30');
    expect(teacherClash.status).toBe(409);
    expect(await bodyOf(teacherClash)).toMatchObject({
      code: 'timetable_clash',
      message: 'Jean-Robert Baptiste a déjà cours à ce moment : Français en 7e AF, Lundi de 07:00 à 08:00.',
    });
    const classClash = await place('a-sc7', 1, '08:30', '09:30');
    expect((await bodyOf(classClash)).message).toBe(
      'La classe 7e AF a déjà cours à ce moment : Mathématiques avec Jean-Robert Baptiste, Lundi de 08:00 à 09:00.',
    );

    const touching = await place('a-sc7', 1, '9h', '10:00', ' Labo ');
    expect(touching.status).toBe(201);
    expect((await bodyOf<SavedLesson>(touching)).entry).toMatchObject({
      start_time: '09:00',
      end_time: '10:00',
      location_name: 'Labo',
      subject_name: 'Sciences',
    });

    const backwards = await place('a-sc7', 4, '10:00', '09:00');
    expect((await bodyOf(backwards)).message).toBe("L'heure de fin doit être après l'heure de début.");
    expect((await bodyOf(await place('a-sc7', 7, '10:00', '11:00'))).message).toBe(
      'Le jour doit être du lundi (1) au samedi (6).',
    );
    expect((await bodyOf(await place('a-sc7', 4, '25:00', '11:00'))).message).toBe(
      "L'heure de début n'est pas valide (HH:MM).",
    );
  });

  it('moves a lesson within its own time or elsewhere, refusing a clash the same way', async () => {
    const { school, token, entry } = await setUp();
    const move = (id: string, day: number, start: string, end: string) =>
      call(school, token, 'PUT', `/api/timetable/${entry(id)}`, {
        day_of_week: day,
        start_time: start,
        end_time: end,
        location_name: 'Salle 1',
      });
    const within = await move('t2', 1, '08:15', '09:00');
    expect(within.status).toBe(200);
    expect((await bodyOf<SavedLesson>(within)).message).toBe('Créneau déplacé.');
    expect((await move('t2', 1, '07:30', '08:30')).status).toBe(409);
    expect((await move('t2', 5, '07:30', '08:30')).status).toBe(200);
  });

  it('keeps the rule when two lessons are placed at once', async () => {
    const { place } = await setUp();
    const both = await Promise.all([place('a-sc7', 4, '10:00', '11:00'), place('a-fr7', 4, '10:30', '11:30')]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('deletes a lesson, but not one with a roll call; checks the permission and the school', async () => {
    const { school, token, entry, yearId } = await setUp();
    expect((await bodyOf(await call(school, token, 'DELETE', `/api/timetable/${entry('t1')}`))).message).toBe(
      'Créneau supprimé.',
    );

    const student = crypto.randomUUID();
    const enrollment = crypto.randomUUID();
    await sql(
      school,
      'INSERT INTO students (id, instance_id, nom, prenom) VALUES (?, ?, ?, ?)',
      student,
      school.id,
      'Anel',
      'Rose',
    ).run();
    await sql(
      school,
      'INSERT INTO enrollments (id, instance_id, student_id, year_id, class_id) SELECT ?, ?, ?, year_id, class_id FROM assignments WHERE id = ?',
      enrollment,
      school.id,
      student,
      `a-fr7-${school.id}`,
    ).run();
    await writeMarks(school.id, [
      { entryId: entry('t3'), date: '2026-01-19', enrollmentId: enrollment, status: 'absent' },
    ]);
    const kept = await call(school, token, 'DELETE', `/api/timetable/${entry('t3')}`);
    expect(kept.status).toBe(409);
    expect((await bodyOf(kept)).message).toBe(
      "Ce créneau a déjà des présences : déplacez-le plutôt que de le supprimer, l'historique de l'appel reste.",
    );

    const cashier = await tokenFor(school, 'comptable');
    expect((await call(school, cashier, 'GET', `/api/timetable?yearId=${yearId}&className=7e%20AF`)).status).toBe(403);
    expect((await call(school, cashier, 'DELETE', `/api/timetable/${entry('t2')}`)).status).toBe(403);
    const other = await schoolWithCourses();
    expect((await call(school, token, 'DELETE', `/api/timetable/t2-${other.school.id}`)).status).toBe(404);
    expect(
      (
        await call(school, token, 'POST', '/api/timetable', {
          assignment_id: `a-sc7-${other.school.id}`,
          day_of_week: 6,
          start_time: '08:00',
          end_time: '09:00',
        })
      ).status,
    ).toBe(404);
  });
});
