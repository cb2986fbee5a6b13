// What a roll-call mark and a grade cost on disk (issue 24, decision 171): a school year of a
// 40-pupil class written through the routes (a lesson a day marked, one sheet in ten saved in
// two halves, a pupil joining in January and one leaving in March; a year of grades, one cell
// per request), then the bytes of the storage measured exactly. D1 in workerd has no dbstat
// and refuses PRAGMA page_count; but it runs with auto-vacuum, so every answer's
// `meta.size_after` is the database's size and dropping a table gives back exactly the pages
// of the table and its indexes, root pages included (what dbstat's pgsize sums). The school's
// database holds only this test's marks and grades; the tables are dropped at its very end.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../worker/domain/dates';
import { createYear, seedStudents } from './fixtures-academic';
import { call, createSchool, sql, tokenFor } from './helpers';

/** The tables a mark and a grade are stored in (shared ones counted in both). */
const MARK_TABLES = ['roll_calls', 'attendance_overrides', 'class_rosters'];
const GRADE_TABLES = ['evaluations', 'class_rosters'];

const sizeNow = async (d1: D1Database) => (await d1.prepare('SELECT 1').run()).meta.size_after as number;

/** The bytes each table of a database holds on disk, its indexes included: the pages dropping it gives back. */
async function bytesOf(d1: D1Database, tables: string[]) {
  const bytes: Record<string, number> = {};
  for (const table of tables) {
    const before = await sizeNow(d1);
    await d1.prepare(`DROP TABLE ${table}`).run();
    bytes[table] = before - (await sizeNow(d1));
  }
  return bytes;
}

const SUBJECTS = ['Mathématiques', 'Français', 'Sciences', 'Anglais', 'Histoire', 'Créole'];

async function yearOfAClass() {
  const school = await createSchool();
  const { yearId, classIds } = await createYear(school.id, {
    classes: [
      ['7e AF', 25_000],
      ['8e AF', 30_000],
    ],
  });
  const pupils = Array.from({ length: 41 }, (_, i) => ({
    nom: `Élève ${String(i).padStart(2, '0')}`,
    prenom: 'Test',
    className: i === 40 ? undefined : '7e AF',
  }));
  const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, { yearId, classIds }, pupils);
  const teacher = crypto.randomUUID();
  const subjectIds = SUBJECTS.map(() => crypto.randomUUID());
  const c7 = classIds.get('7e AF')!;
  // A lesson a day, Monday to Saturday, each subject once a week (the bytes of a mark do not
  // depend on how many lessons a day are marked: a roll call is a row).
  const lessons = Array.from({ length: 6 }, (_, i) => ({
    id: crypto.randomUUID(),
    day: i + 1,
    start: '07:00',
    end: '08:00',
    subject: i,
  }));
  await school.db.batch([
    ...SUBJECTS.map((name, i) =>
      sql(school, 'INSERT INTO subjects (id, instance_id, name) VALUES (?, ?, ?)', subjectIds[i], school.id, name),
    ),
    sql(
      school,
      "INSERT INTO teachers (id, instance_id, user_id, prenom, nom) VALUES (?, ?, ?, 'Jean', 'Prof')",
      teacher,
      school.id,
      school.userIdByName.get('prof'),
    ),
    ...subjectIds.flatMap((subjectId, i) => [
      sql(
        school,
        'INSERT INTO curriculum (id, instance_id, year_id, class_id, subject_id, max_grade) VALUES (?, ?, ?, ?, ?, 10000)',
        crypto.randomUUID(),
        school.id,
        yearId,
        c7,
        subjectId,
      ),
      sql(
        school,
        'INSERT INTO assignments (id, instance_id, year_id, teacher_id, class_id, subject_id) VALUES (?, ?, ?, ?, ?, ?)',
        `a${i}-${school.id}`,
        school.id,
        yearId,
        teacher,
        c7,
        subjectId,
      ),
    ]),
    ...lessons.map((l) =>
      sql(
        school,
        'INSERT INTO timetable_entries (id, instance_id, assignment_id, day_of_week, start_time, end_time) VALUES (?, ?, ?, ?, ?, ?)',
        l.id,
        school.id,
        `a${l.subject}-${school.id}`,
        l.day,
        l.start,
        l.end,
      ),
    ),
  ]);
  const enrolled = studentIds.slice(0, 40).map((s) => enrollmentIdByStudent.get(s)!);
  return { school, yearId, classIds, lessons, subjectIds, enrolled, newcomer: studentIds[40]!, prof: '' };
}

describe('storage of a school year', () => {
  it('a mark costs at most 16 bytes on disk and a grade at most 96', { timeout: 600_000 }, async () => {
    const y = await yearOfAClass();
    const prof = await tokenFor(y.school, 'prof');
    const admin = await tokenFor(y.school, 'admin');
    const statuses = ['present', 'present', 'present', 'present', 'present', 'present', 'late', 'absent', 'justified'];
    let members: string[] = [...y.enrolled];
    let sheets = 0;
    let n = 0;
    for (let date = '2025-09-01'; date <= '2026-06-30'; date = addDays(date, 1)) {
      if (date === '2026-01-05') {
        // A pupil joins the class after the holidays.
        const joined = await call(y.school, admin, 'POST', '/api/enrollments', {
          student_id: y.newcomer,
          year_id: y.yearId,
          className: '7e AF',
          mppa: 250,
        });
        expect(joined.status, await joined.clone().text()).toBe(201);
        members = [...members, ((await joined.json()) as { enrollment: { id: string } }).enrollment.id];
      }
      if (date === '2026-03-02') {
        // A pupil leaves for the other class.
        const moved = await call(y.school, admin, 'POST', '/api/enrollments/bulk-change-class', {
          enrollmentIds: [members[3]],
          targetClassName: '8e AF',
        });
        expect(moved.status, await moved.clone().text()).toBe(200);
        members = members.filter((_, i) => i !== 3);
      }
      const day = new Date(`${date}T12:00:00Z`).getUTCDay();
      for (const lesson of y.lessons.filter((l) => l.day === day)) {
        const marks = members.map((enrollment_id) => ({ enrollment_id, status: statuses[n++ % statuses.length]! }));
        // Now and then a sheet is saved in two halves (two phones, or a late count).
        const parts = sheets++ % 10 === 0 ? [marks.slice(0, 20), marks.slice(20)] : [marks];
        for (const part of parts) {
          const res = await call(y.school, prof, 'PUT', '/api/teacher/attendance', {
            timetable_entry_id: lesson.id,
            date,
            marks: part,
          });
          expect(res.status, await res.clone().text()).toBe(200);
        }
      }
    }
    const marks = (await sql(
      y.school,
      'SELECT count(*) AS n FROM attendance_records WHERE instance_id = ?',
      y.school.id,
    ).first<{
      n: number;
    }>())!.n;
    expect(marks).toBeGreaterThan(10_000);

    // A year of grades: three terms, four subjects, two evaluations each, every pupil graded; the
    // class's cells of an evaluation sent at once (all kept: each lands at its seat in the batch).
    const periods = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await y.school.db.batch(
      periods.map((id, i) =>
        sql(
          y.school,
          'INSERT INTO academic_periods (id, instance_id, year_id, name, position) VALUES (?, ?, ?, ?, ?)',
          id,
          y.school.id,
          y.yearId,
          `Trimestre ${i + 1}`,
          i + 1,
        ),
      ),
    );
    let grades = 0;
    for (const period_id of periods)
      for (const subject_id of y.subjectIds.slice(0, 4))
        for (const [name, max] of [
          ['Devoir', 40],
          ['Examen', 60],
        ] as const) {
          const evaluation_id = crypto.randomUUID();
          const answers = await Promise.all(
            members.map((enrollment_id, i) =>
              call(y.school, prof, 'POST', '/api/grades', {
                evaluation_id,
                enrollment_id,
                subject_id,
                period_id,
                evaluation_name: name,
                max_score: max,
                new_evaluation: true,
                score: Math.round(((i * 7 + grades) % (max * 4)) * 25) / 100,
              }),
            ),
          );
          expect(answers.map((r) => r.status)).toEqual(members.map(() => 200));
          grades += members.length;
        }
    const stored = await sql(y.school, 'SELECT count(*) AS n FROM grades WHERE instance_id = ?', y.school.id).first<{
      n: number;
    }>();
    expect(stored!.n).toBe(grades);
    // Scores are packed as integers (hundredths): '1500', never '1500.0'.
    const real = await sql(y.school, "SELECT count(*) AS n FROM evaluations WHERE instr(scores, '.') > 0").first<{
      n: number;
    }>();
    expect(real!.n).toBe(0);

    const bytes = await bytesOf(y.school.db, [...new Set([...MARK_TABLES, ...GRADE_TABLES])]);
    const sum = (tables: string[]) => tables.reduce((total, t) => total + bytes[t]!, 0);
    const perMark = sum(MARK_TABLES) / marks;
    const perGrade = sum(GRADE_TABLES) / grades;
    console.log(JSON.stringify({ marks, grades, bytes, perMark, perGrade }));
    expect(perMark).toBeLessThanOrEqual(16);
    expect(perGrade).toBeLessThanOrEqual(96);
  });
});
