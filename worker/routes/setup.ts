// The setup wizard: the route of contract/setup.ts, written in one D1 batch or not at all.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { setupApi as api, type SetUpYear } from '../contract/setup';
import { adminServerText } from '../contract/texts/admin';
import * as classes from '../db/classes';
import * as years from '../db/school-years';
import { setupStatements } from '../db/setup';
import * as subjects from '../db/subjects';
import { planSetup } from '../domain/setup';
import type { AppBindings } from '../env';
import { badRequest, conflict } from '../lib/errors';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const setupRoutes = new Hono<AppBindings>();
const t = adminServerText.setup;

route(setupRoutes, api.newYear, allow.permission('user:manage'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const [existingClasses, existingSubjects, current] = await Promise.all([
    classes.listClasses(db, school),
    subjects.listSubjects(db, school),
    years.hasCurrentYear(db, school),
  ]);
  const result = planSetup(body, { classes: existingClasses, subjects: existingSubjects }, () => crypto.randomUUID());
  if (!result.ok) throw badRequest(result.message);
  const { plan } = result;
  if (await years.findSchoolYearByName(db, school, plan.year.name)) throw conflict(adminServerText.years.exists);
  return commit(c, setupStatements(db, school, plan, !current), {
    audit: {
      action: 'SETUP_NEW_YEAR',
      target: plan.year.name,
      details: {
        periods: plan.periods.length,
        classes: plan.newClasses.length + plan.reorderedClasses.length,
        subjects: body.subjects.length,
        curriculum: plan.curriculum.length,
        fees: plan.fees.length,
      },
    },
    body: { message: t.done, yearId: plan.year.id, is_current: !current } satisfies SetUpYear,
    status: 201,
  });
});
