// The student portal: the routes of contract/student-portal.ts.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { type AccessStatus, studentPortalApi as api } from '../contract/student-portal';
import * as enrollments from '../db/enrollments';
import type { AppBindings } from '../env';
import { input } from '../lib/validate';

export const studentPortalRoutes = new Hono<AppBindings>();

studentPortalRoutes.get(api.accessStatus.path, allow.types('student'), input(api.accessStatus), async (c) => {
  const { yearId } = c.req.valid('query');
  const enabled = await enrollments.gradesAccessOfStudentUser(c.var.db, c.var.school, c.var.account.id, yearId ?? null);
  return c.json<AccessStatus>({ grades_access_enabled: enabled });
});
