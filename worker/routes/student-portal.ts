// The student's own portal calls (product decisions, "student portal's own calls").
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { allow } from '../auth/access';
import { requireSchool } from '../auth/session';
import { database } from '../db/client';
import { enrollments, schoolYears, users } from '../db/schema';
import type { AppBindings } from '../env';
import { readQuery } from '../lib/validate';

export const studentPortalRoutes = new Hono<AppBindings>();

const accessQuery = z.object({ yearId: z.string().max(64).optional() });

// Whether the signed-in student may open the 'Notes' section for a year (the current by default).
studentPortalRoutes.get('/student/access-status', allow.types('student'), async (c) => {
  const { yearId } = readQuery(c, accessQuery);
  const account = c.get('account');
  const instanceId = requireSchool(account);
  const db = database(c.env.DB);
  const row = await db
    .select({ enabled: enrollments.gradesAccessEnabled })
    .from(users)
    .innerJoin(enrollments, and(eq(enrollments.instanceId, users.instanceId), eq(enrollments.studentId, users.studentId)))
    .innerJoin(schoolYears, and(eq(schoolYears.instanceId, enrollments.instanceId), eq(schoolYears.id, enrollments.yearId)))
    .where(
      and(
        eq(users.instanceId, instanceId),
        eq(users.id, account.id),
        yearId ? eq(enrollments.yearId, yearId) : eq(schoolYears.isCurrent, true),
      ),
    )
    .get();
  return c.json({ grades_access_enabled: row?.enabled ?? false });
});
