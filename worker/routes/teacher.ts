// The teacher's own space: the routes of contract/teacher.ts (one D1 round trip each; two for an
// admin without a teacher profile, whose courses are the whole programme).
import { ROLL_CALL_COUNTS } from '../domain/audit';
import { Hono } from 'hono';
import { allow, validInput } from '../auth/access';
import {
  rollCallApi,
  type RollCall,
  type SavedRollCall,
  type TeacherAnnouncement,
  type TeacherDashboard,
  type TeacherLesson,
  teacherApi as api,
} from '../contract/teacher';
import { attendanceServerText as a } from '../contract/texts/attendance';
import * as attendance from '../db/attendance-records';
import * as enrollments from '../db/enrollments';
import { sessionDateProblem } from '../domain/attendance';
import { schoolToday } from '../domain/dates';
import { compareNames } from '../domain/text';
import * as assignments from '../db/assignments';
import * as announcements from '../db/teacher-announcements';
import * as curriculum from '../db/curriculum';
import * as teachers from '../db/teachers';
import * as timetable from '../db/timetable-entries';
import type { SchoolBindings, SchoolContext } from '../env';
import { badRequest, conflict, notFound } from '../lib/errors';
import { alertGuardians, attendanceNews, inBackground } from '../lib/alerts';
import { route } from '../lib/route';
import { commit } from '../lib/write';
import { withYear } from '../lib/lookups';

export const teacherRoutes = new Hono<SchoolBindings>();

/** A teacher's own courses and lessons (the rows answered are the caller's), or an admin (every teacher's). */
const teacherOrAdmin = () =>
  allow.any(allow.own({ what: 'their own courses and lessons' }, 'teacher'), allow.types('admin'));

/** Whether the caller teaches the lesson (a lesson not found passes: the route answers its 404). */
async function teachesLesson(c: SchoolContext, entryId: string) {
  const { db, school, account } = c.var;
  const [lesson, profiles] = await Promise.all([
    timetable.findLesson(db, school, entryId),
    teachers.selectProfileOfUser(db, school, account.id),
  ]);
  return !lesson || lesson.teacher_id === (profiles[0]?.id ?? null);
}

/** A roll call: a teacher their own courses' lessons (another's answers 404 like a missing one), an admin any lesson. */
const rollCallRule = (entryOf: (c: SchoolContext) => string) =>
  allow.any(
    allow.own(
      {
        what: 'the lessons they teach',
        check: (c) => teachesLesson(c, entryOf(c)),
        refusal: () => notFound(a.sessionNotFound),
      },
      'teacher',
    ),
    allow.types('admin'),
  );

route(teacherRoutes, api.dashboard, teacherOrAdmin(), async (c) => {
  const { db, school, account } = c.var;
  const { yearId } = c.req.valid('query');
  const [, profileRows, assigned] = await withYear(
    c,
    yearId,
    teachers.selectProfileOfUser(db, school, account.id),
    assignments.selectCoursesOfUser(db, school, yearId, account.id),
  );
  const profile = profileRows[0];
  // An admin without a teacher profile reaches every course of the programme (a second read).
  const courses =
    !profile && account.type === 'admin' ? await curriculum.selectYearCourses(db, school, yearId) : assigned;
  return c.json<TeacherDashboard>({ prenom: profile?.prenom ?? null, username: account.username, courses });
});

route(teacherRoutes, api.announcements, teacherOrAdmin(), async (c) =>
  c.json<TeacherAnnouncement[]>(await announcements.selectForUser(c.var.db, c.var.school, c.var.account.id)),
);

route(teacherRoutes, api.timetable, teacherOrAdmin(), async (c) => {
  const { db, school, account } = c.var;
  const { yearId } = c.req.valid('query');
  const [, week] = await withYear(c, yearId, timetable.selectWeekOfUser(db, school, yearId, account.id));
  return c.json<TeacherLesson[]>(week);
});

/** The lesson a roll call names (the rule checked a teacher's), with the caller's teacher profile. */
async function requireLesson(c: SchoolContext, entryId: string) {
  const { db, school, account } = c.var;
  const [lesson, profiles] = await Promise.all([
    timetable.findLesson(db, school, entryId),
    teachers.selectProfileOfUser(db, school, account.id),
  ]);
  if (!lesson) throw notFound(a.sessionNotFound);
  return { lesson, teacherId: profiles[0]?.id ?? null };
}

/** A roll call is taken on its lesson's weekday, today or before. */
function checkDate(lesson: { day_of_week: number }, date: string, options?: { read: boolean }) {
  const problem = sessionDateProblem({ dayOfWeek: lesson.day_of_week }, date, schoolToday(), options);
  if (problem) throw badRequest(problem === 'future' ? a.future : problem === 'weekday' ? a.wrongDay : a.dateInvalid);
}

const sessionRule = rollCallRule((c) => validInput<{ entryId: string }>(c, 'query').entryId);
route(teacherRoutes, rollCallApi.session, sessionRule, async (c) => {
  const { db, school } = c.var;
  const { entryId, date } = c.req.valid('query');
  const { lesson } = await requireLesson(c, entryId);
  // The coming days' class lists are read too (the phone keeps Monday's on Sunday evening).
  checkDate(lesson, date, { read: true });
  const [students, marks] = await db.batch([
    enrollments.selectRosterOn(db, school, lesson.year_id, lesson.class_id, date),
    attendance.selectSessionMarks(db, school, {
      entryId: lesson.id,
      date,
      yearId: lesson.year_id,
      classId: lesson.class_id,
    }),
  ]);
  const { id, day_of_week, start_time, end_time, subject_name, class_name, location_name } = lesson;
  return c.json<RollCall>({
    entry: { id, day_of_week, start_time, end_time, subject_name, class_name, location_name },
    date,
    students: students.sort((x, y) => compareNames(x.nom, y.nom) || compareNames(x.prenom, y.prenom)),
    marks,
  });
});

const saveRule = rollCallRule((c) => validInput<{ timetable_entry_id: string }>(c, 'json').timetable_entry_id);
route(teacherRoutes, rollCallApi.save, saveRule, async (c) => {
  const { db, school } = c.var;
  const body = c.req.valid('json');
  const { lesson, teacherId } = await requireLesson(c, body.timetable_entry_id);
  checkDate(lesson, body.date);
  // The log row's counts (decision 331: a compact row per roll call): present, absent, late,
  // justified, cleared, in that order (ROLL_CALL_COUNTS), without the zeros at the end.
  const counts = ROLL_CALL_COUNTS.map((k) => body.marks.filter((m) => (m.status ?? 'cleared') === k).length);
  while (counts.length > 1 && counts.at(-1) === 0) counts.pop();
  const session = { date: body.date, yearId: lesson.year_id, classId: lesson.class_id, marks: body.marks };
  const notInClass = conflict(a.notInClass([], lesson.class_name), 'not_in_class');
  const answer = await commit(c, attendance.saveSessionMarks(db, school, { ...session, entryId: lesson.id }), {
    audit: {
      action: 'ATTENDANCE_SESSION',
      target: `${lesson.subject_name} ${lesson.class_name} ${body.date}`,
      details: JSON.stringify(counts),
    },
    body: { saved: body.marks.length, message: a.saved } satisfies SavedRollCall,
    guards: [
      // A pupil who was not in the class that day (moved, or another class's): the whole roll call
      // is refused, naming them (decision 302); a queued one shows where it was taken.
      { holds: attendance.marksInClass(school, session), error: notInClass },
      ...(teacherId && c.var.account.type !== 'admin'
        ? [{ holds: timetable.lessonStillTaughtBy(school, lesson.id, teacherId), error: notFound(a.sessionNotFound) }]
        : []),
    ],
  }).catch(async (error: unknown) => {
    if (error !== notInClass) throw error;
    const names = await enrollments.selectNames(db, school, attendance.outside(school, session));
    throw conflict(
      a.notInClass(
        names
          .sort((x, y) => compareNames(x.nom, y.nom) || compareNames(x.prenom, y.prenom))
          .map((n) => `${n.prenom} ${n.nom}`),
        lesson.class_name,
      ),
      'not_in_class',
    );
  });
  // The guardians of the absent and late pupils, after the answer (decision 361).
  const marked = new Map<string, 'absent' | 'late'>();
  for (const m of body.marks) if (m.status === 'absent' || m.status === 'late') marked.set(m.enrollment_id, m.status);
  if (marked.size)
    inBackground(c, () =>
      alertGuardians(c.env, db, school, { enrollmentIds: [...marked.keys()] }, attendanceNews(body.date, marked)),
    );
  return answer;
});
