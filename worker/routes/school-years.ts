// School years (document 1 §7; product decisions "Classes, years and deletion").
import { Hono } from 'hono';
import { z } from 'zod';
import { adminServerText } from '../../web/i18n/admin';
import { allow, STAFF_TYPES } from '../auth/access';
import { requireSchool } from '../auth/session';
import { database } from '../db/client';
import { stillExists } from '../db/guards';
import { schoolYears } from '../db/schema';
import {
  deleteSchoolYear,
  findSchoolYear,
  findSchoolYearByName,
  hasCurrentYear,
  insertSchoolYear,
  listSchoolYears,
  setCurrentYearStatements,
  yearIsNotCurrent,
} from '../db/school-years';
import { yearNameProblem } from '../domain/setup';
import type { AppBindings } from '../env';
import { conflict, notFound } from '../lib/errors';
import { idParam } from '../lib/inputs';
import { readJson, readParams } from '../lib/validate';
import { commit } from '../lib/write';
import { cleanText } from '../domain/text';

export const schoolYearRoutes = new Hono<AppBindings>();
const t = adminServerText.years;

// The school's years, newest first, for the year selector and the administration tab.
schoolYearRoutes.get('/school-years', allow.types(...STAFF_TYPES, 'teacher'), async (c) => {
  const years = await listSchoolYears(database(c.env.DB), requireSchool(c.get('account')));
  return c.json(years);
});

const yearBody = z.object({
  name: z
    .string({ error: t.invalidFormat })
    .max(20, t.invalidFormat)
    .transform(cleanText)
    .superRefine((name, ctx) => {
      const problem = yearNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem === 'format' ? t.invalidFormat : t.notConsecutive });
    }),
});

// Add an empty year by name; a school's first year becomes its current year.
schoolYearRoutes.post('/school-years', allow.permission('user:manage'), async (c) => {
  const { name } = await readJson(c, yearBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  if (await findSchoolYearByName(db, instanceId, name)) throw conflict(t.exists);
  const year = { id: crypto.randomUUID(), name, isCurrent: !(await hasCurrentYear(db, instanceId)) };
  return commit(c, [insertSchoolYear(db, instanceId, year)], {
    audit: { action: 'CREATE_SCHOOL_YEAR', target: name },
    body: { id: year.id, name, is_current: year.isCurrent, message: t.added },
    status: 201,
  });
});

// Make a year the current one; the previous current year loses the flag in the same batch.
schoolYearRoutes.put('/school-years/:id/set-current', allow.permission('user:manage'), async (c) => {
  const { id } = readParams(c, idParam);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const year = await findSchoolYear(db, instanceId, id);
  if (!year) throw notFound();
  return commit(c, setCurrentYearStatements(db, instanceId, id), {
    audit: { action: 'SET_CURRENT_YEAR', target: year.name },
    body: { message: t.madeCurrent },
    // A year deleted meanwhile would leave the school without a current year.
    guards: [{ holds: stillExists(schoolYears, instanceId, id), error: notFound() }],
  });
});

// Delete a year that is not the current one, with all of its data (one statement, cascading).
schoolYearRoutes.delete('/school-years/:id', allow.permission('user:manage'), async (c) => {
  const { id } = readParams(c, idParam);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const year = await findSchoolYear(db, instanceId, id);
  if (!year) throw notFound();
  if (year.isCurrent) throw conflict(t.currentUndeletable);
  return commit(c, [deleteSchoolYear(db, instanceId, id)], {
    audit: { action: 'DELETE_SCHOOL_YEAR', target: year.name },
    body: { message: t.deleted },
    // A year made current meanwhile is never deleted with all of its data.
    guards: [{ holds: yearIsNotCurrent(instanceId, id), error: conflict(t.currentUndeletable) }],
  });
});
