// A teacher's working data, stored after one sign-in (issue 28, decision 242): once the account's
// screens are stored (offline-screens.tsx), the page reads in the background what a teacher opens
// in class, through the service worker, which keeps each answer in `api-data` and revalidates it
// with its ETag at the next start (a 304 when unchanged):
// - the week and the courses of the current year (the teacher's home);
// - the roll call of every lesson of this week up to today (Monday to today, the school's day);
// - the grade book of each course for the period the book opens on: the period under way by its
//   start date, else the year's first (`currentPeriodId`, the grade book's own rule, decision 193);
// - the list of the teacher's resources of the year (the resources tab).
// So a class never opened online opens offline. The roll calls and grade books are read together,
// in one request (POST /api/reads, decision 271), and each answer is stored in `api-data` under
// the screen's own address with its ETag, as the service worker would have stored it (a copy is
// found by its address: the same endpoints, with the query's fields in the screens' order). A
// student's sections are read by the student's home already.
import { read } from '../api/calls';
import { endpoints } from '../api/endpoints';
import { address, readTogether } from '../api/stored-reads';
import type { TeacherLesson } from '../../worker/contract/teacher';
import { addDays, schoolClock } from '../../worker/domain/dates';
import { currentPeriodId, schoolToday } from '../../worker/domain/grades';
import { dayOfWeekOf } from '../../worker/domain/timetable';
import type { Session } from '../session/session';

const BACKGROUND = { background: true } as const;

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

/** Reads the account's working data so that its classes open offline. Only a teacher's, today. */
export async function storeWorkingData(session: Session): Promise<void> {
  if (session.role !== 'teacher') return;
  const { years } = await read(endpoints.bootstrap.read, {}, BACKGROUND);
  const year = years.find((y) => y.is_current);
  if (!year) return;
  const [week, courses, periods] = await Promise.all([
    read(endpoints.teacher.timetable, { query: { yearId: year.id } }, BACKGROUND),
    read(endpoints.teacher.dashboard, { query: { yearId: year.id } }, BACKGROUND),
    read(endpoints.periods.list, { query: { yearId: year.id } }, BACKGROUND),
  ]);
  // The period GradeBookPanel opens on, by the same rule.
  const periodId = currentPeriodId(periods, schoolToday());
  // Each class's roll calls beside its grade book: its pupils' names compress once (decision 271).
  const classOf = new Map(week.map((lesson) => [lesson.id, lesson.class_name]));
  const reads = [
    ...sessionsThisWeek(week, schoolClock().date).map((s) => ({
      className: classOf.get(s.entryId) ?? '',
      path: address(endpoints.rollCall.session, { query: { entryId: s.entryId, date: s.date } }),
    })),
    ...(periodId
      ? courses.courses.map((c) => ({
          className: c.class_name,
          path: address(endpoints.grades.book, {
            query: { yearId: year.id, className: c.class_name, subjectId: c.subject_id, periodId },
          }),
        }))
      : []),
  ];
  reads.sort((x, y) => (x.className < y.className ? -1 : x.className > y.className ? 1 : 0));
  // The resources tab: the list of the year's documents of the teacher's courses.
  const resources = address(endpoints.resources.teacherList, { query: { yearId: year.id } });
  await readTogether([...reads.map((r) => r.path), resources], session.id);
}
