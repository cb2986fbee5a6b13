// Attendance: the daily status derived from the course marks (every case of the product
// decision's rule), the staff override and its clearing, the school's week in Port-au-Prince,
// date ranges, and the course sessions of a day.
import { describe, expect, it } from 'vitest';
import {
  type AttendanceStatus,
  currentSession,
  dailyCell,
  dailySheet,
  defaultRange,
  deriveDailyStatus,
  isAttendanceStatus,
  isSchoolDate,
  MAX_RANGE_DAYS,
  rangeProblem,
  schoolDates,
  sessionDateProblem,
  sessionsOn,
  withOverride,
} from '../../worker/domain/attendance';

const P = 'present' as const;
const A = 'absent' as const;
const L = 'late' as const;
const J = 'justified' as const;

describe('the daily status derived from the course marks', () => {
  // Each row: the marks of one student's courses that day, and the daily status.
  const table: [AttendanceStatus[], AttendanceStatus | null, string][] = [
    [[], null, 'no course marked: empty cell, not "present"'],
    [[P], P, 'present in the one course'],
    [[P, P, P], P, 'present in every course'],
    [[A], A, 'absent from the one course'],
    [[A, A, A], A, 'absent in every recorded course'],
    [[J], J, 'a justified absence from the one course'],
    [[J, J], J, 'missed every course, every absence justified'],
    [[A, J], A, 'missed every course, one absence not justified'],
    [[L], L, 'late to the one course'],
    [[P, L, P], L, 'late in any course'],
    [[L, A], L, 'late to one course, absent from the other'],
    [[L, J], L, 'late wins over a justified absence'],
    [[A, A, L], L, 'came late after missing two courses'],
    [[P, J], J, 'came, and every absence is justified'],
    [[P, J, J], J, 'came, two absences, both justified'],
    [[P, A], P, 'came, one unjustified absence: present'],
    [[P, A, J], P, 'came, absences not all justified: present'],
  ];

  it.each(table)('%j gives %s (%s)', (marks, expected) => {
    expect(deriveDailyStatus(marks)).toBe(expected);
  });

  it('does not depend on the order of the courses', () => {
    for (const [marks, expected] of table) {
      expect(deriveDailyStatus([...marks].reverse())).toBe(expected);
    }
  });

  it('knows the four statuses', () => {
    expect([P, A, L, J].every(isAttendanceStatus)).toBe(true);
    expect(isAttendanceStatus('')).toBe(false);
    expect(isAttendanceStatus('Présent')).toBe(false);
    expect(isAttendanceStatus(null)).toBe(false);
  });
});

describe('the staff override', () => {
  it('shows the derived status while there is none', () => {
    expect(dailyCell([P, A], null)).toEqual({ status: P, manual: false, derived: P });
    expect(dailyCell([], null)).toEqual({ status: null, manual: false, derived: null });
  });

  it('wins over the marks until cleared', () => {
    expect(dailyCell([A, A], J)).toEqual({ status: J, manual: true, derived: A });
    // On a day nobody marked, staff can still record a status.
    expect(dailyCell([], A)).toEqual({ status: A, manual: true, derived: null });
    // Chosen equal to the derived status, it is still a choice: later marks do not change it.
    expect(dailyCell([P], P)).toEqual({ status: P, manual: true, derived: P });
    expect(dailyCell([P, A], P)).toEqual({ status: P, manual: true, derived: P });
  });

  it('is set and cleared on a cell without a reload', () => {
    const cell = dailyCell([A, A], null);
    const overridden = withOverride(cell, J);
    expect(overridden).toEqual({ status: J, manual: true, derived: A });
    expect(withOverride(overridden, L)).toEqual({ status: L, manual: true, derived: A });
    expect(withOverride(overridden, null)).toEqual({ status: A, manual: false, derived: A });
    expect(withOverride(dailyCell([], J), null)).toEqual({ status: null, manual: false, derived: null });
  });
});

describe('a daily sheet', () => {
  it('has a cell for every student and date with a status, in the students\u2019 order, then by date', () => {
    const marks = [
      { enrollmentId: 'e2', date: '2026-01-19', status: A },
      { enrollmentId: 'e1', date: '2026-01-20', status: P },
      { enrollmentId: 'e1', date: '2026-01-19', status: P },
      { enrollmentId: 'e1', date: '2026-01-19', status: L },
      { enrollmentId: 'e2', date: '2026-01-19', status: J },
      // other pupils and dates are ignored
      { enrollmentId: 'e9', date: '2026-01-19', status: A },
      { enrollmentId: 'e1', date: '2026-01-26', status: A },
    ];
    const overrides = [
      { enrollmentId: 'e2', date: '2026-01-20', status: J },
      { enrollmentId: 'e1', date: '2026-01-20', status: A },
    ];
    expect(dailySheet(['e1', 'e2', 'e3'], ['2026-01-19', '2026-01-20'], marks, overrides)).toEqual([
      { enrollmentId: 'e1', date: '2026-01-19', status: L, manual: false, derived: L },
      { enrollmentId: 'e1', date: '2026-01-20', status: A, manual: true, derived: P },
      { enrollmentId: 'e2', date: '2026-01-19', status: A, manual: false, derived: A },
      { enrollmentId: 'e2', date: '2026-01-20', status: J, manual: true, derived: null },
    ]);
  });

  it('is empty without marks or overrides', () => {
    expect(dailySheet(['e1'], ['2026-01-19'], [], [])).toEqual([]);
  });
});

describe("the school's week", () => {
  it('defaults the sheet to this Monday to Saturday', () => {
    const week = { start: '2026-01-19', end: '2026-01-24' };
    expect(defaultRange(new Date('2026-01-21T17:00:00Z'))).toEqual(week); // Wednesday noon
    expect(defaultRange(new Date('2026-01-19T05:30:00Z'))).toEqual(week); // Monday 00:30
    expect(defaultRange(new Date('2026-01-24T22:00:00Z'))).toEqual(week); // Saturday evening
  });

  it('on a Sunday, shows the week that just ended', () => {
    expect(defaultRange(new Date('2026-01-25T15:00:00Z'))).toEqual({ start: '2026-01-19', end: '2026-01-24' });
    // 04:30 UTC on Monday 26 is still Sunday 23:30 in Port-au-Prince.
    expect(defaultRange(new Date('2026-01-26T04:30:00Z'))).toEqual({ start: '2026-01-19', end: '2026-01-24' });
    expect(defaultRange(new Date('2026-01-26T05:30:00Z'))).toEqual({ start: '2026-01-26', end: '2026-01-31' });
  });

  it('crosses months and years', () => {
    // Thursday 1 January 2026: the week began on Monday 29 December 2025.
    expect(defaultRange(new Date('2026-01-01T15:00:00Z'))).toEqual({ start: '2025-12-29', end: '2026-01-03' });
  });
});

describe('date ranges', () => {
  it(`covers at most ${MAX_RANGE_DAYS} days, both ends included`, () => {
    expect(rangeProblem('2026-01-19', '2026-01-24')).toBeNull();
    expect(rangeProblem('2026-01-19', '2026-01-19')).toBeNull();
    expect(rangeProblem('2026-01-01', '2026-01-31')).toBeNull();
    expect(rangeProblem('2026-01-01', '2026-02-01')).toBe('tooLong');
  });

  it('names what is wrong', () => {
    expect(rangeProblem('2026-02-30', '2026-03-02')).toBe('start');
    expect(rangeProblem('19/01/2026', '2026-01-24')).toBe('start');
    expect(rangeProblem('2026-01-19', '')).toBe('end');
    expect(rangeProblem('2026-01-24', '2026-01-19')).toBe('order');
  });

  it('lists the school days, Sundays left out', () => {
    expect(schoolDates('2026-01-19', '2026-01-24')).toEqual([
      '2026-01-19',
      '2026-01-20',
      '2026-01-21',
      '2026-01-22',
      '2026-01-23',
      '2026-01-24',
    ]);
    const twoWeeks = schoolDates('2026-01-19', '2026-02-01');
    expect(twoWeeks).toHaveLength(12);
    expect(twoWeeks).not.toContain('2026-01-25');
    expect(twoWeeks.at(-1)).toBe('2026-01-31');
    expect(schoolDates('2026-01-25', '2026-01-25')).toEqual([]);
    expect(schoolDates('2026-01-01', '2026-01-31')).toHaveLength(27);
  });

  it('knows a school date', () => {
    expect(isSchoolDate('2026-01-24')).toBe(true);
    expect(isSchoolDate('2026-01-25')).toBe(false); // Sunday
    expect(isSchoolDate('2026-02-29')).toBe(false);
  });
});

describe('course sessions', () => {
  const entries = [
    { id: 'wed-2', dayOfWeek: 3, startTime: '10:15', endTime: '11:15' },
    { id: 'mon', dayOfWeek: 1, startTime: '07:00', endTime: '08:00' },
    { id: 'wed-3', dayOfWeek: 3, startTime: '13:45', endTime: '14:45' },
    { id: 'wed-1', dayOfWeek: 3, startTime: '07:00', endTime: '08:00' },
  ];

  it("are a day's timetable entries in time order", () => {
    expect(sessionsOn(entries, '2026-01-21').map((e) => e.id)).toEqual(['wed-1', 'wed-2', 'wed-3']);
    expect(sessionsOn(entries, '2026-01-19').map((e) => e.id)).toEqual(['mon']);
    expect(sessionsOn(entries, '2026-01-20')).toEqual([]);
    expect(sessionsOn(entries, '2026-01-25')).toEqual([]); // Sunday
    expect(sessionsOn(entries, 'demain')).toEqual([]);
  });

  it('open on the lesson under way, else the next, else the last of the day', () => {
    const today = sessionsOn(entries, '2026-01-21');
    expect(currentSession(today, '06:30')?.id).toBe('wed-1');
    expect(currentSession(today, '07:00')?.id).toBe('wed-1');
    expect(currentSession(today, '07:59')?.id).toBe('wed-1');
    expect(currentSession(today, '08:00')?.id).toBe('wed-2');
    expect(currentSession(today, '12:00')?.id).toBe('wed-3');
    expect(currentSession(today, '16:00')?.id).toBe('wed-3');
    expect(currentSession([], '10:00')).toBeNull();
  });

  it('are marked on a date of their weekday, not in the future', () => {
    const wednesday = { dayOfWeek: 3 };
    expect(sessionDateProblem(wednesday, '2026-01-21', '2026-01-21')).toBeNull();
    expect(sessionDateProblem(wednesday, '2026-01-14', '2026-01-21')).toBeNull();
    expect(sessionDateProblem(wednesday, '2026-01-22', '2026-01-22')).toBe('weekday');
    expect(sessionDateProblem(wednesday, '2026-01-28', '2026-01-21')).toBe('future');
    expect(sessionDateProblem(wednesday, '2026-02-30', '2026-03-21')).toBe('date');
    expect(sessionDateProblem(wednesday, 'hier', '2026-01-21')).toBe('date');
  });
});
