// Packed storage has one writer (decision 350): the fixtures write marks with the app's own code,
// so a fixture's roll call is the very row the roll-call route writes; the old one-row views are
// read-only (no write trigger left, and writing one is a type error); the demo seed's packing is
// the app's seating.
import { describe, expect, it } from 'vitest';
import { database } from '../../worker/db/client';
import { attendanceRecords, grades } from '../../worker/db/unpacked';
import { seedStudents } from './fixtures-academic';
import { writeMarks } from './fixtures-seats';
import { schoolWithCourses } from './fixtures-teaching';
import { call, sql, tokenFor } from './helpers';

const MONDAY = '2026-01-19';
const NEXT_MONDAY = '2026-01-26';
const STATUSES = ['present', 'absent', 'late', 'justified', null] as const;

describe('packed storage, one writer', () => {
  it("a fixture's marks are the marks the roll-call route saves", async () => {
    const base = await schoolWithCourses();
    const { school, yearId, classIds } = base;
    const seeds = Array.from({ length: 7 }, (_, i) => ({ nom: `Élève ${i}`, prenom: 'Test', className: '7e AF' }));
    const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, { yearId, classIds }, seeds);
    const enrolled = studentIds.map((id) => enrollmentIdByStudent.get(id)!);
    const lesson = `t3-${school.id}`; // Français, 7e AF, Monday 07:00
    const marks = enrolled.map((enrollment_id, i) => ({ enrollment_id, status: STATUSES[i % STATUSES.length]! }));
    // The same marks: Monday by the fixture, the next Monday by the route.
    await writeMarks(
      school.id,
      marks.flatMap((m) =>
        m.status ? [{ entryId: lesson, date: MONDAY, enrollmentId: m.enrollment_id, status: m.status }] : [],
      ),
    );
    const prof = await tokenFor(school, 'prof');
    const saved = await call(school, prof, 'PUT', '/api/teacher/attendance', {
      timetable_entry_id: lesson,
      date: NEXT_MONDAY,
      marks,
    });
    expect(saved.status).toBe(200);
    const rows = await sql(
      school,
      'SELECT date, marks FROM roll_calls WHERE instance_id = ? AND timetable_entry_id = ? ORDER BY date',
      school.id,
      lesson,
    ).all<{ date: string; marks: string }>();
    expect(rows.results.map((r) => r.date)).toEqual([MONDAY, NEXT_MONDAY]);
    expect(rows.results[0]!.marks).toBe(rows.results[1]!.marks);
    expect(rows.results[0]!.marks).toMatch(/^[palj-]{7}$/);
    // And the view reads the same marks on both days.
    const view = await sql(
      school,
      'SELECT date, enrollment_id, status FROM attendance_records WHERE instance_id = ? ORDER BY enrollment_id, date',
      school.id,
    ).all<{ date: string; enrollment_id: string; status: string }>();
    const on = (date: string) => view.results.filter((r) => r.date === date).map(({ date: _, ...r }) => r);
    expect(on(MONDAY)).toEqual(on(NEXT_MONDAY));
    expect(on(MONDAY)).toHaveLength(6); // 7 pupils, one without a mark
  });

  it('a fixture refuses a mark the app cannot write (a pupil of another class)', async () => {
    const base = await schoolWithCourses();
    const { school, yearId, classIds } = base;
    const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, { yearId, classIds }, [
      { nom: 'Autre', prenom: 'Classe', className: '8e AF' },
    ]);
    await expect(
      writeMarks(school.id, [
        {
          entryId: `t3-${school.id}`,
          date: MONDAY,
          enrollmentId: enrollmentIdByStudent.get(studentIds[0]!)!,
          status: 'present',
        },
      ]),
    ).rejects.toThrow(/not in the lesson's class/);
  });

  it('the one-row views are read-only: no write trigger, and no typed write', async () => {
    const { school } = await schoolWithCourses();
    const triggers = await sql(
      school,
      "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('attendance_records', 'grades')",
    ).all<{ name: string }>();
    expect(triggers.results).toEqual([]);
    await expect(
      sql(
        school,
        "INSERT INTO grades (id, instance_id, evaluation_id, enrollment_id, score) VALUES ('x', ?, 'e', 'e', 1)",
        school.id,
      ).run(),
    ).rejects.toThrow(/cannot modify grades because it is a view/);
    const db = database(school.db);
    // Declared as views: drizzle has no insert, update or delete for them; tsc fails if one of
    // these lines type-checks (never run: they would only fail at run time).
    const writes = () => [
      // @ts-expect-error a view cannot be written
      db.insert(attendanceRecords),
      // @ts-expect-error a view cannot be written
      db.update(grades),
      // @ts-expect-error a view cannot be written
      db.delete(grades),
    ];
    expect(typeof writes).toBe('function');
    // They still read.
    expect(await db.select().from(grades).limit(1)).toEqual([]);
  });
});
