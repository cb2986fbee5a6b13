// Academic periods of a school year (document 1 §2 "Periods" tab, §7).
import { Hono } from 'hono';
import { z } from 'zod';
import { adminServerText } from '../contract/texts/admin';
import { allow, STAFF_TYPES } from '../auth/access';
import { requireSchool } from '../auth/session';
import { database, type Db } from '../db/client';
import {
  deletePeriod,
  findPeriod,
  findPeriodByName,
  insertPeriod,
  listPeriods,
  nextPeriodPosition,
  periodHasEvaluations,
  updatePeriod,
} from '../db/periods';
import { noneWith, stillExists } from '../db/guards';
import { academicPeriods, evaluations } from '../db/schema';
import { findSchoolYear } from '../db/school-years';
import type { AppBindings } from '../env';
import { conflict, notFound } from '../lib/errors';
import { id, idParam, name } from '../lib/inputs';
import { readJson, readParams, readQuery } from '../lib/validate';
import { commit } from '../lib/write';

export const periodRoutes = new Hono<AppBindings>();
const t = adminServerText.periods;
const yearRequired = adminServerText.years.required;

async function requireYear(db: Db, instanceId: string, yearId: string) {
  const year = await findSchoolYear(db, instanceId, yearId);
  if (!year) throw notFound();
  return year;
}

// The periods of a year, in order.
periodRoutes.get('/academic-periods', allow.types(...STAFF_TYPES, 'teacher'), async (c) => {
  const { yearId } = readQuery(c, z.object({ yearId: id(yearRequired) }));
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  await requireYear(db, instanceId, yearId);
  return c.json(await listPeriods(db, instanceId, yearId));
});

const periodBody = z.object({ name: name(t.nameRequired), year_id: id(yearRequired) });

// Add a period at the end of a year.
periodRoutes.post('/academic-periods', allow.permission('user:manage'), async (c) => {
  const body = await readJson(c, periodBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const year = await requireYear(db, instanceId, body.year_id);
  if (await findPeriodByName(db, instanceId, year.id, body.name)) throw conflict(t.exists);
  const period = { id: crypto.randomUUID(), yearId: year.id, name: body.name, position: await nextPeriodPosition(db, instanceId, year.id) };
  return commit(c, [insertPeriod(db, instanceId, period)], {
    audit: { action: 'CREATE_PERIOD', target: `${year.name} / ${body.name}` },
    body: { id: period.id, year_id: year.id, name: body.name, message: t.added },
    status: 201,
  });
});

// Rename a period (or move it to another year of the school).
periodRoutes.put('/academic-periods/:id', allow.permission('user:manage'), async (c) => {
  const { id: periodId } = readParams(c, idParam);
  const body = await readJson(c, periodBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const period = await findPeriod(db, instanceId, periodId);
  if (!period) throw notFound();
  const year = await requireYear(db, instanceId, body.year_id);
  const namesake = await findPeriodByName(db, instanceId, year.id, body.name);
  if (namesake && namesake.id !== periodId) throw conflict(t.exists);
  return commit(c, [updatePeriod(db, instanceId, periodId, { yearId: year.id, name: body.name })], {
    audit: { action: 'UPDATE_PERIOD', target: `${year.name} / ${body.name}`, details: { before: period.name } },
    body: { id: periodId, year_id: year.id, name: body.name, message: t.updated },
    guards: [{ holds: stillExists(academicPeriods, instanceId, periodId), error: notFound() }],
  });
});

// Delete a period that holds no evaluation (its grades would go with it).
periodRoutes.delete('/academic-periods/:id', allow.permission('user:manage'), async (c) => {
  const { id: periodId } = readParams(c, idParam);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const period = await findPeriod(db, instanceId, periodId);
  if (!period) throw notFound();
  if (await periodHasEvaluations(db, instanceId, periodId)) throw conflict(t.hasEvaluations);
  return commit(c, [deletePeriod(db, instanceId, periodId)], {
    audit: { action: 'DELETE_PERIOD', target: period.name },
    body: { message: t.deleted },
    // Deleting would take an evaluation recorded meanwhile, and its grades, along.
    guards: [{ holds: noneWith(evaluations, evaluations.periodId, instanceId, periodId), error: conflict(t.hasEvaluations) }],
  });
});
