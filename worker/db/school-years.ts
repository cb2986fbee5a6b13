// School years of a school.
import { desc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { schoolYears } from './schema';

export const listSchoolYears = (db: Db, instanceId: string) =>
  db
    .select({ id: schoolYears.id, name: schoolYears.name, is_current: schoolYears.isCurrent })
    .from(schoolYears)
    .where(eq(schoolYears.instanceId, instanceId))
    .orderBy(desc(schoolYears.name))
    .all();
