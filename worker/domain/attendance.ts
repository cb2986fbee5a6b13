// Attendance rules shared by the worker, the teacher's roll call and the daily sheet (document 2
// §2 'Attendance tracking', §3, §4 'Attendance', §7; product decision 'Attendance'): the daily
// status derived from the course marks, the staff override, the school's week and date ranges,
// and the course sessions of a day. Pure functions, no I/O.
import { addDays, isIsoDate, schoolToday } from './dates';
import { type DayOfWeek, dayOfWeekOf, minutesOf, type Slot } from './timetable';

// ---------------------------------------------------------------------------------- Statuses

export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'justified'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** The tone a status is shown in (the roll call's marks, the daily sheet's cells): web/styles/base.css. */
export const STATUS_TONE = { present: 'success', absent: 'error', late: 'warning', justified: 'info' } as const;

export const isAttendanceStatus = (value: unknown): value is AttendanceStatus =>
  typeof value === 'string' && (ATTENDANCE_STATUSES as readonly string[]).includes(value);

/** Absent from the course, whether the absence is justified or not. */
const missed = (status: AttendanceStatus) => status === 'absent' || status === 'justified';

/**
 * A student's status for a day, from the marks the teachers gave in that day's courses (product
 * decision 'Attendance'), or null when no course of the day has a mark for them: an empty cell,
 * which says "not recorded", never "present".
 *
 * - missed every recorded course (absent or justified in each): 'justified' when every absence
 *   is justified, otherwise 'absent';
 * - otherwise came to at least one course: 'late' when late in any; else 'justified' when they
 *   missed some courses and every absence is justified; else 'present' (an unjustified absence
 *   from some courses of a day spent at school shows in the detailed report, not here).
 */
export function deriveDailyStatus(marks: readonly AttendanceStatus[]): AttendanceStatus | null {
  if (marks.length === 0) return null;
  if (marks.every(missed)) return marks.every((m) => m === 'justified') ? 'justified' : 'absent';
  if (marks.includes('late')) return 'late';
  if (marks.includes('justified') && !marks.includes('absent')) return 'justified';
  return 'present';
}

// ------------------------------------------------------------------------- Daily sheet cells

/** One cell of the daily sheet: what it shows, whether staff chose it, and what the marks say. */
export interface DailyCell {
  /** Shown: the override when there is one, otherwise the derived status (null = empty). */
  status: AttendanceStatus | null;
  /** True while a staff member's choice stands (document 2 §3 `is_manual_override`). */
  manual: boolean;
  /** What the courses' marks say, shown again when the override is cleared. */
  derived: AttendanceStatus | null;
}

/** A staff member's choice wins over the marks until it is cleared (product decision). */
export function dailyCell(marks: readonly AttendanceStatus[], override: AttendanceStatus | null): DailyCell {
  const derived = deriveDailyStatus(marks);
  return override ? { status: override, manual: true, derived } : { status: derived, manual: false, derived };
}

/**
 * The cell after a staff member sets a status (an override, even when equal to the derived
 * status, so that later marks do not change it) or clears it (null: back to the derived status).
 */
export const withOverride = (cell: DailyCell, status: AttendanceStatus | null): DailyCell =>
  status
    ? { status, manual: true, derived: cell.derived }
    : { status: cell.derived, manual: false, derived: cell.derived };

export interface CourseMark {
  enrollmentId: string;
  date: string;
  status: AttendanceStatus;
}

export type Override = CourseMark;

/**
 * Every non-empty cell of a daily sheet, from all the course marks and overrides of the class
 * over the dates (read in one query each): one entry per enrolment and date that has a status,
 * ordered as the students, then by date. Marks and overrides of other enrolments or dates, and of
 * the days a pupil was not in the class (`inClass`, decision 302), are ignored.
 */
export function dailySheet(
  enrollmentIds: readonly string[],
  dates: readonly string[],
  marks: readonly CourseMark[],
  overrides: readonly Override[],
  inClass: (enrollmentId: string, date: string) => boolean = () => true,
): ({ enrollmentId: string; date: string } & DailyCell)[] {
  const key = (enrollmentId: string, date: string) => `${enrollmentId}|${date}`;
  const marksOf = new Map<string, AttendanceStatus[]>();
  for (const m of marks) {
    const k = key(m.enrollmentId, m.date);
    const list = marksOf.get(k);
    if (list) list.push(m.status);
    else marksOf.set(k, [m.status]);
  }
  const overrideOf = new Map(overrides.map((o) => [key(o.enrollmentId, o.date), o.status]));
  return enrollmentIds.flatMap((enrollmentId) =>
    dates.flatMap((date) => {
      if (!inClass(enrollmentId, date)) return [];
      const k = key(enrollmentId, date);
      const cell = dailyCell(marksOf.get(k) ?? [], overrideOf.get(k) ?? null);
      return cell.status === null ? [] : [{ enrollmentId, date, ...cell }];
    }),
  );
}

// -------------------------------------------------------------------- A pupil's class on a day

/** A change of class: the school day the new class was joined, and the class left. */
export type ClassChange = readonly [changedOn: string, fromClassId: string];

/**
 * The class a pupil was in on a day (decision 302): the class left by their first change of
 * class after that day, else their class now.
 */
export function classOnDay(classNow: string, changes: readonly ClassChange[], day: string): string {
  let first: ClassChange | null = null;
  for (const change of changes) if (change[0] > day && (!first || change[0] < first[0])) first = change;
  return first ? first[1] : classNow;
}

// ------------------------------------------------------------------------------ Dates, week

/** A real calendar date on which lessons can take place: Monday to Saturday. */
export const isSchoolDate = (value: string): boolean => isIsoDate(value) && dayOfWeekOf(value) !== null;

/**
 * The sheet's default range (document 2 §2): this week's Monday to Saturday in the school's time
 * zone. On a Sunday, the week that just ended (its Monday to the day before).
 */
export const defaultRange = (now: Date = new Date()): { start: string; end: string } => weekOf(schoolToday(now));

/** The Monday to Saturday of a date's week; a Sunday's is the week that just ended. */
export function weekOf(date: string): { start: string; end: string } {
  const day = dayOfWeekOf(date) ?? 7;
  const start = addDays(date, 1 - day);
  return { start, end: addDays(start, 5) };
}

/** The longest range a sheet or report covers, in calendar days: a month (bounds every query). */
export const MAX_RANGE_DAYS = 31;

export type RangeProblem = 'start' | 'end' | 'order' | 'tooLong';

/** What is wrong with a range, or null: a date that does not exist, an end before the start, more than 31 days. */
export function rangeProblem(start: string, end: string): RangeProblem | null {
  if (!isIsoDate(start)) return 'start';
  if (!isIsoDate(end)) return 'end';
  if (end < start) return 'order';
  return addDays(start, MAX_RANGE_DAYS - 1) < end ? 'tooLong' : null;
}

/** The school days of a valid range, both ends included; Sundays are left out (no lessons). */
export function schoolDates(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    if (dayOfWeekOf(date) !== null) dates.push(date);
  }
  return dates;
}

// --------------------------------------------------------------------------- Course sessions

/** A course session is a timetable entry on a date of its weekday. */
export function sessionsOn<T extends Slot>(entries: readonly T[], date: string): T[] {
  const day: DayOfWeek | null = isIsoDate(date) ? dayOfWeekOf(date) : null;
  if (day === null) return [];
  return entries
    .filter((e) => e.dayOfWeek === day)
    .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.endTime.localeCompare(b.endTime));
}

/**
 * The session a teacher's roll call opens on by default among today's (sorted) sessions: the one
 * under way, otherwise the next one, otherwise the last one of the day; null without sessions.
 */
export function currentSession<T extends Slot>(sessions: readonly T[], time: string): T | null {
  const now = minutesOf(time);
  const underWay = sessions.find((s) => minutesOf(s.startTime) <= now && now < minutesOf(s.endTime));
  return underWay ?? sessions.find((s) => minutesOf(s.startTime) > now) ?? sessions.at(-1) ?? null;
}

export type SessionDateProblem = 'date' | 'weekday' | 'future';

/** How far ahead a session's class list is read: the coming week, whatever weekend or holiday (issue 39). */
export const SESSION_READ_AHEAD_DAYS = 14;

/**
 * What is wrong with marking a session on a date, or null: not a calendar date, a date whose
 * weekday is not the entry's, or a date after today (a lesson not given yet has no roll call).
 * Marks made offline carry the session's own date, so they are accepted when they arrive later.
 * Reading (`read`), a session of the coming SESSION_READ_AHEAD_DAYS is no problem: the phone keeps
 * Monday's class lists from Sunday evening (issue 39).
 */
export function sessionDateProblem(
  entry: Pick<Slot, 'dayOfWeek'>,
  date: string,
  today: string,
  { read = false }: { read?: boolean } = {},
): SessionDateProblem | null {
  if (!isIsoDate(date)) return 'date';
  if (dayOfWeekOf(date) !== entry.dayOfWeek) return 'weekday';
  const last = read ? addDays(today, SESSION_READ_AHEAD_DAYS) : today;
  return date > last ? 'future' : null;
}
