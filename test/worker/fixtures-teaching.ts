// A school with two classes, four subjects, two teachers (the 'prof' account is Jean-Robert
// Baptiste), their courses of 2025-2026 and a few lessons in the week; Anglais in 8e AF is in the
// programme without a teacher. For the tests of the teacher area and of teachers management.
import { createYear } from './fixtures-academic';
import { createSchool, sql, type TestUser } from './helpers';

/** `shard`: the school database to put it in (the next one by default); `users`: the accounts, when not the default ones. */
export async function schoolWithCourses({ shard, users }: { shard?: string; users?: TestUser[] } = {}) {
  const school = await createSchool({ shard, users });
  const { yearId, classIds } = await createYear(school.id, {
    classes: [
      ['7e AF', 25_000],
      ['8e AF', 30_000],
    ],
  });
  const subject = {
    maths: crypto.randomUUID(),
    francais: crypto.randomUUID(),
    sciences: crypto.randomUUID(),
    anglais: crypto.randomUUID(),
  };
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
  await school.db.batch([
    sql(
      school,
      'INSERT INTO subjects (id, instance_id, name) VALUES (?, ?, ?), (?, ?, ?), (?, ?, ?), (?, ?, ?)',
      subject.maths,
      school.id,
      'Mathématiques',
      subject.francais,
      school.id,
      'Français',
      subject.sciences,
      school.id,
      'Sciences',
      subject.anglais,
      school.id,
      'Anglais',
    ),
    sql(
      school,
      'INSERT INTO teachers (id, instance_id, user_id, prenom, nom) VALUES (?, ?, ?, ?, ?)',
      teacher.prof,
      school.id,
      school.userIdByName.get('prof'),
      'Jean-Robert',
      'Baptiste',
    ),
    sql(
      school,
      'INSERT INTO teachers (id, instance_id, user_id, prenom, nom) VALUES (?, ?, NULL, ?, ?)',
      teacher.other,
      school.id,
      'Marie',
      'Étienne',
    ),
    ...[
      ...courses.map(([, , classId, subjectId]) => [classId, subjectId] as const),
      [c8, subject.anglais] as const,
    ].map(([classId, subjectId]) =>
      sql(
        school,
        'INSERT INTO curriculum (id, instance_id, year_id, class_id, subject_id) VALUES (?, ?, ?, ?, ?)',
        crypto.randomUUID(),
        school.id,
        yearId,
        classId,
        subjectId,
      ),
    ),
    ...courses.map(([id, teacherId, classId, subjectId]) =>
      sql(
        school,
        'INSERT INTO assignments (id, instance_id, year_id, teacher_id, class_id, subject_id) VALUES (?, ?, ?, ?, ?, ?)',
        `${id}-${school.id}`,
        school.id,
        yearId,
        teacherId,
        classId,
        subjectId,
      ),
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
        school,
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
  return { school, yearId, teacher, subject, classIds };
}
