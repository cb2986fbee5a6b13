// The school's clock (issue 26; decision 210): every 'today', 'tomorrow', default date, month,
// week, school year and day boundary of the portal is the school's day in America/Port-au-Prince
// (UTC-5, UTC-4 in summer time), on the server and in the page. The device's day and the UTC day
// differ from it in the evening (after 19:00 or 20:00 there, UTC is already tomorrow), so nothing
// else may say what today is. Pure functions; `now` is injectable for the tests.

/** Haitian schools: days, weeks and months turn at midnight in Port-au-Prince. */
export const SCHOOL_TIME_ZONE = 'America/Port-au-Prince';

const clockFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SCHOOL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function clockParts(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = clockFormat.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** The school's date and time now: 'YYYY-MM-DD' and 'HH:MM' in Port-au-Prince. */
export function schoolClock(now: Date = new Date()): { date: string; time: string } {
  const p = clockParts(now);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Today in the school ('YYYY-MM-DD'): the date a receipt, a roll call or a default range starts from. */
export const schoolToday = (now: Date = new Date()): string => schoolClock(now).date;

/**
 * Whether a text is a day of the calendar written 'YYYY-MM-DD', its year from 1000 to 9999
 * (issue 38): 2026-02-30, 2026-13-45, 0000-00-00 and '2026-1-5' are not. The one test of a date
 * the portal reads (worker/contract/common.ts `day`, the forms, the import).
 */
export function isIsoDate(value: string): boolean {
  const match = /^([1-9]\d{3})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Whether a text is a month written 'YYYY-MM' (a dashboard's month): '2026-13' and '0000-01' are not. */
export const isIsoMonth = (value: string): boolean => /^[1-9]\d{3}-(0[1-9]|1[0-2])$/.test(value);

/** Tomorrow in the school ('YYYY-MM-DD'). */
export const schoolTomorrow = (now: Date = new Date()): string => addDays(schoolToday(now), 1);

/** This month in the school ('YYYY-MM'). */
export const schoolMonth = (now: Date = new Date()): string => schoolToday(now).slice(0, 7);

/** This calendar year in the school (a copyright line, a birth-year list). */
export const schoolCalendarYear = (now: Date = new Date()): number => Number(schoolToday(now).slice(0, 4));

/** The date `days` days after (or before) a 'YYYY-MM-DD' date (a calendar date: no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one 'YYYY-MM-DD' date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const utc = (date: string) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** Minutes east of UTC of the school's zone at an instant (-300, or -240 in summer time). */
function offsetMinutes(at: number): number {
  const p = clockParts(new Date(at));
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/** The instant a 'YYYY-MM-DD' school day starts (its midnight in Port-au-Prince), as stored timestamps are written (ISO, UTC). */
export function schoolDayStart(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  let start = midnightUtc - offsetMinutes(midnightUtc) * 60_000;
  // Across a change of summer time the offset at the guess may differ from the offset at midnight.
  start = midnightUtc - offsetMinutes(start) * 60_000;
  return new Date(start).toISOString();
}

// ------------------------------------------------------------------------------ School years

/**
 * The month a school year starts (decision 210): years run from 1 August to 31 July. Lessons run
 * from September to June or July; August is the month of enrolments for the year to come, and a
 * date in July still belongs to the year that ends then.
 */
export const SCHOOL_YEAR_FIRST_MONTH = 8;

/** The name of the school year a date belongs to: '2026-11-27' → '2026-2027', '2027-07-10' → '2026-2027'. */
export function schoolYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = month >= SCHOOL_YEAR_FIRST_MONTH ? year : year - 1;
  return `${start}-${start + 1}`;
}

/** The first and last day of a school year named 'YYYY-YYYY' (by its first calendar year). */
export function schoolYearSpan(name: string): { start: string; end: string } {
  const first = Number(name.slice(0, 4));
  const month = String(SCHOOL_YEAR_FIRST_MONTH).padStart(2, '0');
  const start = `${first}-${month}-01`;
  return { start, end: addDays(`${first + 1}-${month}-01`, -1) };
}

/** The school year named `offset` years after (or before) another: ('2026-2027', 1) → '2027-2028'. */
export function shiftSchoolYear(name: string, offset: number): string {
  const first = Number(name.slice(0, 4)) + offset;
  return `${first}-${first + 1}`;
}
