// Appreciations (a subject's, a period's general one) and the report cards' data of a class
// (report_card:generate). Mounted by routes/grades.ts.
import { Hono } from 'hono';
import { allow, validInput } from '../auth/access';
import { gradesApi as api, type ReportData } from '../contract/grades';
import { serverText } from '../contract/texts/server';
import { gradesServerText as t } from '../contract/texts/grades';
import * as periods from '../db/academic-periods';
import * as appreciations from '../db/appreciations';
import * as assignments from '../db/assignments';
import * as classes from '../db/classes';
import * as enrollments from '../db/enrollments';
import type { SchoolBindings, SchoolContext } from '../env';
import { forbidden, found, notFound } from '../lib/errors';
import { readReportData } from '../db/report-data';
import { route } from '../lib/route';
import { commit } from '../lib/write';
import { bookRule, courseGuards, openBook, teachesPupilSubject } from './grade-rules';

export const reportCardRoutes = new Hono<SchoolBindings>();

/** An appreciation's enrolment and course, with the caller's right to write it. */
async function appreciationPlace(c: SchoolContext, enrollmentId: string, subjectId: string | null, periodId: string) {
  const { db, school } = c.var;
  const place = found(await enrollments.findEnrollmentPlace(db, school, enrollmentId), t.studentNotFound);
  if (subjectId) {
    await openBook(c, { yearId: place.yearId, classId: place.classId, subjectId }, periodId);
  } else {
    // A general appreciation: the period of the year (the route checks a teacher's class).
    found(
      await db.batch([periods.selectPeriodOfYear(db, school, periodId, place.yearId)]).then(([rows]) => rows[0]),
      t.periodNotFound,
    );
  }
  return place;
}

/** Whether the caller teaches in the class of the pupil the body names; a pupil not found passes (the route answers 404). */
async function teachesPupilClass(c: SchoolContext) {
  const { db, school, account } = c.var;
  const place = await enrollments.findEnrollmentPlace(
    db,
    school,
    validInput<{ enrollment_id: string }>(c, 'json').enrollment_id,
  );
  return !place || Boolean(await assignments.findTeachesClass(db, school, account.id, place.yearId, place.classId));
}

route(reportCardRoutes, api.appreciation, bookRule('appreciation:create', teachesPupilSubject), async (c) => {
  const { db, school } = c.var;
  const body = c.req.valid('json');
  const place = await appreciationPlace(c, body.enrollment_id, body.subject_id, body.period_id);
  const key = { enrollmentId: place.id, subjectId: body.subject_id, periodId: body.period_id };
  return commit(c, [appreciations.saveAppreciation(db, school, key, body.text)], {
    audit: {
      action: 'SET_APPRECIATION',
      target: place.id,
      details: { subject: body.subject_id, period: body.period_id },
    },
    guards: [
      ...courseGuards(c, { yearId: place.yearId, classId: place.classId, subjectId: body.subject_id }),
      { holds: enrollments.enrollmentStillExists(school, place.id), error: notFound(t.studentNotFound) },
    ],
    body: { message: t.appreciationSaved },
  });
});

route(
  reportCardRoutes,
  api.generalAppreciation,
  allow.any(
    allow.own(
      { what: 'the classes they teach', check: teachesPupilClass, refusal: () => forbidden(t.notYourCourse) },
      'teacher',
    ),
    allow.permission('appreciation:create'),
  ),
  async (c) => {
    const { db, school } = c.var;
    const body = c.req.valid('json');
    const place = await appreciationPlace(c, body.enrollment_id, null, body.period_id);
    const key = { enrollmentId: place.id, periodId: body.period_id };
    return commit(c, [appreciations.saveGeneralAppreciation(db, school, key, body.text)], {
      audit: { action: 'SET_GENERAL_APPRECIATION', target: place.id, details: { period: body.period_id } },
      guards: [{ holds: enrollments.enrollmentStillExists(school, place.id), error: notFound(t.studentNotFound) }],
      body: { message: t.appreciationSaved },
    });
  },
);

route(reportCardRoutes, api.bulk, allow.permission('report_card:generate'), async (c) => {
  const { db, school } = c.var;
  const q = c.req.valid('query');
  // Query 1: the class, the year and the period. Then queries 2 to 5 in one round trip.
  const scope = found(
    (await classes.selectReportScope(db, school, q.yearId, q.className, q.periodId))[0],
    serverText.classNotFound,
  );
  if (!scope.year_ok) throw notFound(serverText.yearNotFound);
  if (!scope.period_ok) throw notFound(t.periodNotFound);
  return c.json<ReportData>(
    await readReportData(db, school, { yearId: q.yearId, classId: scope.class_id, periodId: q.periodId }),
  );
});
