// Academic periods: the routes of contract/academic-periods.ts.
import { Hono } from 'hono';
import { allow, STAFF_TYPES } from '../auth/access';
import { periodsApi as api, type Period, type SavedPeriod } from '../contract/academic-periods';
import { adminServerText } from '../contract/texts/admin';
import * as periods from '../db/academic-periods';
import * as evaluations from '../db/evaluations';
import type { AppBindings } from '../env';
import { conflict, found, notFound, refuseTaken } from '../lib/errors';
import { requireYear } from '../lib/lookups';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const periodRoutes = new Hono<AppBindings>();
const t = adminServerText.periods;

route(periodRoutes, api.list, allow.types(...STAFF_TYPES, 'teacher'), async (c) => {
  const year = await requireYear(c, c.req.valid('query').yearId);
  return c.json<Period[]>(await periods.listPeriods(c.var.db, c.var.school, year.id));
});

route(periodRoutes, api.create, allow.permission('user:manage'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const year = await requireYear(c, body.year_id);
  refuseTaken(await periods.findPeriodByName(db, school, year.id, body.name), null, t.exists);
  const period = {
    id: crypto.randomUUID(),
    yearId: year.id,
    name: body.name,
    position: await periods.nextPeriodPosition(db, school, year.id),
    startDate: body.start_date || null,
  };
  return commit(c, periods.insertPeriods(db, school, [period]), {
    audit: { action: 'CREATE_PERIOD', target: `${year.name} / ${body.name}` },
    body: {
      id: period.id,
      year_id: year.id,
      name: body.name,
      start_date: period.startDate,
      message: t.added,
    } satisfies SavedPeriod,
    status: 201,
  });
});

route(periodRoutes, api.update, allow.permission('user:manage'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const period = found(await periods.findPeriod(db, school, c.req.valid('param').id));
  const year = await requireYear(c, body.year_id);
  refuseTaken(await periods.findPeriodByName(db, school, year.id, body.name), period.id, t.exists);
  // Without a start_date the period keeps its own (the spec's body is {name, year_id}).
  const startDate = body.start_date === undefined ? period.start_date : body.start_date || null;
  return commit(c, [periods.updatePeriod(db, school, period.id, { yearId: year.id, name: body.name, startDate })], {
    audit: {
      action: 'UPDATE_PERIOD',
      target: `${year.name} / ${body.name}`,
      details: { before: period.name, start_date: startDate },
    },
    body: {
      id: period.id,
      year_id: year.id,
      name: body.name,
      start_date: startDate,
      message: t.updated,
    } satisfies SavedPeriod,
    guards: [{ holds: periods.periodStillExists(school, period.id), error: notFound() }],
  });
});

route(periodRoutes, api.remove, allow.permission('user:manage'), async (c) => {
  const { db, school } = c.var;
  const period = found(await periods.findPeriod(db, school, c.req.valid('param').id));
  return commit(c, [periods.deletePeriod(db, school, period.id)], {
    audit: { action: 'DELETE_PERIOD', target: period.name },
    body: { message: t.deleted },
    // Checked inside the batch: deleting would take an evaluation recorded meanwhile, and its grades, along.
    guards: [{ holds: evaluations.noneInPeriod(school, period.id), error: conflict(t.hasEvaluations) }],
  });
});
