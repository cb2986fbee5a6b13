// Attendance reports (issue 13; document 2 §2 'Attendance tracking', §7; product decision
// 'Attendance'): a class's daily sheet over a range (each cell the day's derived status, or a
// staff member's override), the override itself, and the detailed report by lesson.
import { z } from 'zod';
import { ATTENDANCE_STATUSES, rangeProblem } from '../domain/attendance';
import { day, yearId, id, text } from './common';
import { type Answer, area, type Body, get, post } from './endpoint';
import { studentIdentity } from './students';
import { attendanceReportText as t, attendanceServerText } from './texts/attendance';

const RANGE_MESSAGES = { start: t.startInvalid, end: t.endInvalid, order: t.order, tooLong: t.tooLong } as const;

const rangeQuery = z
  .object({
    yearId,
    className: text(t.classRequired),
    startDate: day(t.startInvalid),
    endDate: day(t.endInvalid),
  })
  .superRefine((q, ctx) => {
    const problem = rangeProblem(q.startDate, q.endDate);
    if (problem) ctx.addIssue({ code: 'custom', message: RANGE_MESSAGES[problem] });
  });

const status = z.enum(ATTENDANCE_STATUSES);
const student = studentIdentity.pick({ id: true, nom: true, prenom: true });

export const dailyRecord = z.strictObject({
  student_id: z.string(),
  date: z.string(),
  status,
  is_manual_override: z.boolean(),
  /** What the lessons' marks say (null: none), shown again when an override is cleared. */
  derived_status: status.nullable(),
});

export const attendanceApi = area('attendance', {
  daily: get(
    '/daily-attendance-report',
    "A class's daily sheet: its students by name, the school days of the range (at most 31 days, Sundays left out) and each day's status.",
    {
      query: rangeQuery,
      answers: {
        200: z.strictObject({ students: z.array(student), dates: z.array(z.string()), records: z.array(dailyRecord) }),
      },
    },
  ),
  override: post(
    '/daily-attendance-override',
    "Sets a student's status for a day over the lessons' marks, or clears it (null) back to the derived status.",
    {
      body: z.object({
        yearId,
        student_id: id(t.studentNotFound),
        date: day(attendanceServerText.dateInvalid),
        status: status.nullable(),
      }),
      answers: {
        200: z.strictObject({ record: dailyRecord.extend({ status: status.nullable() }), message: z.string() }),
      },
    },
  ),
  detailed: get(
    '/attendance-report',
    "A class's marks lesson by lesson over a range: the students, the school days and each mark with its subject.",
    {
      query: rangeQuery,
      answers: {
        200: z.strictObject({
          students: z.array(student),
          dates: z.array(z.string()),
          records: z.array(
            z.strictObject({
              student_id: z.string(),
              date: z.string(),
              status,
              subject_id: z.string(),
              subject_name: z.string(),
              start_time: z.string(),
            }),
          ),
        }),
      },
    },
  ),
});

export type DailyReport = Answer<typeof attendanceApi.daily>;
export type DailyOverride = Body<typeof attendanceApi.override>;
export type SavedOverride = Answer<typeof attendanceApi.override>;
export type DetailedReport = Answer<typeof attendanceApi.detailed>;
