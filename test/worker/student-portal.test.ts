// The student portal's reads (issue 16): a student reads only their own data, grades are refused
// while access is off, an admin views a student by naming them, another school's student is 404.
import { describe, expect, it } from 'vitest';
import type { ReportData } from '../../worker/contract/grades';
import type { StudentFinance, StudentGrades, StudentMe, StudentWeek } from '../../worker/contract/student-portal';
import { buildReportCards } from '../../worker/domain/report-cards';
import { schoolWithCourses } from './fixtures-teaching';
import { seedStudents } from './fixtures-academic';
import { bodyOf, call, createSchool, d1RoundTrips, sql, tokenFor } from './helpers';
import { writeScores } from './fixtures-seats';

async function portalSchool() {
  const base = await schoolWithCourses();
  const { school, yearId, subject, classIds } = base;
  const t1 = crypto.randomUUID();
  await school.db.batch([
    sql(
      school,
      'INSERT INTO academic_periods (id, instance_id, year_id, name, position) VALUES (?, ?, ?, ?, 1)',
      t1,
      school.id,
      yearId,
      'Trimestre 1',
    ),
  ]);
  const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, { yearId, classIds }, [
    { nom: 'Augustin', prenom: 'Rose', className: '7e AF', mppa: 25_000 },
    { nom: 'Baptiste', prenom: 'Luc', className: '7e AF', mppa: 25_000 },
    { nom: 'Dorval', prenom: 'Marc', className: '8e AF' },
  ]);
  const [rose, luc] = studentIds.map((id) => ({ id, enrollment: enrollmentIdByStudent.get(id)! }));
  const evaluation = crypto.randomUUID();
  await school.db.batch([
    sql(school, "UPDATE users SET student_id = ? WHERE instance_id = ? AND username = 'eleve'", rose!.id, school.id),
    sql(school, 'UPDATE enrollments SET grades_access_enabled = 1 WHERE instance_id = ?', school.id),
    sql(
      school,
      'INSERT INTO evaluations (id, instance_id, class_id, subject_id, period_id, name, max_score) VALUES (?, ?, ?, ?, ?, ?, 2000)',
      evaluation,
      school.id,
      classIds.get('7e AF'),
      subject.maths,
      t1,
      'Devoir 1',
    ),
    sql(
      school,
      "INSERT INTO appreciations (instance_id, enrollment_id, subject_id, period_id, text) VALUES (?, ?, ?, ?, 'Bon travail.')",
      school.id,
      rose!.enrollment,
      subject.maths,
      t1,
    ),
    sql(
      school,
      "INSERT INTO payments (id, instance_id, enrollment_id, amount, date, label, receipt_no) VALUES (?, ?, ?, 1000000, '2025-10-01', 'Versement 1', 7)",
      crypto.randomUUID(),
      school.id,
      rose!.enrollment,
    ),
    sql(
      school,
      "INSERT INTO adjustments (id, instance_id, enrollment_id, amount, label) VALUES (?, ?, ?, -500000, 'Bourse')",
      crypto.randomUUID(),
      school.id,
      rose!.enrollment,
    ),
  ]);
  await writeScores(school.id, [
    { evaluationId: evaluation, enrollmentId: rose!.enrollment, score: 1500 },
    { evaluationId: evaluation, enrollmentId: luc!.enrollment, score: 1700 },
  ]);
  return {
    ...base,
    t1,
    rose: rose!,
    luc: luc!,
    eleve: await tokenFor(school, 'eleve'),
    admin: await tokenFor(school, 'admin'),
  };
}

describe('student portal', () => {
  it('a student reads their class, week, grades with rank and appreciation, and finances', async () => {
    const ctx = await portalSchool();
    const me = await bodyOf<StudentMe>(await call(ctx.school, ctx.eleve, 'GET', '/api/student/me'));
    expect(me.student).toMatchObject({ id: ctx.rose.id, nom: 'Augustin' });
    expect(me.enrollment).toMatchObject({ class_name: '7e AF', year_name: '2025-2026', grades_access_enabled: true });
    // 25 000 - 5 000 (scholarship) - 10 000 paid.
    expect(me.balance).toBe(10_000);
    const week = await bodyOf<StudentWeek>(await call(ctx.school, ctx.eleve, 'GET', '/api/student/timetable'));
    expect(week.class_name).toBe('7e AF');
    expect(week.lessons.map((l) => [l.day_of_week, l.start_time, l.subject_name, l.teacher_name])).toEqual([
      [1, '07:00', 'Français', 'Jean-Robert Baptiste'],
      [1, '08:00', 'Mathématiques', 'Jean-Robert Baptiste'],
      [3, '08:00', 'Sciences', 'Marie Étienne'],
    ]);
    const grades = await bodyOf<StudentGrades>(await call(ctx.school, ctx.eleve, 'GET', '/api/student/grades'));
    expect(grades.period_id).toBe(ctx.t1);
    const maths = grades.subjects.find((s) => s.name === 'Mathématiques')!;
    expect(maths).toMatchObject({
      percent: 75,
      coefficient: 100,
      on_base: 75,
      appreciation: 'Bon travail.',
      evaluations: [{ name: 'Devoir 1', score: 15, max: 20 }],
    });
    // Luc has 17/20: Rose is second of two.
    expect([grades.percent, grades.average, grades.rank, grades.tied, grades.ranked]).toEqual([75, 75, 2, false, 2]);
    const finance = await bodyOf<StudentFinance>(await call(ctx.school, ctx.eleve, 'GET', '/api/student/finance'));
    expect(finance).toMatchObject({
      mppa: 25_000,
      adjusted_mppa: 20_000,
      total_paid: 10_000,
      balance: 10_000,
      adjustments: [{ label: 'Bourse', amount: -5_000 }],
    });
    expect(finance.payments).toEqual([{ date: '2025-10-01', label: 'Versement 1', amount: 10_000, receipt_no: 7 }]);
  });

  it("says the same 'sur N' as the report card in a partly graded period: the students with an average", async () => {
    const ctx = await portalSchool();
    // A third student of 7e AF without any grade yet: the period is partly graded.
    await seedStudents(ctx.school.id, { yearId: ctx.yearId, classIds: ctx.classIds }, [
      { nom: 'Célestin', prenom: 'Ana', className: '7e AF' },
    ]);
    const grades = await bodyOf<StudentGrades>(await call(ctx.school, ctx.eleve, 'GET', '/api/student/grades'));
    const data = await bodyOf<ReportData>(
      await call(
        ctx.school,
        ctx.admin,
        'GET',
        `/api/bulk-report-data?yearId=${ctx.yearId}&className=${encodeURIComponent('7e AF')}&periodId=${ctx.t1}`,
      ),
    );
    expect(data.enrollments).toHaveLength(3);
    const card = buildReportCards({
      data,
      periods: [{ id: ctx.t1, name: 'Trimestre 1' }],
      periodId: ctx.t1,
      passingGrade: 50,
      lastClass: false,
    });
    // Rose is 2nd of the two students who have an average, on her Notes and on her report card.
    expect(card.cards.find((k) => k.studentId === ctx.rose.id)!.rank).toBe(2);
    expect(card.ranked).toBe(2);
    expect([grades.rank, grades.ranked]).toEqual([2, card.ranked]);
  });

  it("a student never reads another student's data, and grades are refused while access is off", async () => {
    const ctx = await portalSchool();
    const other = await bodyOf<StudentMe>(
      await call(ctx.school, ctx.eleve, 'GET', `/api/student/me?studentId=${ctx.luc.id}`),
    );
    expect(other.student.id).toBe(ctx.rose.id);
    await sql(
      ctx.school,
      'UPDATE enrollments SET grades_access_enabled = 0 WHERE instance_id = ? AND id = ?',
      ctx.school.id,
      ctx.rose.enrollment,
    ).run();
    const locked = await call(ctx.school, ctx.eleve, 'GET', '/api/student/grades');
    expect(locked.status).toBe(403);
    expect((await bodyOf(locked)).message).toBe(
      "L'accès à cette section est actuellement restreint. Veuillez vous rapprocher de l'administration.",
    );
    // The admin viewing her portal still sees them.
    expect((await call(ctx.school, ctx.admin, 'GET', `/api/student/grades?studentId=${ctx.rose.id}`)).status).toBe(200);
  });

  it('opens on the latest period the student has grades in; another period on request', async () => {
    const ctx = await portalSchool();
    const t2 = crypto.randomUUID();
    const evaluation = crypto.randomUUID();
    await ctx.school.db.batch([
      sql(
        ctx.school,
        'INSERT INTO academic_periods (id, instance_id, year_id, name, position) VALUES (?, ?, ?, ?, 2)',
        t2,
        ctx.school.id,
        ctx.yearId,
        'Trimestre 2',
      ),
      sql(
        ctx.school,
        'INSERT INTO evaluations (id, instance_id, class_id, subject_id, period_id, name, max_score) VALUES (?, ?, ?, ?, ?, ?, 1000)',
        evaluation,
        ctx.school.id,
        ctx.classIds.get('7e AF'),
        ctx.subject.francais,
        t2,
        'Dictée',
      ),
    ]);
    await writeScores(ctx.school.id, [{ evaluationId: evaluation, enrollmentId: ctx.rose.enrollment, score: 900 }]);
    const latest = await bodyOf<StudentGrades>(await call(ctx.school, ctx.eleve, 'GET', '/api/student/grades'));
    expect(latest.period_id).toBe(t2);
    // The period is chosen before the class's report data is read, once: the student, the
    // periods with those graded, the report data (beyond the session's own reads).
    const session = await d1RoundTrips(ctx.school, () =>
      call(ctx.school, ctx.eleve, 'GET', '/api/student/grades?periodId=%21'),
    );
    expect(session.status).toBe(400);
    const read = await d1RoundTrips(ctx.school, () => call(ctx.school, ctx.eleve, 'GET', '/api/student/grades'));
    expect(read).toEqual({ status: 200, trips: session.trips + 3 });
    expect([latest.percent, latest.rank, latest.general_appreciation]).toEqual([90, 1, null]);
    const first = await bodyOf<StudentGrades>(
      await call(ctx.school, ctx.eleve, 'GET', `/api/student/grades?periodId=${ctx.t1}`),
    );
    expect(first.percent).toBe(75);
    expect(
      (await call(ctx.school, ctx.eleve, 'GET', `/api/student/grades?periodId=${crypto.randomUUID()}`)).status,
    ).toBe(404);
  });

  it('an admin names the student; teachers, staff and other schools are refused', async () => {
    const ctx = await portalSchool();
    const luc = await bodyOf<StudentMe>(
      await call(ctx.school, ctx.admin, 'GET', `/api/student/me?studentId=${ctx.luc.id}`),
    );
    expect(luc.student.nom).toBe('Baptiste');
    const unnamed = await call(ctx.school, ctx.admin, 'GET', '/api/student/me');
    expect(unnamed.status).toBe(400);
    expect((await call(ctx.school, await tokenFor(ctx.school, 'prof'), 'GET', '/api/student/me')).status).toBe(403);
    expect(
      (
        await call(
          ctx.school,
          await tokenFor(ctx.school, 'secretaire'),
          'GET',
          `/api/student/finance?studentId=${ctx.luc.id}`,
        )
      ).status,
    ).toBe(403);
    const other = await createSchool();
    expect(
      (await call(other, await tokenFor(other, 'admin'), 'GET', `/api/student/finance?studentId=${ctx.luc.id}`)).status,
    ).toBe(404);
    // A student account linked to no student.
    const unlinked = await call(other, await tokenFor(other, 'eleve'), 'GET', '/api/student/me');
    expect(unlinked.status).toBe(404);
  });
});
