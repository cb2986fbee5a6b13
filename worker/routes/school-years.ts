// School years: the routes of contract/school-years.ts.
import { Hono } from 'hono';
import { adminServerText } from '../contract/texts/admin';
import { serverText } from '../contract/texts/server';
import { allow, STAFF_TYPES } from '../auth/access';
import { schoolYearsApi as api, type CreatedSchoolYear, type SchoolYear } from '../contract/school-years';
import * as years from '../db/school-years';
import type { AppBindings } from '../env';
import { conflict, notFound, refuseTaken } from '../lib/errors';
import { requireYear } from '../lib/lookups';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const schoolYearRoutes = new Hono<AppBindings>();
const t = adminServerText.years;

route(schoolYearRoutes, api.list, allow.types(...STAFF_TYPES, 'teacher'), async (c) =>
  c.json<SchoolYear[]>(await years.listSchoolYears(c.var.db, c.var.school)),
);

route(schoolYearRoutes, api.create, allow.permission('user:manage'), async (c) => {
  const { name } = c.req.valid('json');
  const { db, school } = c.var;
  refuseTaken(await years.findSchoolYearByName(db, school, name), null, t.exists);
  const year = { id: crypto.randomUUID(), name, isCurrent: !(await years.hasCurrentYear(db, school)) };
  return commit(c, [years.insertSchoolYear(db, school, year)], {
    audit: { action: 'CREATE_SCHOOL_YEAR', target: name },
    body: { id: year.id, name, is_current: year.isCurrent, message: t.added } satisfies CreatedSchoolYear,
    status: 201,
  });
});

// The previous current year loses the flag in the same batch.
route(schoolYearRoutes, api.setCurrent, allow.permission('user:manage'), async (c) => {
  const year = await requireYear(c, c.req.valid('param').id);
  return commit(c, years.setCurrentYearStatements(c.var.db, c.var.school, year.id), {
    audit: { action: 'SET_CURRENT_YEAR', target: year.name },
    body: { message: t.madeCurrent },
    // A year deleted meanwhile would leave the school without a current year.
    guards: [{ holds: years.yearStillExists(c.var.school, year.id), error: notFound(serverText.yearNotFound) }],
  });
});

// One statement: the schema's ON DELETE CASCADE keys take the year's data along.
route(schoolYearRoutes, api.remove, allow.permission('user:manage'), async (c) => {
  const year = await requireYear(c, c.req.valid('param').id);
  if (year.isCurrent) throw conflict(t.currentUndeletable);
  return commit(c, [years.deleteSchoolYear(c.var.db, c.var.school, year.id)], {
    audit: { action: 'DELETE_SCHOOL_YEAR', target: year.name },
    body: { message: t.deleted },
    // A year made current meanwhile is never deleted with all of its data.
    guards: [{ holds: years.yearIsNotCurrent(c.var.school, year.id), error: conflict(t.currentUndeletable) }],
  });
});
