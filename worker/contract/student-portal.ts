// The student portal's own calls (product decisions, "student portal's own calls"; issue 16): a
// student reads only their own data; an admin may view a student's portal by naming them
// (`studentId`). Amounts travel as decimals, averages as the report cards compute them.
import { z } from 'zod';
import { id } from './common';
import { type Answer, area, get } from './endpoint';
import { adjustment, payment } from './finance';
import { studentIdentity } from './students';
import { studentServerText as t } from './texts/student';

/** Whose portal: the signed-in student's, or (admins only) the student named. */
const whose = { studentId: id(t.studentNotFound).optional() };

const placeOf = z.strictObject({
  year_id: z.string(),
  year_name: z.string(),
  class_name: z.string(),
  enrollment_id: z.string(),
});

export const studentPortalApi = area('student-portal', {
  accessStatus: get(
    '/student/access-status',
    "Whether the signed-in student may open the 'Notes' section for a year (the current year by default).",
    {
      query: z.object({ yearId: id().optional() }),
      answers: { 200: z.strictObject({ grades_access_enabled: z.boolean() }) },
    },
  ),
  me: get(
    '/student/me',
    'The student, their enrolment of the current year (class, year, grades access) and what they still owe.',
    {
      query: z.object(whose),
      answers: {
        200: z.strictObject({
          student: studentIdentity,
          enrollment: placeOf.extend({ grades_access_enabled: z.boolean() }).nullable(),
          balance: z.number().nullable(),
        }),
      },
    },
  ),
  timetable: get('/student/timetable', "The week of the student's class this year, by day and hour.", {
    query: z.object(whose),
    answers: {
      200: z.strictObject({
        class_name: z.string().nullable(),
        lessons: z.array(
          z.strictObject({
            id: z.string(),
            day_of_week: z.number(),
            start_time: z.string(),
            end_time: z.string(),
            subject_name: z.string(),
            teacher_name: z.string(),
            location_name: z.string().nullable(),
          }),
        ),
      }),
    },
  }),
  grades: get(
    '/student/grades',
    "The student's results for a period (the first by default): subject averages with coefficients, the period average on the report's base, the rank in the class, appreciations; 403 while grades access is off.",
    {
      query: z.object({ ...whose, periodId: id(t.periodNotFound).optional() }),
      answers: {
        200: z.strictObject({
          periods: z.array(z.strictObject({ id: z.string(), name: z.string() })),
          period_id: z.string().nullable(),
          base: z.number(),
          subjects: z.array(
            z.strictObject({
              subject_id: z.string(),
              name: z.string(),
              coefficient: z.number(),
              percent: z.number().nullable(),
              on_base: z.number().nullable(),
              appreciation: z.string().nullable(),
              evaluations: z.array(z.strictObject({ name: z.string(), score: z.number(), max: z.number() })),
            }),
          ),
          percent: z.number().nullable(),
          average: z.number().nullable(),
          rank: z.number().nullable(),
          /** Another student has the same rank. */
          tied: z.boolean(),
          /** The rank's 'sur N': the students with an average in the period, as on the report card. */
          ranked: z.number(),
          general_appreciation: z.string().nullable(),
        }),
      },
    },
  ),
  finance: get(
    '/student/finance',
    "The student's tuition this year: the MPPA, adjustments, payments with their receipt numbers, and the balance.",
    {
      query: z.object(whose),
      answers: {
        200: z.strictObject({
          year_name: z.string().nullable(),
          class_name: z.string().nullable(),
          mppa: z.number(),
          adjustments: z.array(adjustment.omit({ id: true })),
          payments: z.array(payment.pick({ date: true, label: true, amount: true, receipt_no: true })),
          adjusted_mppa: z.number(),
          total_paid: z.number(),
          balance: z.number(),
        }),
      },
    },
  ),
});

export type AccessStatus = Answer<typeof studentPortalApi.accessStatus>;
export type StudentMe = Answer<typeof studentPortalApi.me>;
export type StudentWeek = Answer<typeof studentPortalApi.timetable>;
export type StudentGrades = Answer<typeof studentPortalApi.grades>;
export type StudentFinance = Answer<typeof studentPortalApi.finance>;
