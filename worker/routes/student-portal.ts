// The student portal: the routes of contract/student-portal.ts. A student account reads only the
// student it is linked to; an admin views any student of the school by naming them. Each read is
// a constant number of D1 statements.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import {
  type AccessStatus,
  type StudentFinance,
  type StudentGrades,
  type StudentMe,
  studentPortalApi as api,
  type StudentWeek,
} from '../contract/student-portal';
import { studentServerText as t } from '../contract/texts/student';
import * as periods from '../db/academic-periods';
import * as financeSheets from '../db/finance-sheets';
import * as portalReads from '../db/student-portal';
import * as grades from '../db/grades';
import * as timetable from '../db/timetable-entries';
import { round2 } from '../domain/grades';
import { financeTotals, fromCentimes } from '../domain/money';
import { buildReportCards } from '../domain/report-cards';
import type { SchoolBindings, SchoolContext } from '../env';
import { ApiError, badRequest, found, notFound } from '../lib/errors';
import { readReportData } from '../db/report-data';
import type { Db } from '../db/client';
import { route } from '../lib/route';

export const studentPortalRoutes = new Hono<SchoolBindings>();

/** The student's own portal (grades behind their switch), or an admin viewing a student's. */
const portal = () => allow.any(allow.own({ what: 'their own portal' }, 'student'), allow.types('admin'));

route(studentPortalRoutes, api.accessStatus, allow.types('student'), async (c) => {
  const { yearId } = c.req.valid('query');
  const enabled = await portalReads.gradesAccessOfStudentUser(c.var.db, c.var.school, c.var.account.id, yearId ?? null);
  return c.json<AccessStatus>({ grades_access_enabled: enabled });
});

const emptyGrades = (yearPeriods: { id: string; name: string }[], periodId: string | null): StudentGrades => ({
  periods: yearPeriods.map((p) => ({ id: p.id, name: p.name })),
  period_id: periodId,
  base: 100,
  subjects: [],
  percent: null,
  average: null,
  rank: null,
  tied: false,
  ranked: 0,
  general_appreciation: null,
});

/** The student whose portal this is, with their enrolment of the current year (or none). */
export async function portalStudent(c: SchoolContext, studentId: string | undefined) {
  const { db, school, account } = c.var;
  if (account.type === 'student') {
    return found(await portalReads.findPortalStudent(db, school, { userId: account.id }), t.noAccountLink);
  }
  if (!studentId) throw badRequest(t.studentRequired);
  return found(await portalReads.findPortalStudent(db, school, { studentId }), t.studentNotFound);
}

type PortalStudent = Pick<
  Awaited<ReturnType<typeof portalStudent>>,
  'enrollment_id' | 'year_id' | 'year_name' | 'class_id' | 'class_name'
>;
export type Place = NonNullable<ReturnType<typeof placeOf>>;
export const placeOf = (s: PortalStudent) =>
  s.enrollment_id && s.year_id && s.class_id
    ? {
        enrollmentId: s.enrollment_id,
        yearId: s.year_id,
        yearName: s.year_name!,
        classId: s.class_id,
        className: s.class_name!,
      }
    : null;

route(studentPortalRoutes, api.me, portal(), async (c) => {
  const s = await portalStudent(c, c.req.valid('query').studentId);
  const place = placeOf(s);
  const sheet = place ? await financeSheets.financeRecord(c.var.db, c.var.school, place.enrollmentId) : null;
  return c.json<StudentMe>({
    student: { id: s.student_id, nom: s.nom, prenom: s.prenom, nisu: s.nisu, date_of_birth: s.date_of_birth },
    enrollment: place
      ? {
          enrollment_id: place.enrollmentId,
          year_id: place.yearId,
          year_name: place.yearName,
          class_name: place.className,
          grades_access_enabled: Boolean(s.grades_access_enabled),
        }
      : null,
    balance: sheet ? fromCentimes(financeTotals(sheet).balance) : null,
  });
});

/** A pupil's week (the pupil's portal, and a guardian's view of the child: decision 360). */
export async function pupilWeek(db: Db, school: string, place: Place | null): Promise<StudentWeek> {
  const lessons = place ? await timetable.selectWeek(db, school, place.yearId, { classId: place.classId }) : [];
  return {
    class_name: place?.className ?? null,
    lessons: lessons.map((l) => ({
      id: l.id,
      day_of_week: l.day_of_week,
      start_time: l.start_time,
      end_time: l.end_time,
      subject_name: l.subject_name,
      teacher_name: `${l.teacher_prenom} ${l.teacher_nom}`,
      location_name: l.location_name,
    })),
  };
}

route(studentPortalRoutes, api.timetable, portal(), async (c) => {
  const place = placeOf(await portalStudent(c, c.req.valid('query').studentId));
  return c.json<StudentWeek>(await pupilWeek(c.var.db, c.var.school, place));
});

route(studentPortalRoutes, api.grades, portal(), async (c) => {
  const { db, school, account } = c.var;
  const q = c.req.valid('query');
  const s = await portalStudent(c, q.studentId);
  const place = placeOf(s);
  if (!place) throw notFound(t.notEnrolled);
  // Grades access is the student's own switch; an admin viewing the portal always sees them.
  if (account.type === 'student' && !s.grades_access_enabled) throw new ApiError(403, 'grades_locked', t.gradesLocked);
  return c.json<StudentGrades>(await pupilGrades(db, school, place, q.periodId));
});

/** A pupil's grades of a period (the latest graded when none is named), as the school's report card has them. */
export async function pupilGrades(db: Db, school: string, place: Place, periodAsked?: string): Promise<StudentGrades> {
  const q = { periodId: periodAsked };
  // The year's periods, with (when none is named) those the student has grades in: one round trip.
  const [yearPeriods, gradedRows] = q.periodId
    ? [await periods.listPeriods(db, school, place.yearId), []]
    : await db.batch([
        periods.selectPeriods(db, school, place.yearId),
        grades.selectGradedPeriods(db, school, place.enrollmentId, place.classId),
      ]);
  if (q.periodId && !yearPeriods.some((p) => p.id === q.periodId)) throw notFound(t.periodNotFound);
  // Without a period named: the latest period the student has grades in (else the first).
  const graded = new Set(gradedRows.map((g) => g.period_id));
  const periodId =
    q.periodId ?? [...yearPeriods].reverse().find((p) => graded.has(p.id))?.id ?? yearPeriods[0]?.id ?? null;
  if (!periodId) return emptyGrades(yearPeriods, null);
  const data = await readReportData(db, school, { yearId: place.yearId, classId: place.classId, periodId });
  const empty = emptyGrades(yearPeriods, periodId);
  // The same cards as the school prints: the student's is one of the class's (ranks need them all).
  const cards = buildReportCards({ data, periods: yearPeriods, periodId, passingGrade: 50, lastClass: false });
  const card = cards.cards.find((k) => k.enrollmentId === place.enrollmentId);
  if (!card) return empty;
  return {
    ...empty,
    base: cards.base,
    subjects: card.subjects.map((sub) => ({
      subject_id: sub.subjectId,
      name: sub.name,
      coefficient: sub.coefficient,
      percent: sub.percent === null ? null : round2(sub.percent),
      on_base: sub.onBase,
      appreciation: data.appreciationsByEnrollment[place.enrollmentId]?.[sub.subjectId] ?? null,
      evaluations: sub.evaluations,
    })),
    percent: card.percent === null ? null : round2(card.percent),
    average: card.average,
    rank: card.rank,
    tied: card.tied,
    ranked: cards.ranked,
    general_appreciation: data.generalAppreciationsByEnrollment[place.enrollmentId] ?? null,
  };
}

route(studentPortalRoutes, api.finance, portal(), async (c) => {
  const place = placeOf(await portalStudent(c, c.req.valid('query').studentId));
  const sheet = place ? await financeSheets.financeRecord(c.var.db, c.var.school, place.enrollmentId) : null;
  const totals = sheet ? financeTotals(sheet) : { adjusted: 0, paid: 0, balance: 0 };
  return c.json<StudentFinance>({
    year_name: place?.yearName ?? null,
    class_name: place?.className ?? null,
    mppa: fromCentimes(sheet?.mppa ?? 0),
    adjustments: (sheet?.adjustments ?? []).map((a) => ({ label: a.label, amount: fromCentimes(a.amount) })),
    payments: (sheet?.payments ?? [])
      .filter((p) => p.amount > 0)
      .map((p) => ({ date: p.date, label: p.label, amount: fromCentimes(p.amount), receipt_no: p.receiptNo })),
    adjusted_mppa: fromCentimes(totals.adjusted),
    total_paid: fromCentimes(totals.paid),
    balance: fromCentimes(totals.balance),
  });
});
