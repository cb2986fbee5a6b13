// The teacher's own space (document 2 §2 'Teacher dashboard', §7): their courses of a year and
// their week. An admin opens it too: without a teacher profile, every course of the year's
// programme (to reach any grade book) and an empty week.
import { z } from 'zod';
import { id } from './common';
import { type Answer, area, get } from './endpoint';
import { adminServerText } from './texts/admin';

const yearQuery = z.object({ yearId: id(adminServerText.years.required) });

/** Document 2 §3 'Teacher course'. */
export const teacherCourse = z.strictObject({ class_name: z.string(), subject_id: z.string(), subject_name: z.string() });

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
  dashboard: get('/teacher/dashboard', "The signed-in teacher's first name (null without a profile), username and courses of the year, by class order then subject.", {
    query: yearQuery,
    answers: { 200: z.strictObject({ prenom: z.string().nullable(), username: z.string(), courses: z.array(teacherCourse) }) },
  }),
  timetable: get('/teacher/timetable', "The signed-in teacher's lessons of the year, Monday to Saturday, by start time.", {
    query: yearQuery,
    answers: { 200: z.array(teacherLesson) },
  }),
});

export type TeacherDashboard = Answer<typeof teacherApi.dashboard>;
export type TeacherCourse = z.output<typeof teacherCourse>;
export type TeacherLesson = z.output<typeof teacherLesson>;
