// The reads built on packed marks and grades (decision 220) take a constant number of D1
// statements whatever the class size and the number of days: the daily sheet and the detailed
// report, the roll call, the report cards' data and the student's Notes, read for a class of 2
// and one of 60, over one day and six.
import { describe, expect, it, vi } from 'vitest';
import { createYear, seedStudents } from './fixtures-academic';
import { call, createSchool, sql, tokenFor } from './helpers';
import { type Mark, type Score, writeMarks, writeScores } from './fixtures-seats';
import { addDays } from '../../worker/domain/dates';

const MONDAY = '2026-01-19';

async function twoClasses() {
  const school = await createSchool();
  const { yearId, classIds } = await createYear(school.id, {
    classes: [
      ['7e AF', 25_000],
      ['8e AF', 30_000],
    ],
  });
  const sizes = { '7e AF': 2, '8e AF': 60 } as const;
  const seeds = Object.entries(sizes).flatMap(([className, n]) =>
    Array.from({ length: n }, (_, i) => ({ nom: `${className} ${i}`, prenom: 'Test', className })),
  );
  const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, { yearId, classIds }, seeds);
  const period = crypto.randomUUID();
  const subject = crypto.randomUUID();
  const marks: Mark[] = [];
  const scores: Score[] = [];
  const statements = [
    sql(
      school,
      "INSERT INTO academic_periods (id, instance_id, year_id, name, position) VALUES (?, ?, ?, 'Trimestre 1', 1)",
      period,
      school.id,
      yearId,
    ),
    sql(school, "INSERT INTO subjects (id, instance_id, name) VALUES (?, ?, 'Mathématiques')", subject, school.id),
  ];
  const lessons: Record<string, string[]> = {};
  for (const [className, classId] of classIds) {
    const assignment = crypto.randomUUID();
    const evaluation = crypto.randomUUID();
    lessons[className] = [1, 2, 3, 4, 5, 6].map(() => crypto.randomUUID());
    statements.push(
      sql(
        school,
        'INSERT INTO curriculum (id, instance_id, year_id, class_id, subject_id) VALUES (?, ?, ?, ?, ?)',
        crypto.randomUUID(),
        school.id,
        yearId,
        classId,
        subject,
      ),
      sql(
        school,
        "INSERT INTO teachers (id, instance_id, prenom, nom) VALUES (?, ?, 'Marie', 'Prof')",
        `${assignment}-t`,
        school.id,
      ),
      sql(
        school,
        'INSERT INTO assignments (id, instance_id, year_id, teacher_id, class_id, subject_id) VALUES (?, ?, ?, ?, ?, ?)',
        assignment,
        school.id,
        yearId,
        `${assignment}-t`,
        classId,
        subject,
      ),
      ...lessons[className]!.map((id, day) =>
        sql(
          school,
          "INSERT INTO timetable_entries (id, instance_id, assignment_id, day_of_week, start_time, end_time) VALUES (?, ?, ?, ?, '07:00', '08:00')",
          id,
          school.id,
          assignment,
          day + 1,
        ),
      ),
      sql(
        school,
        "INSERT INTO evaluations (id, instance_id, class_id, subject_id, period_id, name, max_score) VALUES (?, ?, ?, ?, ?, 'Devoir', 2000)",
        evaluation,
        school.id,
        classId,
        subject,
        period,
      ),
    );
    const members = seeds
      .map((s, i) => [s, enrollmentIdByStudent.get(studentIds[i]!)!] as const)
      .filter(([s]) => s.className === className)
      .map(([, e]) => e);
    // A week of marks and a grade each, written as the app writes them.
    for (const [day, entryId] of lessons[className]!.entries())
      for (const enrollmentId of members)
        marks.push({ entryId, date: addDays(MONDAY, day), enrollmentId, status: 'present' });
    for (const enrollmentId of members) scores.push({ evaluationId: evaluation, enrollmentId, score: 1500 });
  }
  await school.db.batch(statements);
  await writeMarks(school.id, marks);
  await writeScores(school.id, scores);
  const studentOf = (className: string) => studentIds[seeds.findIndex((s) => s.className === className)]!;
  return { school, yearId, period, lessons, studentOf, admin: await tokenFor(school, 'admin') };
}

describe('reads of packed marks and grades', () => {
  it('take as many D1 statements for 60 pupils over six days as for 2 over one', async () => {
    const s = await twoClasses();
    // The statements sent to the school's database: the session's and the read's. The host's
    // lookup in the directory, made once per isolate on the school's first request, is not the
    // read's: counted when the tests shared one database and signed their tokens without a sign-in
    // (so no earlier request had made it), it made the first daily sheet 9 statements, the next 8.
    const statements = async (path: string, holds = '"present"') => {
      const prepare = vi.spyOn(s.school.db, 'prepare');
      try {
        const res = await call(s.school, s.admin, 'GET', path);
        expect(res.status).toBe(200);
        expect((await res.text()).includes(holds), path).toBe(true);
        return prepare.mock.calls.length;
      } finally {
        prepare.mockRestore();
      }
    };
    const range = (className: string, end: string) =>
      `yearId=${s.yearId}&className=${encodeURIComponent(className)}&startDate=${MONDAY}&endDate=${end}`;
    for (const report of ['daily-attendance-report', 'attendance-report']) {
      const small = await statements(`/api/${report}?${range('7e AF', MONDAY)}`);
      expect(await statements(`/api/${report}?${range('8e AF', '2026-01-24')}`)).toBe(small);
    }
    expect(await statements(`/api/teacher/attendance?entryId=${s.lessons['8e AF']![0]}&date=${MONDAY}`)).toBe(
      await statements(`/api/teacher/attendance?entryId=${s.lessons['7e AF']![0]}&date=${MONDAY}`),
    );
    const cards = (className: string) =>
      `/api/bulk-report-data?yearId=${s.yearId}&className=${encodeURIComponent(className)}&periodId=${s.period}`;
    expect(await statements(cards('8e AF'), '"score":15')).toBe(await statements(cards('7e AF'), '"score":15'));
    // The student's Notes: the count is checked on the answer's grades, not on 'present'.
    const notes = async (className: string) => {
      const prepare = vi.spyOn(s.school.db, 'prepare');
      try {
        const res = await call(s.school, s.admin, 'GET', `/api/student/grades?studentId=${s.studentOf(className)}`);
        expect(await res.json()).toMatchObject({ subjects: [{ evaluations: [{ score: 15, max: 20 }] }] });
        return prepare.mock.calls.length;
      } finally {
        prepare.mockRestore();
      }
    };
    expect(await notes('8e AF')).toBe(await notes('7e AF'));
  });
});
