// Attendance reports: the routes of contract/attendance.ts (a constant number of D1 round trips
// whatever the class size or the range).
import { Hono } from 'hono';
import { allow } from '../auth/access';
import {
  attendanceApi as api,
  type DailyReport,
  type DetailedReport,
  type SavedOverride,
} from '../contract/attendance';
import { attendanceReportText as t } from '../contract/texts/attendance';
import * as marks from '../db/attendance-records';
import * as overrides from '../db/attendance-overrides';
import * as enrollments from '../db/enrollments';
import { type ClassChange, classOnDay, dailyCell, dailySheet, isSchoolDate, schoolDates } from '../domain/attendance';
import { compareNames } from '../domain/text';
import type { SchoolBindings, SchoolContext } from '../env';
import { badRequest, found } from '../lib/errors';
import { requireYear, requireYearAndClass } from '../lib/lookups';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const attendanceRoutes = new Hono<SchoolBindings>();

/** The class's students, marks and overrides over the range, in one round trip. */
async function classRange(
  c: SchoolContext,
  q: { yearId: string; className: string; startDate: string; endDate: string },
) {
  const { db, school } = c.var;
  const { year, klass } = await requireYearAndClass(c, q.yearId, q.className);
  const range = { yearId: year.id, classId: klass.id, start: q.startDate, end: q.endDate };
  const [list, marked, chosen] = await db.batch([
    enrollments.selectClassList(db, school, year.id, klass.id),
    marks.selectClassMarks(db, school, range),
    overrides.selectClassOverrides(db, school, range),
  ]);
  const dates = schoolDates(q.startDate, q.endDate);
  // The pupils who were in the class on one of the days, each on those days only (decision 302).
  const changes = new Map(list.map((s) => [s.enrollment_id, JSON.parse(s.changes) as ClassChange[]]));
  const classNow = new Map(list.map((s) => [s.enrollment_id, s.class_id]));
  const inClass = (enrollmentId: string, date: string) =>
    classOnDay(classNow.get(enrollmentId)!, changes.get(enrollmentId)!, date) === klass.id;
  const students = list
    .filter((s) => dates.some((date) => inClass(s.enrollment_id, date)))
    .sort((a, b) => compareNames(a.nom, b.nom) || compareNames(a.prenom, b.prenom));
  return { students, marked, chosen, dates, inClass };
}

route(attendanceRoutes, api.daily, allow.permission('report:attendance'), async (c) => {
  const { students, marked, chosen, dates, inClass } = await classRange(c, c.req.valid('query'));
  const studentOf = new Map(students.map((s) => [s.enrollment_id, s.student_id]));
  const cells = dailySheet(
    students.map((s) => s.enrollment_id),
    dates,
    marked,
    chosen,
    inClass,
  );
  return c.json<DailyReport>({
    students: students.map((s) => ({ id: s.student_id, nom: s.nom, prenom: s.prenom })),
    dates,
    records: cells.map((cell) => ({
      student_id: studentOf.get(cell.enrollmentId)!,
      date: cell.date,
      status: cell.status!,
      is_manual_override: cell.manual,
      derived_status: cell.derived,
    })),
  });
});

route(attendanceRoutes, api.detailed, allow.permission('report:attendance'), async (c) => {
  const { students, marked, dates } = await classRange(c, c.req.valid('query'));
  const studentOf = new Map(students.map((s) => [s.enrollment_id, s.student_id]));
  return c.json<DetailedReport>({
    students: students.map((s) => ({ id: s.student_id, nom: s.nom, prenom: s.prenom })),
    dates,
    records: marked
      .filter((m) => studentOf.has(m.enrollmentId))
      .map((m) => ({
        student_id: studentOf.get(m.enrollmentId)!,
        date: m.date,
        status: m.status,
        subject_id: m.subject_id,
        subject_name: m.subject_name,
        start_time: m.start_time,
      })),
  });
});

route(attendanceRoutes, api.override, allow.permission('report:attendance'), async (c) => {
  const { db, school } = c.var;
  const body = c.req.valid('json');
  if (!isSchoolDate(body.date)) throw badRequest(t.sunday);
  const year = await requireYear(c, body.yearId);
  const enrollment = found(
    await enrollments.findEnrollmentOfStudent(db, school, body.student_id, year.id),
    t.studentNotFound,
  );
  const day = (await marks.selectDayMarks(db, school, enrollment.id, year.id, body.date)).map((m) => m.status);
  const cell = dailyCell(day, body.status);
  return commit(
    c,
    [
      body.status
        ? overrides.setOverride(db, school, enrollment.id, body.date, body.status)
        : overrides.clearOverride(db, school, enrollment.id, body.date),
    ],
    {
      audit: {
        action: body.status ? 'SET_ATTENDANCE_OVERRIDE' : 'CLEAR_ATTENDANCE_OVERRIDE',
        target: `${body.student_id} ${body.date}`,
        details: { status: body.status, derived: cell.derived },
      },
      body: {
        record: {
          student_id: body.student_id,
          date: body.date,
          status: cell.status,
          is_manual_override: cell.manual,
          derived_status: cell.derived,
        },
        message: body.status ? t.overridden : t.cleared,
      } satisfies SavedOverride,
    },
  );
});
