// The account's working set (issues 28, 29, 39; decisions 242, 271, 320): what a person opens in
// class or at the office, kept on the phone after one sign-in and revalidated in one request at each
// visit (a sign-in, or the app opened), so that every screen of it opens at once, offline too.
// - a teacher: the school, his week and courses of the current year, the year's periods, his
//   announcements and resources; the roll call of every lesson from this week's Monday through the
//   coming seven days (the next school day after a weekend or a holiday, Monday's lessons from
//   Sunday evening), with the class lists to mark them; the grade book of each course for the
//   period the book opens on (`currentPeriodId`, decision 193);
// - a pupil: every section of the student portal;
// - a guardian (issue 43): the children, and each child's page, week and (when open) grades;
// - the office (staff who read the register): the school, and the current year's register as its
//   screen first shows it, every page (decision 320: the register filters offline from them).
// The addresses are those the screens read (`address`: the same query in the same order). Those
// that depend on others (a roll call on the week's lessons) are found from the stored copies: the
// set is asked in rounds until nothing new is named, one round when nothing changed.
import { storedAnswer } from '../api/cache';
import { listQuery } from '../screens/students/model';
import { endpoints } from '../api/endpoints';
import { address, revalidateSet } from '../api/stored-reads';
import type { Bootstrap } from '../../worker/contract/bootstrap';
import type { ChildPage, GuardianChild } from '../../worker/contract/guardians';
import type { Period } from '../../worker/contract/academic-periods';
import type { TeacherDashboard, TeacherLesson } from '../../worker/contract/teacher';
import { addDays, schoolClock } from '../../worker/domain/dates';
import { currentPeriodId } from '../../worker/domain/grades';
import { dayOfWeekOf } from '../../worker/domain/timetable';
import type { Session } from '../session/session';
import { keepsASet } from './working-set-roles';

/** How many days ahead a teacher's roll calls are kept (the server reads up to 14). */
export const DAYS_AHEAD = 7;

/**
 * The sessions of the lessons to keep: this week's, Monday to `today` (on a Sunday, the week that
 * just ended), and every one of the coming DAYS_AHEAD days.
 */
export function sessionsToKeep(lessons: readonly Pick<TeacherLesson, 'id' | 'day_of_week'>[], today: string) {
  const day = dayOfWeekOf(today) ?? 7;
  const thisWeek = lessons
    .filter((lesson) => lesson.day_of_week <= day)
    .map((lesson) => ({ entryId: lesson.id, date: addDays(today, lesson.day_of_week - day) }));
  const ahead = Array.from({ length: DAYS_AHEAD }, (_, i) => addDays(today, i + 1)).flatMap((date) =>
    lessons
      .filter((lesson) => lesson.day_of_week === dayOfWeekOf(date))
      .map((lesson) => ({ entryId: lesson.id, date })),
  );
  return [...thisWeek, ...ahead];
}

/** The current year in the stored bootstrap, if any. */
async function currentYear(): Promise<string | null> {
  const bootstrap = await storedAnswer<Bootstrap>(address(endpoints.bootstrap.read, {}));
  return bootstrap?.years.find((y) => y.is_current)?.id ?? null;
}

async function teacherSet(): Promise<string[]> {
  const paths = [address(endpoints.bootstrap.read, {}), address(endpoints.teacher.announcements, {})];
  const yearId = await currentYear();
  if (!yearId) return paths;
  const query = { query: { yearId } };
  const week = address(endpoints.teacher.timetable, query);
  const courses = address(endpoints.teacher.dashboard, query);
  const periodsPath = address(endpoints.periods.list, query);
  paths.push(week, courses, periodsPath, address(endpoints.resources.teacherList, query));
  const [lessons, dashboard, periods] = await Promise.all([
    storedAnswer<TeacherLesson[]>(week),
    storedAnswer<TeacherDashboard>(courses),
    storedAnswer<Period[]>(periodsPath),
  ]);
  // Each class's roll calls beside its grade books: its pupils' names compress once (decision 271).
  const byClass: { className: string; path: string }[] = [];
  const classOf = new Map((lessons ?? []).map((lesson) => [lesson.id, lesson.class_name]));
  for (const s of sessionsToKeep(lessons ?? [], schoolClock().date))
    byClass.push({
      className: classOf.get(s.entryId) ?? '',
      path: address(endpoints.rollCall.session, { query: { entryId: s.entryId, date: s.date } }),
    });
  const periodId = periods ? currentPeriodId(periods, schoolClock().date) : null;
  if (periodId)
    for (const c of dashboard?.courses ?? [])
      byClass.push({
        className: c.class_name,
        path: address(endpoints.grades.book, {
          query: { yearId, className: c.class_name, subjectId: c.subject_id, periodId },
        }),
      });
  byClass.sort((x, y) => (x.className < y.className ? -1 : x.className > y.className ? 1 : 0));
  return [...paths, ...byClass.map((r) => r.path)];
}

function studentSet(): string[] {
  const query = { query: {} };
  return [
    address(endpoints.instance.current, {}),
    address(endpoints.studentPortal.accessStatus, {}),
    address(endpoints.communications.studentOwn, {}),
    address(endpoints.studentPortal.me, query),
    address(endpoints.studentPortal.timetable, query),
    address(endpoints.studentPortal.grades, query),
    address(endpoints.resources.studentList, query),
    address(endpoints.studentPortal.finance, query),
  ];
}

/** A guardian's children, then each child's page and week, and the grades the child's page says are open. */
async function guardianSet(): Promise<string[]> {
  const list = address(endpoints.guardians.children, {});
  const children = (await storedAnswer<GuardianChild[]>(list)) ?? [];
  const paths = [list];
  for (const c of children) {
    const params = { params: { schoolId: c.school_id, studentId: c.student_id } };
    const page = address(endpoints.guardians.child, params);
    paths.push(page, address(endpoints.guardians.childTimetable, params));
    if ((await storedAnswer<ChildPage>(page))?.grades_open)
      paths.push(address(endpoints.guardians.childGrades, { ...params, query: {} }));
  }
  return paths;
}

/**
 * The register of the current year as its screen first shows it (every page of its default view,
 * by the screen's page size and query): the register opens at once, and filters offline from them.
 */
async function officeSet(): Promise<string[]> {
  const paths = [address(endpoints.bootstrap.read, {})];
  const yearId = await currentYear();
  if (!yearId) return paths;
  const filters = { yearId, page: 1, includeArchived: false, classFilter: '', search: '', sort: 'nom' as const };
  const page = (n: number) => address(endpoints.students.list, listQuery({ ...filters, page: n }));
  const first = await storedAnswer<{ pagination?: { totalPages: number } }>(page(1));
  const total = first?.pagination?.totalPages ?? 1;
  return [...paths, ...Array.from({ length: Math.max(1, total) }, (_, i) => page(i + 1))];
}

/** The addresses of the account's working set, as the phone can name them now. */
export async function setAddresses(session: Session): Promise<string[]> {
  if (session.role === 'teacher') return teacherSet();
  if (session.role === 'student') return studentSet();
  if (session.role === 'guardian') return guardianSet();
  if (keepsASet(session)) return officeSet();
  return [];
}

/** Rounds at most: the school, then the year's lists, then what they name. */
const ROUNDS = 4;

/**
 * Revalidates the account's working set (stores it the first time): one request when nothing
 * changed, a few more when what the set is made of changed (a new week, a new page). Throws when
 * the network failed (the caller says so and tries again).
 */
export async function storeWorkingData(session: Session): Promise<void> {
  const asked = new Set<string>();
  for (let round = 0; round < ROUNDS; round++) {
    const next = (await setAddresses(session)).filter((path) => !asked.has(path));
    if (!next.length) return;
    for (const path of next) asked.add(path);
    const outcome = await revalidateSet(session, next);
    if (outcome.failed.length && outcome.failed.length === next.length) throw new Error('set: refused');
  }
}
