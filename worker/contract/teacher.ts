// The teacher's own space (document 2 §2 'Teacher dashboard', §7): their courses of a year and
// their week. An admin opens it too: without a teacher profile, every course of the year's
// programme (to reach any grade book) and an empty week.
import { z } from 'zod';
import { day, yearQuery, id } from './common';
import { schoolAnnouncement } from './communications';
import { enrolledStudent } from './students';
import { ATTENDANCE_STATUSES } from '../domain/attendance';
import { type Answer, area, type Body, get, put } from './endpoint';
import { attendanceServerText } from './texts/attendance';

/** Document 2 §3 'Teacher course'. */
export const teacherCourse = z.strictObject({
  class_name: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
});

/** Document 2 §3 'Timetable entry', as the teacher's week shows it. */
export const teacherLesson = z.strictObject({
  id: z.string(),
  day_of_week: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  subject_name: z.string(),
  class_name: z.string(),
  location_name: z.string().nullable(),
});

export const teacherApi = area('teacher', {
  dashboard: get(
    '/teacher/dashboard',
    "The signed-in teacher's first name (null without a profile), username and courses of the year, by class order then subject.",
    {
      query: yearQuery,
      answers: {
        200: z.strictObject({ prenom: z.string().nullable(), username: z.string(), courses: z.array(teacherCourse) }),
      },
    },
  ),
  announcements: get(
    '/teacher/announcements',
    'The latest announcements of the administration to the signed-in teacher, newest first (at most 20).',
    {
      answers: { 200: z.array(schoolAnnouncement) },
    },
  ),
  timetable: get(
    '/teacher/timetable',
    "The signed-in teacher's lessons of the year, Monday to Saturday, by start time.",
    {
      query: yearQuery,
      answers: { 200: z.array(teacherLesson) },
    },
  ),
});

export type TeacherDashboard = Answer<typeof teacherApi.dashboard>;
export type TeacherCourse = z.output<typeof teacherCourse>;
export type TeacherAnnouncement = Answer<typeof teacherApi.announcements>[number];
export type TeacherLesson = z.output<typeof teacherLesson>;

const a = attendanceServerText;
const isoDate = day(a.dateInvalid);
const mark = z.strictObject({ enrollment_id: z.string(), status: z.enum(ATTENDANCE_STATUSES) });

export const rollCallApi = area('teacher', {
  session: get(
    '/teacher/attendance',
    "A lesson's roll call on a date: the lesson, the class's students by name, and the marks taken.",
    {
      query: z.object({ entryId: id(a.sessionNotFound), date: isoDate }),
      answers: {
        200: z.strictObject({
          entry: teacherLesson,
          date: z.string(),
          students: z.array(enrolledStudent),
          marks: z.array(mark),
        }),
      },
    },
  ),
  save: put(
    '/teacher/attendance',
    "Saves marks of a lesson's roll call (a null status clears one); replayed offline with its Idempotency-Key, it lands once.",
    {
      body: z.object({
        timetable_entry_id: id(a.sessionNotFound),
        date: isoDate,
        marks: z
          .array(
            z.object({
              enrollment_id: id(a.statusInvalid),
              status: z.enum(ATTENDANCE_STATUSES, { error: a.statusInvalid }).nullable(),
            }),
            { error: a.marksRequired },
          )
          .min(1, a.marksRequired)
          .max(200, a.marksRequired),
      }),
      answers: { 200: z.strictObject({ saved: z.number(), message: z.string() }) },
    },
  ),
});

export type RollCall = Answer<typeof rollCallApi.session>;
export type RollCallMarks = Body<typeof rollCallApi.save>;
export type SavedRollCall = Answer<typeof rollCallApi.save>;
