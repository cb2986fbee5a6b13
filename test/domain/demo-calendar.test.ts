// The demo relative to the day it is written (issue 23; decision 211): at any 'today' — the first
// days of a year, a Sunday, the turn of a trimester, its last day — the current year and one of
// its trimesters hold today, the trimesters begun are graded and the others empty, the roll calls
// run up to today, the next year is empty but for its fees, and no date the seed writes is after
// today. The rows are built by the seed's own functions, without a database.
import { describe, expect, it } from 'vitest';
import { academicRows } from '../../scripts/demo/academics';
import { demoCalendar } from '../../scripts/demo/calendar';
import { communicationRows } from '../../scripts/demo/communications';
import { demoContext } from '../../scripts/demo/context';
import { enrolmentRows } from '../../scripts/demo/finance';
import { gradeRows } from '../../scripts/demo/grades';
import { pupilsOf } from '../../scripts/demo/students';
import { teachingRows } from '../../scripts/demo/teaching';
import { addDays, schoolYearOf } from '../../worker/domain/dates';
import { dayOfWeekOf } from '../../worker/domain/timetable';

const TODAYS = [
  '2026-08-01', // the first day of 2026-2027 (a Saturday)
  '2026-08-02', // a Sunday
  '2026-11-27', // a Friday of Trimestre 1
  '2027-01-01', // the first day of Trimestre 2
  '2027-03-31', // its last day
  '2027-04-01', // the first day of Trimestre 3
  '2027-07-31', // the last day of the year
];

const dayOf = (stamp: string | null | undefined) => String(stamp).slice(0, 10);

describe("the demo's calendar", () => {
  it.each(TODAYS)('on %s, the current year and one of its trimesters hold today', (today) => {
    const calendar = demoCalendar(today);
    expect(calendar.currentYear).toBe(schoolYearOf(today));
    expect(calendar.span.start <= today && today <= calendar.span.end).toBe(true);
    const first = Number(calendar.currentYear.slice(0, 4));
    expect([calendar.pastYear, calendar.nextYear]).toEqual([`${first - 1}-${first}`, `${first + 1}-${first + 2}`]);
    // The three trimesters tile the year, one after the other.
    const periods = calendar.periodsOf(calendar.currentYear);
    expect(periods.map((p) => p.name)).toEqual(['Trimestre 1', 'Trimestre 2', 'Trimestre 3']);
    expect(periods[0]!.start).toBe(calendar.span.start);
    expect(periods.at(-1)!.end).toBe(calendar.span.end);
    for (let i = 1; i < periods.length; i++) expect(periods[i]!.start).toBe(addDays(periods[i - 1]!.end, 1));
    const holding = periods.filter((p) => p.start <= today && today <= p.end);
    expect(holding).toEqual([calendar.currentPeriod]);
    expect(calendar.begun).toEqual(periods.filter((p) => p.start <= today));
  });

  it('names the years as the school year runs: 27 November 2026 is in 2026-2027, 31 July 2027 too', () => {
    expect(demoCalendar('2026-11-27')).toMatchObject({
      pastYear: '2025-2026',
      currentYear: '2026-2027',
      nextYear: '2027-2028',
      currentPeriod: { name: 'Trimestre 1', start: '2026-08-01', end: '2026-12-31' },
    });
    expect(demoCalendar('2027-07-31')).toMatchObject({
      currentYear: '2026-2027',
      currentPeriod: { name: 'Trimestre 3', start: '2027-04-01', end: '2027-07-31' },
    });
    expect(demoCalendar('2027-08-01').currentYear).toBe('2027-2028');
  });
});

describe('the demo written on a given day', () => {
  it.each(TODAYS)('on %s: graded up to today, roll calls up to today, nothing after today', (today) => {
    const ctx = demoContext('demo-test', 'large', 'demo-ecole-1', today);
    const { calendar, cfg } = ctx;
    const academics = academicRows(ctx);
    const { pupils, siblingOf, rows: students } = pupilsOf(ctx);
    const money = enrolmentRows(ctx, pupils, siblingOf);
    const marks = gradeRows(ctx, pupils, money.enrolled);
    const teaching = teachingRows(ctx, money.enrolled, marks.failing, 'demo-teacher-account');
    const comms = communicationRows(
      ctx,
      teaching.teachers.map((t) => t.id!),
    );

    // The past, current and next years; the current one is the year of today.
    expect(academics.years.map((y) => [y.name, y.isCurrent])).toEqual([
      [calendar.pastYear, false],
      [calendar.currentYear, true],
      [calendar.nextYear, false],
    ]);
    // The next year is empty but for its fees (the promotion's target).
    const nextYearId = ctx.yearId(calendar.nextYear);
    expect(academics.classFees.filter((f) => f.yearId === nextYearId)).toHaveLength(cfg.classes.length);
    expect(academics.periods.filter((p) => p.yearId === nextYearId)).toEqual([]);
    expect(money.enrollments.filter((e) => e.yearId === nextYearId)).toEqual([]);

    // Every trimester begun has grades, the others none; the past year's three have theirs.
    const gradedPeriods = new Set(marks.evaluations.map((e) => e.periodId));
    for (const period of calendar.periodsOf(calendar.currentYear))
      expect(gradedPeriods.has(ctx.periodId(calendar.currentYear, period.name)), period.name).toBe(
        period.start <= today,
      );
    for (const period of calendar.periodsOf(calendar.pastYear))
      expect(gradedPeriods.has(ctx.periodId(calendar.pastYear, period.name))).toBe(true);
    expect(marks.grades.length).toBeGreaterThan(0);

    // The demo pupil has paid something, and no payment is dated after today.
    const demoPupil = money.enrolled.find((e) => e.pupil === pupils[0] && e.year === calendar.currentYear)!;
    expect(demoPupil.payments.length).toBeGreaterThan(0);

    // The demo teacher's roll calls run up to today: the last one is on their latest lesson day
    // up to today in the current year.
    const dates = [...new Set(teaching.attendanceRecords.map((r) => r.date!))].sort();
    const demoTeacher = teaching.teachers[0]!.id;
    const demoCourses = new Set(teaching.assignments.filter((a) => a.teacherId === demoTeacher).map((a) => a.id));
    const lessonDays = new Set(
      teaching.timetableEntries.filter((t) => demoCourses.has(t.assignmentId)).map((t) => t.dayOfWeek),
    );
    let latest: string | null = null;
    for (let d = today; d >= calendar.span.start && d >= addDays(today, -6); d = addDays(d, -1))
      if (lessonDays.has(dayOfWeekOf(d) ?? 0)) {
        latest = d;
        break;
      }
    expect(dates.at(-1) ?? null).toBe(latest);
    expect(dates.every((d) => d >= calendar.span.start && d <= today)).toBe(true);

    // No date the seed writes is after today.
    const written = [
      ...academics.years.map((y) => dayOf(y.createdAt)),
      ...students.map((s) => dayOf(s.createdAt)),
      ...money.enrollments.map((e) => dayOf(e.createdAt)),
      ...money.payments.map((p) => p.date),
      ...marks.evaluations.map((e) => dayOf(e.createdAt)),
      ...teaching.teachers.map((t) => dayOf(t.createdAt)),
      ...dates,
      ...comms.teacherAnnouncements.map((a) => dayOf(a.createdAt)),
      ...comms.studentAnnouncements.map((a) => dayOf(a.createdAt)),
    ];
    expect(written.filter((d) => !d || d > today)).toEqual([]);
  });
});
