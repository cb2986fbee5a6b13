// School years (document 1 §7).
import { Hono } from 'hono';
import { allow, STAFF_TYPES } from '../auth/access';
import { requireSchool } from '../auth/session';
import { database } from '../db/client';
import { listSchoolYears } from '../db/school-years';
import type { AppBindings } from '../env';

export const schoolYearRoutes = new Hono<AppBindings>();

// The school's years, newest first, for the year selector and the administration tab.
schoolYearRoutes.get('/school-years', allow.types(...STAFF_TYPES, 'teacher'), async (c) => {
  const years = await listSchoolYears(database(c.env.DB), requireSchool(c.get('account')));
  return c.json(years);
});
