// The school's clock (issue 26; decision 210): today, tomorrow, the month, a day's first instant
// and the school year, all in America/Port-au-Prince — in the evening (UTC is tomorrow from 19:00
// in winter, 20:00 in summer), at midnight, and across the two changes of summer time.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isIsoDate,
  isIsoMonth,
  schoolClock,
  schoolDayStart,
  schoolMonth,
  schoolToday,
  schoolTomorrow,
  schoolYearOf,
  schoolYearSpan,
  shiftSchoolYear,
} from '../../worker/domain/dates';

/** The instant it is `time` in Port-au-Prince on `date`, written with the offset of that moment. */
const haiti = (date: string, time: string, offset: '-05:00' | '-04:00') => new Date(`${date}T${time}:00${offset}`);

describe("the school's today", () => {
  it('stays today in the evening in winter (UTC-5), when UTC is already tomorrow', () => {
    const day = '2026-01-15';
    expect(schoolClock(haiti(day, '18:59', '-05:00'))).toEqual({ date: day, time: '18:59' });
    // 19:00 in Haiti is midnight in UTC: the server's UTC day is the 16th.
    const seven = haiti(day, '19:00', '-05:00');
    expect(seven.toISOString()).toBe('2026-01-16T00:00:00.000Z');
    expect(schoolClock(seven)).toEqual({ date: day, time: '19:00' });
    expect(schoolClock(haiti(day, '23:59', '-05:00'))).toEqual({ date: day, time: '23:59' });
    expect(schoolClock(haiti('2026-01-16', '00:00', '-05:00'))).toEqual({ date: '2026-01-16', time: '00:00' });
  });

  it('stays today in the evening in summer time (UTC-4)', () => {
    const day = '2026-07-15';
    expect(schoolToday(haiti(day, '18:59', '-04:00'))).toBe(day);
    expect(schoolToday(haiti(day, '19:00', '-04:00'))).toBe(day);
    // 20:00 in Haiti is midnight in UTC in summer.
    expect(schoolToday(new Date('2026-07-16T00:00:00Z'))).toBe(day);
    expect(schoolClock(haiti(day, '23:59', '-04:00'))).toEqual({ date: day, time: '23:59' });
    expect(schoolClock(haiti('2026-07-16', '00:00', '-04:00'))).toEqual({ date: '2026-07-16', time: '00:00' });
  });

  it('turns at midnight across the change to summer time (8 March 2026, 02:00 → 03:00)', () => {
    expect(schoolClock(new Date('2026-03-08T04:59:00Z'))).toEqual({ date: '2026-03-07', time: '23:59' });
    expect(schoolClock(new Date('2026-03-08T05:00:00Z'))).toEqual({ date: '2026-03-08', time: '00:00' });
    expect(schoolClock(new Date('2026-03-08T06:59:00Z'))).toEqual({ date: '2026-03-08', time: '01:59' });
    expect(schoolClock(new Date('2026-03-08T07:00:00Z'))).toEqual({ date: '2026-03-08', time: '03:00' });
    // That evening is UTC-4: 19:00 is 23:00 UTC, 23:59 is 03:59 UTC the next day.
    expect(schoolClock(haiti('2026-03-08', '19:00', '-04:00'))).toEqual({ date: '2026-03-08', time: '19:00' });
    expect(schoolClock(haiti('2026-03-08', '23:59', '-04:00'))).toEqual({ date: '2026-03-08', time: '23:59' });
    expect(schoolClock(new Date('2026-03-09T04:00:00Z'))).toEqual({ date: '2026-03-09', time: '00:00' });
  });

  it('turns at midnight across the end of summer time (1 November 2026, 02:00 → 01:00)', () => {
    expect(schoolClock(new Date('2026-11-01T03:59:00Z'))).toEqual({ date: '2026-10-31', time: '23:59' });
    expect(schoolClock(new Date('2026-11-01T04:00:00Z'))).toEqual({ date: '2026-11-01', time: '00:00' });
    expect(schoolClock(new Date('2026-11-01T05:59:00Z'))).toEqual({ date: '2026-11-01', time: '01:59' });
    expect(schoolClock(new Date('2026-11-01T06:00:00Z'))).toEqual({ date: '2026-11-01', time: '01:00' });
    // That evening is UTC-5 again: 19:00 is midnight UTC.
    expect(schoolClock(new Date('2026-11-02T00:00:00Z'))).toEqual({ date: '2026-11-01', time: '19:00' });
    expect(schoolClock(new Date('2026-11-02T04:59:00Z'))).toEqual({ date: '2026-11-01', time: '23:59' });
    expect(schoolClock(new Date('2026-11-02T05:00:00Z'))).toEqual({ date: '2026-11-02', time: '00:00' });
  });

  it("gives tomorrow and the month from the school's today, not UTC's", () => {
    const evening = haiti('2026-02-28', '21:30', '-05:00'); // 02:30 UTC on 1 March
    expect(schoolTomorrow(evening)).toBe('2026-03-01');
    expect(schoolMonth(evening)).toBe('2026-02');
    expect(schoolMonth(haiti('2026-03-01', '00:00', '-05:00'))).toBe('2026-03');
    expect(schoolTomorrow(haiti('2026-12-31', '19:30', '-05:00'))).toBe('2027-01-01');
  });

  it('counts calendar days whatever the zone', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-11-02', '2026-10-31')).toBe(-2);
  });
});

describe("a school day's first instant", () => {
  it("starts at the school's midnight, in winter and in summer time", () => {
    expect(schoolDayStart('2026-01-15')).toBe('2026-01-15T05:00:00.000Z');
    expect(schoolDayStart('2026-07-15')).toBe('2026-07-15T04:00:00.000Z');
    // 8 March 2026: summer time starts at 02:00, after midnight.
    expect(schoolDayStart('2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
    expect(schoolDayStart('2026-03-09')).toBe('2026-03-09T04:00:00.000Z');
    // 1 November 2026: it ends at 02:00, after midnight.
    expect(schoolDayStart('2026-11-01')).toBe('2026-11-01T04:00:00.000Z');
    expect(schoolDayStart('2026-11-02')).toBe('2026-11-02T05:00:00.000Z');
  });
});

describe('the school year', () => {
  it('runs from 1 August to 31 July: a date in July belongs to the year that ends then', () => {
    expect(schoolYearOf('2026-11-27')).toBe('2026-2027');
    expect(schoolYearOf('2027-01-04')).toBe('2026-2027');
    expect(schoolYearOf('2027-07-31')).toBe('2026-2027');
    expect(schoolYearOf('2027-08-01')).toBe('2027-2028');
    expect(schoolYearSpan('2026-2027')).toEqual({ start: '2026-08-01', end: '2027-07-31' });
    expect(shiftSchoolYear('2026-2027', 1)).toBe('2027-2028');
    expect(shiftSchoolYear('2026-2027', -1)).toBe('2025-2026');
  });

  it("turns with the school's day: 31 July at 21:00 in Haiti is 1 August in UTC", () => {
    const evening = haiti('2027-07-31', '21:00', '-04:00');
    expect(evening.toISOString().slice(0, 10)).toBe('2027-08-01');
    expect(schoolYearOf(schoolToday(evening))).toBe('2026-2027');
  });
});

describe('a date the portal reads (issue 38)', () => {
  it('is a day of the calendar written YYYY-MM-DD, its year from 1000', () => {
    for (const day of ['2026-01-05', '2024-02-29', '1905-12-31', '9999-12-31'])
      expect([day, isIsoDate(day)]).toEqual([day, true]);
    const impossible = [
      '2026-13-45',
      '5674-54-10',
      '2026-02-30',
      '2026-02-29',
      '2026-04-31',
      '2026-00-10',
      '2026-01-00',
    ];
    const malformed = [
      '0000-00-00',
      '0050-01-01',
      '0999-12-31',
      '2026-1-5',
      '+02026-01-05',
      '20260105',
      '2026-01-05T10:00',
      ' 2026-01-05',
      'demain',
      '',
    ];
    for (const day of [...impossible, ...malformed]) expect([day, isIsoDate(day)]).toEqual([day, false]);
  });

  it('and a month is YYYY-MM, from 01 to 12', () => {
    expect(['2026-01', '2026-12'].map(isIsoMonth)).toEqual([true, true]);
    expect(['2026-13', '2026-00', '0000-01', '2026-1', '5674-54', 'juin'].map(isIsoMonth)).toEqual(
      Array(6).fill(false),
    );
  });
});
