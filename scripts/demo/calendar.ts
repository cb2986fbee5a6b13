// The demo's dates, relative to the day it is written (issue 23; decision 211): the current school
// year is the one today belongs to (domain/dates.ts: years run from 1 August to 31 July), the
// past and the next year on either side; the current year's three trimesters tile it, so one of
// them always holds today. Every date the seed writes — grades, payments, roll calls, account
// and announcement stamps — comes from here and is never after today.
import {
  addDays,
  daysBetween,
  schoolToday,
  schoolYearOf,
  schoolYearSpan,
  shiftSchoolYear,
} from '../../worker/domain/dates';
import { dayOfWeekOf } from '../../worker/domain/timetable';
import { PERIODS } from './profiles';

export interface DemoPeriod {
  name: string;
  /** First and last day, both included. */
  start: string;
  end: string;
}

export interface DemoCalendar {
  /** The school's day the demo is written on. */
  today: string;
  pastYear: string;
  currentYear: string;
  nextYear: string;
  /** The current year's first and last day. */
  span: { start: string; end: string };
  /** A year's trimesters: 1 August – 31 December, 1 January – 31 March, 1 April – 31 July. */
  periodsOf: (year: string) => DemoPeriod[];
  /** The current year's trimesters begun by today, in order: the last one holds today. */
  begun: DemoPeriod[];
  /** The current year's trimester that holds today. */
  currentPeriod: DemoPeriod;
}

/** Where each trimester starts, as month-day of the year's first or second calendar year. */
const PERIOD_STARTS: [offset: 0 | 1, monthDay: string][] = [
  [0, '08-01'],
  [1, '01-01'],
  [1, '04-01'],
];

export function demoCalendar(today: string = schoolToday()): DemoCalendar {
  const currentYear = schoolYearOf(today);
  const periodsOf = (year: string): DemoPeriod[] => {
    const first = Number(year.slice(0, 4));
    const starts = PERIOD_STARTS.map(([offset, monthDay]) => `${first + offset}-${monthDay}`);
    return PERIODS.map((name, i) => ({
      name,
      start: starts[i]!,
      end: i + 1 < starts.length ? addDays(starts[i + 1]!, -1) : schoolYearSpan(year).end,
    }));
  };
  const begun = periodsOf(currentYear).filter((p) => p.start <= today);
  return {
    today,
    pastYear: shiftSchoolYear(currentYear, -1),
    currentYear,
    nextYear: shiftSchoolYear(currentYear, 1),
    span: schoolYearSpan(currentYear),
    periodsOf,
    begun,
    currentPeriod: begun.at(-1)!,
  };
}

/** The day at a fraction (0 to 1) of a span, moved off Sunday (to the Saturday before when it is the span's last day). */
export function dayAt(start: string, end: string, fraction: number): string {
  const day = addDays(start, Math.round(daysBetween(start, end) * fraction));
  if (dayOfWeekOf(day) !== null) return day;
  return day < end ? addDays(day, 1) : addDays(day, -1);
}

/** The earlier of a day and today: a stamp the demo writes is never in the future. */
export const notAfter = (day: string, today: string): string => (day > today ? today : day);
