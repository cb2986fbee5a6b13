// The teacher's own space: the routes of contract/teacher.ts (one D1 round trip each; two for an
// admin without a teacher profile, whose courses are the whole programme).
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { type TeacherDashboard, type TeacherLesson, teacherApi as api } from '../contract/teacher';
import { serverText } from '../contract/texts/server';
import * as assignments from '../db/assignments';
import * as curriculum from '../db/curriculum';
import * as years from '../db/school-years';
import * as teachers from '../db/teachers';
import * as timetable from '../db/timetable-entries';
import type { SchoolBindings } from '../env';
import { found } from '../lib/errors';
import { input } from '../lib/validate';

export const teacherRoutes = new Hono<SchoolBindings>();

teacherRoutes.get(api.dashboard.path, allow.types('teacher', 'admin'), input(api.dashboard), async (c) => {
  const { db, school, account } = c.var;
  const { yearId } = c.req.valid('query');
  const [yearRows, profileRows, assigned] = await db.batch([
    years.selectById(db, school, yearId),
    teachers.selectProfileOfUser(db, school, account.id),
    assignments.selectCoursesOfUser(db, school, yearId, account.id),
  ]);
  found(yearRows[0], serverText.yearNotFound);
  const profile = profileRows[0];
  // An admin without a teacher profile reaches every course of the programme (a second read).
  const courses = !profile && account.type === 'admin' ? await curriculum.selectYearCourses(db, school, yearId) : assigned;
  return c.json<TeacherDashboard>({ prenom: profile?.prenom ?? null, username: account.username, courses });
});

teacherRoutes.get(api.timetable.path, allow.types('teacher', 'admin'), input(api.timetable), async (c) => {
  const { db, school, account } = c.var;
  const { yearId } = c.req.valid('query');
  const [yearRows, week] = await db.batch([years.selectById(db, school, yearId), timetable.selectWeekOfUser(db, school, yearId, account.id)]);
  found(yearRows[0], serverText.yearNotFound);
  return c.json<TeacherLesson[]>(week);
});
