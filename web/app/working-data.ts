// A teacher's working data, stored after one sign-in (issue 28, decision 242): once the account's
// screens are stored (offline-screens.tsx), the page reads in the background what a teacher opens
// in class, through the service worker, which keeps each answer in `api-data` and revalidates it
// with its ETag at the next start (a 304 when unchanged):
// - the week and the courses of the current year (the teacher's home);
// - the roll call of every lesson of this week up to today (Monday to today, the school's day);
// - the grade book of each course for the period the book opens on: the period under way by its
//   start date, else the year's first (`currentPeriodId`, the grade book's own rule, decision 193).
// So a class never opened online opens offline. The reads use the screens' own addresses (a copy
// is found by its address). A student's sections are read by the student's home already.
import { api } from '../api/client';
import type { Bootstrap } from '../../worker/contract/bootstrap';
import type { Period } from '../../worker/contract/academic-periods';
import type { TeacherDashboard, TeacherLesson } from '../../worker/contract/teacher';
import { addDays, schoolClock } from '../../worker/domain/dates';
import { currentPeriodId, schoolToday } from '../../worker/domain/grades';
import { dayOfWeekOf } from '../../worker/domain/timetable';
import type { Session } from '../session/session';

const q = encodeURIComponent;

/** The screens' read addresses (RollCallPage, GradeBookPanel, TeacherPage). */
export const workingPaths = {
  week: (yearId: string) => `/teacher/timetable?yearId=${q(yearId)}`,
  courses: (yearId: string) => `/teacher/dashboard?yearId=${q(yearId)}`,
  periods: (yearId: string) => `/academic-periods?yearId=${q(yearId)}`,
  rollCall: (entryId: string, date: string) => `/teacher/attendance?entryId=${q(entryId)}&date=${q(date)}`,
  gradeBook: (b: { yearId: string; className: string; subjectId: string; periodId: string }) =>
    `/teacher/subject-details?yearId=${q(b.yearId)}&className=${q(b.className)}&subjectId=${q(b.subjectId)}&periodId=${q(b.periodId)}`,
};

/**
 * This week's sessions of the lessons, Monday to `today`; on a Sunday, the week that just ended
 * (the dates the teacher's week opens a lesson's roll call on).
 */
export function sessionsThisWeek(lessons: readonly Pick<TeacherLesson, 'id' | 'day_of_week'>[], today: string) {
  const day = dayOfWeekOf(today) ?? 7;
  return lessons
    .filter((lesson) => lesson.day_of_week <= day)
    .map((lesson) => ({ entryId: lesson.id, date: addDays(today, lesson.day_of_week - day) }));
}

/** Every path of `paths`, read four at a time; one that fails is left (read again at the next start). */
async function readAll(paths: readonly string[]): Promise<void> {
  const waiting = [...new Set(paths)];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let path = waiting.shift(); path; path = waiting.shift())
        await api.get(path, { background: true }).catch(() => undefined);
    }),
  );
}

const get = <T>(path: string) => api.get<T>(path, { background: true });

/** Reads the account's working data so that its classes open offline. Only a teacher's, today. */
export async function storeWorkingData(session: Session): Promise<void> {
  if (session.role !== 'teacher') return;
  const { years } = await get<Bootstrap>('/bootstrap');
  const year = years.find((y) => y.is_current);
  if (!year) return;
  const [week, courses, periods] = await Promise.all([
    get<TeacherLesson[]>(workingPaths.week(year.id)),
    get<TeacherDashboard>(workingPaths.courses(year.id)),
    get<Period[]>(workingPaths.periods(year.id)),
  ]);
  // The period GradeBookPanel opens on, by the same rule.
  const periodId = currentPeriodId(periods, schoolToday());
  await readAll([
    ...sessionsThisWeek(week, schoolClock().date).map((s) => workingPaths.rollCall(s.entryId, s.date)),
    ...(periodId
      ? courses.courses.map((c) =>
          workingPaths.gradeBook({
            yearId: year.id,
            className: c.class_name,
            subjectId: c.subject_id,
            periodId,
          }),
        )
      : []),
  ]);
}
