// Enrolments from the register: the routes of contract/enrollments.ts, and the enrolment's answer
// shape the student routes share.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { type ClassChanged, type Enrolled, type EnrolledMany, enrollmentsApi as api } from '../contract/enrollments';
import type { StudentEnrollment } from '../contract/students';
import { studentServerText as t } from '../contract/texts/students';
import * as enrollments from '../db/enrollments';
import * as students from '../db/students';
import * as classChanges from '../db/class-changes';
import { schoolToday } from '../domain/dates';
import { changeClassTargets } from '../domain/students';
import { fromCentimes, toCentimes } from '../domain/money';
import type { AppBindings } from '../env';
import { badRequest, conflict, found, notFound } from '../lib/errors';
import { requireClassByName, requireYear } from '../lib/lookups';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const enrollmentRoutes = new Hono<AppBindings>();

export const fullName = (s: { prenom: string; nom: string }) => `${s.prenom} ${s.nom}`;

export const newEnrollment = (
  school: string,
  studentId: string,
  yearId: string,
  classId: string,
  mppa: number,
): enrollments.NewEnrollment => ({
  id: crypto.randomUUID(),
  instanceId: school,
  studentId,
  yearId,
  classId,
  mppa,
});

export const apiEnrollment = (row: enrollments.NewEnrollment, className: string): StudentEnrollment => ({
  id: row.id,
  year_id: row.yearId,
  class_id: row.classId,
  className,
  mppa: fromCentimes(row.mppa ?? 0),
});

/** A register row's enrolment of the year, or null. */
export const enrollmentOfRow = (r: students.StudentWithEnrollmentRow, yearId: string): StudentEnrollment | null =>
  r.enrollmentId && r.classId
    ? {
        id: r.enrollmentId,
        year_id: yearId,
        class_id: r.classId,
        className: r.className ?? '',
        mppa: fromCentimes(r.enrollmentMppa ?? 0),
      }
    : null;

route(enrollmentRoutes, api.enrol, allow.permission('enrollment:create'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const year = await requireYear(c, body.year_id);
  const student = found(await students.findStudentForYear(db, school, body.student_id, year.id), t.studentNotFound);
  if (student.enrollmentId) throw conflict(t.alreadyEnrolled(student.student.prenom));
  const target = await requireClassByName(c, body.className, year.id);
  const mppa = body.mppa === null || body.mppa === undefined ? (target.mppa ?? 0) : toCentimes(body.mppa);
  const row = newEnrollment(school, student.student.id, year.id, target.id, mppa);
  return commit(c, enrollments.insertEnrollments(db, [row]), {
    audit: {
      action: 'CREATE_ENROLLMENT',
      target: fullName(student.student),
      details: { student_id: student.student.id, year_id: year.id, className: target.name, mppa: fromCentimes(mppa) },
    },
    body: {
      message: t.enrolled(student.student.prenom),
      enrollment: apiEnrollment(row, target.name),
    } satisfies Enrolled,
    status: 201,
  });
});

route(enrollmentRoutes, api.enrolMany, allow.permission('enrollment:create'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const year = await requireYear(c, body.year_id);
  const selection = await students.studentsWithYearEnrollment(db, school, body.student_ids, year.id);
  if (selection.length !== body.student_ids.length) throw notFound(t.studentsNotFound);
  if (selection.some((s) => s.enrollmentId)) throw conflict(t.someAlreadyEnrolled);
  const target = await requireClassByName(c, body.className, year.id);
  const rows = selection.map((s) => newEnrollment(school, s.id, year.id, target.id, target.mppa ?? 0));
  return commit(c, enrollments.insertEnrollments(db, rows), {
    audit: {
      action: 'BULK_CREATE_ENROLLMENTS',
      target: target.name,
      details: {
        year_id: year.id,
        className: target.name,
        count: rows.length,
        students: selection.map((s) => fullName(s)),
      },
    },
    body: {
      message: t.bulkEnrolled(rows.length),
      enrollments: rows.map((r) => ({ ...apiEnrollment(r, target.name), student_id: r.studentId })),
    } satisfies EnrolledMany,
    status: 201,
  });
});

route(enrollmentRoutes, api.changeClass, allow.permission('enrollment:update_class'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const selection = await enrollments.enrollmentsByIds(db, school, body.enrollmentIds);
  if (selection.length !== body.enrollmentIds.length) throw notFound(t.enrollmentsNotFound);
  const target = await requireClassByName(c, body.targetClassName);
  if (changeClassTargets([target], selection).length === 0) throw badRequest(t.targetRepresented);
  // The class left and the day the new one is joined are kept first (decision 302): the old
  // class's sheets keep the days the pupil was there, their grades follow them.
  return commit(
    c,
    [
      ...classChanges.recordChanges(db, school, body.enrollmentIds, target.id, schoolToday()),
      ...enrollments.moveEnrollments(db, school, body.enrollmentIds, target.id),
    ],
    {
      audit: {
        action: 'BULK_CHANGE_CLASS',
        target: target.name,
        details: {
          className: target.name,
          count: selection.length,
          moves: selection.map((e) => ({ enrollment_id: e.id, name: fullName(e), from: e.className })),
        },
      },
      body: {
        message: t.classesChanged,
        className: target.name,
        class_id: target.id,
        enrollmentIds: body.enrollmentIds,
      } satisfies ClassChanged,
    },
  );
});
