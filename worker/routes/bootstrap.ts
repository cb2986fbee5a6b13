// The bootstrap read: the route of contract/bootstrap.ts. Five reads in parallel, one answer; the
// ETag middleware (app.ts) answers 304 when nothing changed.
import { Hono } from 'hono';
import { allow, STAFF_TYPES } from '../auth/access';
import { type Bootstrap, bootstrapApi as api } from '../contract/bootstrap';
import * as announcements from '../db/announcements';
import * as classes from '../db/classes';
import * as instances from '../db/instances';
import * as years from '../db/school-years';
import type { AppBindings } from '../env';
import { fromCentimes } from '../domain/money';
import { fromAnyReplica } from '../lib/directory-reads';
import { found } from '../lib/errors';
import { schoolInfoOf } from './instance';
import { route } from '../lib/route';

export const bootstrapRoutes = new Hono<AppBindings>();

route(bootstrapRoutes, api.read, allow.types(...STAFF_TYPES, 'teacher'), async (c) => {
  const { db, school, account } = c.var;
  const staff = (STAFF_TYPES as readonly string[]).includes(account.type);
  const [row, yearList, classList, announcement, fees] = await Promise.all([
    instances.getInstance(db, school),
    years.listSchoolYears(db, school),
    classes.listClasses(db, school),
    // The platform's banner: any replica of the directory (decision 332).
    staff ? fromAnyReplica(c, announcements.latestPlatformAnnouncement) : undefined,
    account.permissions.has('student:read') ? classes.currentYearFees(db, school) : [],
  ]);
  return c.json<Bootstrap>({
    school: schoolInfoOf(found(row)),
    years: yearList,
    classes: classList,
    announcement: announcement ?? null,
    fees: Object.fromEntries(fees.filter((f) => f.mppa !== null).map((f) => [f.classId, fromCentimes(f.mppa!)])),
    permissions: [...account.permissions].sort(),
  });
});
