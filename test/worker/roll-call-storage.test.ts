// Roll calls stored packed (decision 220), through the routes: two halves of one sheet saved at
// once both kept; a pupil joining the class mid-year takes the next seat and older roll calls
// stay as they were; a pupil leaving keeps their marks (read with their old class's reports, on the
// days they were in it: decision 302);
// a roll call whose marks are all cleared is gone, and its lesson can be deleted again; a deleted
// pupil's marks and grades are erased and their seat never given again.
import { describe, expect, it } from 'vitest';
import type { DetailedReport } from '../../worker/contract/attendance';
import type { RollCall } from '../../worker/contract/teacher';
import { schoolWithCourses } from './fixtures-teaching';
import { seedStudents } from './fixtures-academic';
import { bodyOf, call, sql, tokenFor } from './helpers';

const MONDAY = '2026-01-19';
const NEXT_MONDAY = '2026-01-26';

async function setUp() {
  const base = await schoolWithCourses();
  const { school, yearId, classIds } = base;
  const seeds = Array.from({ length: 30 }, (_, i) => ({
    nom: `Élève ${String(i).padStart(2, '0')}`,
    prenom: 'Test',
    className: i < 29 ? '7e AF' : undefined,
  }));
  const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, { yearId, classIds }, seeds);
  const enrolled = studentIds.slice(0, 29).map((id) => enrollmentIdByStudent.get(id)!);
  return {
    ...base,
    studentIds,
    enrolled,
    newcomer: studentIds[29]!,
    prof: await tokenFor(school, 'prof'),
    admin: await tokenFor(school, 'admin'),
    lesson: `t3-${school.id}`, // Français, 7e AF, Monday 07:00
  };
}
type Ctx = Awaited<ReturnType<typeof setUp>>;

const save = (ctx: Ctx, date: string, marks: { enrollment_id: string; status: string | null }[]) =>
  call(ctx.school, ctx.prof, 'PUT', '/api/teacher/attendance', { timetable_entry_id: ctx.lesson, date, marks });

const rollCall = async (ctx: Ctx, date: string) =>
  (
    await bodyOf<RollCall>(
      await call(ctx.school, ctx.admin, 'GET', `/api/teacher/attendance?entryId=${ctx.lesson}&date=${date}`),
    )
  ).marks;

describe('roll calls stored by seat', () => {
  it('keeps both halves of one sheet saved at once, and each later change', async () => {
    const ctx = await setUp();
    const statuses = ['present', 'absent', 'late', 'justified'];
    const marks = ctx.enrolled.map((enrollment_id, i) => ({ enrollment_id, status: statuses[i % 4]! }));
    const halves = await Promise.all([save(ctx, MONDAY, marks.slice(0, 15)), save(ctx, MONDAY, marks.slice(15))]);
    expect(halves.map((r) => r.status)).toEqual([200, 200]);
    const byId = (list: { enrollment_id: string; status: string | null }[]) =>
      list.filter((m) => m.status).sort((a, b) => a.enrollment_id.localeCompare(b.enrollment_id));
    expect(await rollCall(ctx, MONDAY)).toEqual(byId(marks));
    // Two phones change two pupils at once: both changes kept, the rest unchanged.
    await Promise.all([
      save(ctx, MONDAY, [{ enrollment_id: ctx.enrolled[0]!, status: 'late' }]),
      save(ctx, MONDAY, [{ enrollment_id: ctx.enrolled[28]!, status: null }]),
    ]);
    const changed = marks.map((m, i) => (i === 0 ? { ...m, status: 'late' } : i === 28 ? { ...m, status: '' } : m));
    expect(await rollCall(ctx, MONDAY)).toEqual(byId(changed));
  });

  it("seats a newcomer after the others; a leaver keeps their marks, read with the old class's days", async () => {
    const ctx = await setUp();
    await save(
      ctx,
      MONDAY,
      ctx.enrolled.map((enrollment_id) => ({ enrollment_id, status: 'present' })),
    );
    const joined = await call(ctx.school, ctx.admin, 'POST', '/api/enrollments', {
      student_id: ctx.newcomer,
      year_id: ctx.yearId,
      className: '7e AF',
      mppa: 250,
    });
    expect(joined.status).toBe(201);
    const newcomer = ((await joined.json()) as { enrollment: { id: string } }).enrollment.id;
    const leaver = ctx.enrolled[5]!;
    const moved = await call(ctx.school, ctx.admin, 'POST', '/api/enrollments/bulk-change-class', {
      enrollmentIds: [leaver],
      targetClassName: '8e AF',
    });
    expect(moved.status).toBe(200);
    // The leaver joined 8e AF on the Wednesday between the two Mondays.
    await sql(
      ctx.school,
      "UPDATE class_changes SET changed_on = '2026-01-21' WHERE instance_id = ?",
      ctx.school.id,
    ).run();
    // A mark for the leaver is refused now (not of the class that day), naming them; the newcomer's is kept.
    const refused = await save(ctx, NEXT_MONDAY, [
      { enrollment_id: newcomer, status: 'absent' },
      { enrollment_id: leaver, status: 'absent' },
    ]);
    expect(refused.status).toBe(409);
    expect((await bodyOf(refused)).message).toBe("Appel non enregistré : Test Élève 05 n'est pas en 7e AF ce jour-là.");
    await save(ctx, NEXT_MONDAY, [{ enrollment_id: newcomer, status: 'absent' }]);
    expect(await rollCall(ctx, NEXT_MONDAY)).toEqual([{ enrollment_id: newcomer, status: 'absent' }]);
    // The first roll call is as it was: the leaver's mark still there, no mark for the newcomer.
    const first = await rollCall(ctx, MONDAY);
    expect(first).toHaveLength(29);
    expect(first.find((m) => m.enrollment_id === leaver)).toEqual({ enrollment_id: leaver, status: 'present' });
    const seats = await sql(
      ctx.school,
      'SELECT j.key AS seat, j.value AS id FROM class_rosters r, json_each(r.enrollment_ids) j WHERE r.instance_id = ? AND r.class_id = ? AND j.value IN (?, ?)',
      ctx.school.id,
      ctx.classIds.get('7e AF'),
      newcomer,
      leaver,
    ).all<{ seat: number; id: string }>();
    expect(seats.results.find((s) => s.id === newcomer)!.seat).toBe(29);
    // The leaver's Monday mark is read with 7e AF's reports, the class they were in that day; 8e AF's have none.
    const reportOf = async (className: string) =>
      bodyOf<DetailedReport>(
        await call(
          ctx.school,
          ctx.admin,
          'GET',
          `/api/attendance-report?yearId=${ctx.yearId}&className=${encodeURIComponent(className)}&startDate=${MONDAY}&endDate=${NEXT_MONDAY}`,
        ),
      );
    const leaverStudent = ctx.studentIds[5]!;
    expect(
      (await reportOf('7e AF')).records
        .filter((r) => r.student_id === leaverStudent)
        .map((r) => [r.date, r.subject_name, r.status]),
    ).toEqual([[MONDAY, 'Français', 'present']]);
    expect((await reportOf('8e AF')).records).toEqual([]);
  });

  it('a roll call cleared of every mark is gone, and its lesson can be deleted', async () => {
    const ctx = await setUp();
    const one = [{ enrollment_id: ctx.enrolled[0]!, status: 'present' }];
    expect((await save(ctx, MONDAY, one)).status).toBe(200);
    const refused = await call(ctx.school, ctx.admin, 'DELETE', `/api/timetable/${ctx.lesson}`);
    expect(refused.status).toBe(409);
    await save(ctx, MONDAY, [{ enrollment_id: ctx.enrolled[0]!, status: null }]);
    const rows = await sql(
      ctx.school,
      'SELECT count(*) AS n FROM roll_calls WHERE instance_id = ?',
      ctx.school.id,
    ).first<{
      n: number;
    }>();
    expect(rows!.n).toBe(0);
    expect((await call(ctx.school, ctx.admin, 'DELETE', `/api/timetable/${ctx.lesson}`)).status).toBe(200);
    // A lesson of a class without pupils (Mathématiques, 8e AF, Tuesday): another class's mark is
    // refused (decision 302), a cleared one is nothing to write: no roll call either way.
    const lessonOf8 = { timetable_entry_id: `t1-${ctx.school.id}`, date: '2026-01-20' };
    const other = await call(ctx.school, ctx.prof, 'PUT', '/api/teacher/attendance', { ...lessonOf8, marks: one });
    expect(other.status).toBe(409);
    const empty = await call(ctx.school, ctx.prof, 'PUT', '/api/teacher/attendance', {
      ...lessonOf8,
      marks: [{ enrollment_id: ctx.enrolled[0]!, status: null }],
    });
    expect(empty.status, await empty.clone().text()).toBe(200);
    const after = await sql(
      ctx.school,
      'SELECT count(*) AS n FROM roll_calls WHERE instance_id = ?',
      ctx.school.id,
    ).first<{
      n: number;
    }>();
    expect(after!.n).toBe(0);
  });

  it("erases a deleted pupil's marks and grades, and never gives their seat again", async () => {
    const ctx = await setUp();
    const gone = ctx.enrolled[3]!;
    await save(
      ctx,
      MONDAY,
      ctx.enrolled.map((enrollment_id) => ({ enrollment_id, status: 'absent' })),
    );
    // Mathématiques 7e AF (Monday 08:00): only the pupil to be deleted was marked.
    const maths = `t2-${ctx.school.id}`;
    await call(ctx.school, ctx.prof, 'PUT', '/api/teacher/attendance', {
      timetable_entry_id: maths,
      date: MONDAY,
      marks: [{ enrollment_id: gone, status: 'late' }],
    });
    const period = crypto.randomUUID();
    await sql(
      ctx.school,
      "INSERT INTO academic_periods (id, instance_id, year_id, name, position) VALUES (?, ?, ?, 'Trimestre 1', 1)",
      period,
      ctx.school.id,
      ctx.yearId,
    ).run();
    for (const enrollment_id of [ctx.enrolled[2]!, gone])
      expect(
        (
          await call(ctx.school, ctx.prof, 'POST', '/api/grades', {
            enrollment_id,
            subject_id: ctx.subject.maths,
            period_id: period,
            evaluation_name: 'Devoir',
            max_score: 20,
            score: 12,
          })
        ).status,
      ).toBe(200);
    const count = async (query: string, ...params: unknown[]) =>
      (await sql(ctx.school, query, ...params).first<{ n: number }>())!.n;
    expect(await count('SELECT count(*) AS n FROM attendance_records WHERE enrollment_id = ?', gone)).toBe(2);

    const rosterIds = async () =>
      JSON.parse(
        (await sql(
          ctx.school,
          'SELECT enrollment_ids AS ids FROM class_rosters WHERE instance_id = ? AND class_id = ?',
          ctx.school.id,
          ctx.classIds.get('7e AF'),
        ).first<{ ids: string }>())!.ids,
      ) as (string | null)[];
    const seat = (await rosterIds()).indexOf(gone);
    expect(seat).toBeGreaterThanOrEqual(0);

    const removed = await call(ctx.school, ctx.admin, 'POST', '/api/students/delete', { ids: [ctx.studentIds[3]] });
    expect(removed.status, await removed.clone().text()).toBe(200);
    // Erased, not only unread: the seat's mark is '-', its score null, the roster's id gone.
    const french = await sql(
      ctx.school,
      'SELECT marks FROM roll_calls WHERE instance_id = ? AND timetable_entry_id = ?',
      ctx.school.id,
      ctx.lesson,
    ).first<{ marks: string }>();
    expect(french!.marks[seat]).toBe('-');
    expect(french!.marks.replaceAll('-', '')).toBe('a'.repeat(28));
    expect(await count('SELECT count(*) AS n FROM roll_calls WHERE timetable_entry_id = ?', maths)).toBe(0);
    const scores = await sql(ctx.school, 'SELECT scores FROM evaluations WHERE instance_id = ?', ctx.school.id).first<{
      scores: string;
    }>();
    expect(JSON.parse(scores!.scores).filter((v: number | null) => v !== null)).toEqual([1200]);
    const ids = await rosterIds();
    expect(ids[seat]).toBeNull();
    expect(ids).not.toContain(gone);
    // The lesson whose only roll call was theirs can be deleted again.
    expect((await call(ctx.school, ctx.admin, 'DELETE', `/api/timetable/${maths}`)).status).toBe(200);
    // A newcomer takes a new seat, after the others, not the emptied one.
    const joined = await call(ctx.school, ctx.admin, 'POST', '/api/enrollments', {
      student_id: ctx.newcomer,
      year_id: ctx.yearId,
      className: '7e AF',
      mppa: 250,
    });
    const newcomer = ((await joined.json()) as { enrollment: { id: string } }).enrollment.id;
    await save(ctx, NEXT_MONDAY, [{ enrollment_id: newcomer, status: 'present' }]);
    expect((await rosterIds()).indexOf(newcomer)).toBe(29);
    expect(await rollCall(ctx, MONDAY)).toHaveLength(28);
  });
});
