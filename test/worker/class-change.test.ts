// A pupil who changes class during the year (issue 38, decision 302): her grades of the earlier
// periods follow her into the new class's report cards, her Notes and the promotion; the old
// class's roll calls and sheets keep the days she was there, and the new class's show none of
// them; a roll call or a grade for a pupil who was not in the class is refused with her name.
import { describe, expect, it } from 'vitest';
import type { DailyReport, DetailedReport } from '../../worker/contract/attendance';
import type { ReportData, SavedScores } from '../../worker/contract/grades';
import type { PromotionPreview } from '../../worker/contract/promotion';
import type { StudentGrades } from '../../worker/contract/student-portal';
import type { RollCall } from '../../worker/contract/teacher';
import { schoolWithCourses } from './fixtures-teaching';
import { seedStudents } from './fixtures-academic';
import { bodyOf, call, sql, tokenFor } from './helpers';

// Mondays of 2026 (the French lesson t3 of 7e AF is on Mondays); the move is on Wednesday 21.
const BEFORE = '2026-01-19';
const MOVED_ON = '2026-01-21';
const AFTER = '2026-01-26';

async function setUp() {
  const base = await schoolWithCourses();
  const { school, yearId, classIds, subject } = base;
  // The fixture's year is named by createYear; the promotion needs the next one by name.
  const periods = { t1: crypto.randomUUID(), t2: crypto.randomUUID(), t3: crypto.randomUUID() };
  await school.db.batch(
    Object.entries(periods).map(([name, id], i) =>
      sql(
        school,
        'INSERT INTO academic_periods (id, instance_id, year_id, name, position) VALUES (?, ?, ?, ?, ?)',
        id,
        school.id,
        yearId,
        `Trimestre ${name.slice(1)}`,
        i,
      ),
    ),
  );
  const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, { yearId, classIds }, [
    { nom: 'Joseph', prenom: 'Marie', className: '7e AF' },
    { nom: 'Pierre', prenom: 'Paul', className: '7e AF' },
    { nom: 'Louis', prenom: 'Lise', className: '8e AF' },
  ]);
  const [marie, paul, lise] = studentIds.map((id) => enrollmentIdByStudent.get(id)!) as [string, string, string];
  return {
    ...base,
    periods,
    subject,
    marie,
    paul,
    lise,
    marieStudent: studentIds[0]!,
    admin: await tokenFor(school, 'admin'),
    prof: await tokenFor(school, 'prof'),
    french7: `t3-${school.id}`, // Français, 7e AF, Monday 07:00
  };
}
type Ctx = Awaited<ReturnType<typeof setUp>>;

/** Marie moves to 8e AF through the register, on MOVED_ON (the route records today's date: set back to the scenario's). */
async function moveMarie(ctx: Ctx) {
  const moved = await call(ctx.school, ctx.admin, 'POST', '/api/enrollments/bulk-change-class', {
    enrollmentIds: [ctx.marie],
    targetClassName: '8e AF',
  });
  expect(moved.status).toBe(200);
  const recorded = await sql(
    ctx.school,
    'SELECT from_class_id AS from_class FROM class_changes WHERE instance_id = ? AND enrollment_id = ?',
    ctx.school.id,
    ctx.marie,
  ).all<{ from_class: string }>();
  expect(recorded.results).toEqual([{ from_class: ctx.classIds.get('7e AF') }]);
  await sql(ctx.school, 'UPDATE class_changes SET changed_on = ? WHERE instance_id = ?', MOVED_ON, ctx.school.id).run();
}

const grade = (ctx: Ctx, enrollment: string, subjectId: string, periodId: string, name: string, score: number) =>
  call(ctx.school, ctx.admin, 'POST', '/api/grades', {
    enrollment_id: enrollment,
    subject_id: subjectId,
    period_id: periodId,
    evaluation_name: name,
    max_score: 20,
    score,
  });

const rollCall = (ctx: Ctx, date: string, marks: { enrollment_id: string; status: string | null }[]) =>
  call(ctx.school, ctx.prof, 'PUT', '/api/teacher/attendance', { timetable_entry_id: ctx.french7, date, marks });

const sheet = async (ctx: Ctx, date: string) =>
  bodyOf<RollCall>(
    await call(ctx.school, ctx.prof, 'GET', `/api/teacher/attendance?entryId=${ctx.french7}&date=${date}`),
  );

const report = async <T>(ctx: Ctx, path: string, className: string) =>
  bodyOf<T>(
    await call(
      ctx.school,
      ctx.admin,
      'GET',
      `${path}?yearId=${ctx.yearId}&className=${encodeURIComponent(className)}&startDate=${BEFORE}&endDate=${AFTER}`,
    ),
  );

describe('a pupil who changes class during the year', () => {
  it('brings her grades of the earlier periods to the new class: report cards, Notes, promotion', async () => {
    const ctx = await setUp();
    // Trimestres 1 and 2 in 7e AF: Maths (also taught in 8e AF) and Français (7e AF only).
    for (const [period, score] of [
      [ctx.periods.t1, 16],
      [ctx.periods.t2, 12],
    ] as const) {
      expect((await grade(ctx, ctx.marie, ctx.subject.maths, period, 'Devoir', score)).status).toBe(200);
      expect((await grade(ctx, ctx.marie, ctx.subject.francais, period, 'Dictée', 10)).status).toBe(200);
    }
    await moveMarie(ctx);
    // Trimestre 3 in 8e AF.
    expect((await grade(ctx, ctx.marie, ctx.subject.maths, ctx.periods.t3, 'Devoir', 14)).status).toBe(200);
    expect((await grade(ctx, ctx.lise, ctx.subject.maths, ctx.periods.t3, 'Devoir', 8)).status).toBe(200);

    const data = await bodyOf<ReportData>(
      await call(
        ctx.school,
        ctx.admin,
        'GET',
        `/api/bulk-report-data?yearId=${ctx.yearId}&className=8e%20AF&periodId=${ctx.periods.t1}`,
      ),
    );
    expect(data.enrollments.map((e) => e.student.nom).sort()).toEqual(['Joseph', 'Louis']);
    const marie = (data.gradesByEnrollment[ctx.marie] ?? []).map((g) => [g.period_id, g.subject_id, g.score]);
    // Every grade of her year, in both classes (the card keeps to 8e AF's subjects: decision 302).
    expect(marie).toEqual(
      expect.arrayContaining([
        [ctx.periods.t1, ctx.subject.maths, 16],
        [ctx.periods.t2, ctx.subject.maths, 12],
        [ctx.periods.t3, ctx.subject.maths, 14],
        [ctx.periods.t1, ctx.subject.francais, 10],
      ]),
    );
    expect(marie).toHaveLength(5);
    // 7e AF's cards no longer hold her; Paul's class is unchanged.
    const old = await bodyOf<ReportData>(
      await call(
        ctx.school,
        ctx.admin,
        'GET',
        `/api/bulk-report-data?yearId=${ctx.yearId}&className=7e%20AF&periodId=${ctx.periods.t1}`,
      ),
    );
    expect(old.enrollments.map((e) => e.student.nom)).toEqual(['Pierre']);

    // Her Notes (seen by an admin through the portal): Trimestre 1 is the Maths she had in 7e AF.
    const notes = await bodyOf<StudentGrades>(
      await call(
        ctx.school,
        ctx.admin,
        'GET',
        `/api/student/grades?studentId=${ctx.marieStudent}&periodId=${ctx.periods.t1}`,
      ),
    );
    expect(notes.percent).toBe(80);
    expect(notes.subjects.find((s) => s.name === 'Mathématiques')?.percent).toBe(80);
    // Without a period named: the latest she has grades in, wherever they were given.
    const latest = await bodyOf<StudentGrades>(
      await call(ctx.school, ctx.admin, 'GET', `/api/student/grades?studentId=${ctx.marieStudent}`),
    );
    expect(latest.period_id).toBe(ctx.periods.t3);

    // The promotion decides on her whole year: (80 + 60 + 70) / 3 = 70 %, admitted.
    await call(ctx.school, ctx.admin, 'POST', '/api/school-years', { name: '2026-2027' });
    const preview = await call(ctx.school, ctx.admin, 'POST', '/api/promotions?preview=true', {
      sourceYearId: ctx.yearId,
    });
    const plan = await bodyOf<PromotionPreview>(preview);
    const in8 = plan.classes.find((k) => k.class_name === '8e AF')!;
    expect(in8.students.find((s) => s.nom === 'Joseph')).toMatchObject({ computed: 'admitted', average: 70 });
    // Paul has no grade at all: 'Sans notes', never decided by default.
    const in7 = plan.classes.find((k) => k.class_name === '7e AF')!;
    expect(in7.students.find((s) => s.nom === 'Pierre')).toMatchObject({ computed: 'ungraded', outcome: 'ungraded' });
    expect(in7).toMatchObject({ admitted: 0, failed: 0, ungraded: 1 });
  });

  it("keeps her days in the old class's roll calls and sheets, none in the new one's; refuses a mark where she was not", async () => {
    const ctx = await setUp();
    expect(
      (
        await rollCall(ctx, BEFORE, [
          { enrollment_id: ctx.marie, status: 'absent' },
          { enrollment_id: ctx.paul, status: 'present' },
        ])
      ).status,
    ).toBe(200);
    await moveMarie(ctx);
    // The roll call of the day before lists her still, with her mark; the one after does not.
    const before = await sheet(ctx, BEFORE);
    expect(before.students.map((s) => s.nom).sort()).toEqual(['Joseph', 'Pierre']);
    expect(before.marks).toContainEqual({ enrollment_id: ctx.marie, status: 'absent' });
    const after = await sheet(ctx, AFTER);
    expect(after.students.map((s) => s.nom)).toEqual(['Pierre']);

    // A mark for her after the move is refused, naming her; nothing of that roll call is kept.
    const refused = await rollCall(ctx, AFTER, [
      { enrollment_id: ctx.paul, status: 'present' },
      { enrollment_id: ctx.marie, status: 'late' },
    ]);
    expect(refused.status).toBe(409);
    expect((await bodyOf(refused)).message).toBe("Appel non enregistré : Marie Joseph n'est pas en 7e AF ce jour-là.");
    expect((await sheet(ctx, AFTER)).marks).toEqual([]);
    // Two pupils of another class: both named.
    const two = await rollCall(ctx, AFTER, [
      { enrollment_id: ctx.marie, status: 'late' },
      { enrollment_id: ctx.lise, status: 'late' },
    ]);
    expect((await bodyOf(two)).message).toBe(
      'Appel non enregistré : Marie Joseph et Lise Louis ne sont pas en 7e AF ce jour-là.',
    );
    // Her mark of the day before can still be corrected, and the class's mark taken after.
    expect((await rollCall(ctx, BEFORE, [{ enrollment_id: ctx.marie, status: 'justified' }])).status).toBe(200);
    expect((await rollCall(ctx, AFTER, [{ enrollment_id: ctx.paul, status: 'absent' }])).status).toBe(200);

    // 7e AF's sheets over the two weeks: Marie on her days there only.
    const daily = await report<DailyReport>(ctx, '/api/daily-attendance-report', '7e AF');
    expect(daily.students.map((s) => s.nom).sort()).toEqual(['Joseph', 'Pierre']);
    const marieCells = daily.records.filter((r) => r.student_id === ctx.marieStudent);
    expect(marieCells.map((r) => [r.date, r.status])).toEqual([[BEFORE, 'justified']]);
    const detailed = await report<DetailedReport>(ctx, '/api/attendance-report', '7e AF');
    expect(detailed.records.filter((r) => r.student_id === ctx.marieStudent).map((r) => r.date)).toEqual([BEFORE]);
    // 8e AF's: she is listed (there from the 21st), without 7e AF's lessons.
    const daily8 = await report<DailyReport>(ctx, '/api/daily-attendance-report', '8e AF');
    expect(daily8.students.map((s) => s.nom).sort()).toEqual(['Joseph', 'Louis']);
    expect(daily8.records.filter((r) => r.student_id === ctx.marieStudent)).toEqual([]);
    const detailed8 = await report<DetailedReport>(ctx, '/api/attendance-report', '8e AF');
    expect(detailed8.records).toEqual([]);
  });

  it("refuses a grade in the old class's evaluation, naming her, alone or in the grade book's batch", async () => {
    const ctx = await setUp();
    const first = await grade(ctx, ctx.marie, ctx.subject.maths, ctx.periods.t1, 'Devoir', 15);
    const evaluationId = (await bodyOf<{ evaluation: { id: string } }>(first)).evaluation.id;
    await moveMarie(ctx);
    // One cell, named by the evaluation (typed offline in 7e AF's book before the move).
    const cell = await call(ctx.school, ctx.admin, 'POST', '/api/grades', {
      evaluation_id: evaluationId,
      enrollment_id: ctx.marie,
      subject_id: ctx.subject.maths,
      period_id: ctx.periods.t1,
      evaluation_name: 'Devoir',
      max_score: 20,
      score: 17,
    });
    expect(cell.status).toBe(409);
    expect((await bodyOf(cell)).message).toBe("Note non enregistrée : Marie Joseph n'est pas dans cette classe.");
    // The grade book's batch, Marie first: the book is still 7e AF's (its evaluation's class);
    // Paul's score lands, Marie's is refused by name.
    const batch = await call(ctx.school, ctx.prof, 'POST', '/api/grades/batch', {
      subject_id: ctx.subject.maths,
      period_id: ctx.periods.t1,
      evaluations: [
        {
          id: evaluationId,
          name: 'Devoir',
          max_score: 20,
          scores: [
            { id: 'm1', enrollment_id: ctx.marie, score: 18 },
            { id: 'p1', enrollment_id: ctx.paul, score: 11 },
          ],
        },
      ],
    });
    expect(batch.status).toBe(200);
    const answer = await bodyOf<SavedScores>(batch);
    expect(answer.saved).toEqual(['p1']);
    expect(answer.refused).toEqual([
      {
        id: 'm1',
        status: 409,
        code: 'not_in_class',
        message: "Note non enregistrée : Marie Joseph n'est pas dans cette classe.",
      },
    ]);
    // Her grade of 7e AF is as it was, and is hers in 8e AF's cards.
    const data = await bodyOf<ReportData>(
      await call(
        ctx.school,
        ctx.admin,
        'GET',
        `/api/bulk-report-data?yearId=${ctx.yearId}&className=8e%20AF&periodId=${ctx.periods.t1}`,
      ),
    );
    expect(data.gradesByEnrollment[ctx.marie]?.map((g) => g.score)).toEqual([15]);
  });
});
