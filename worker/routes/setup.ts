// The setup wizard's one call (document 1 §2 "Setup wizard", §7): a school year with its
// periods, classes, subjects, curriculum and fees, created in one D1 batch or not at all.
import { Hono } from 'hono';
import { z } from 'zod';
import { adminServerText } from '../contract/texts/admin';
import { allow } from '../auth/access';
import { requireSchool } from '../auth/session';
import { listClasses } from '../db/classes';
import { database } from '../db/client';
import { findSchoolYearByName, hasCurrentYear } from '../db/school-years';
import { setupStatements } from '../db/setup';
import { listSubjects } from '../db/subjects';
import { MAX_GRADE_LIMIT, planSetup } from '../domain/setup';
import { cleanText } from '../domain/text';
import type { AppBindings } from '../env';
import { badRequest, conflict } from '../lib/errors';
import { decimal, optionalDecimal } from '../lib/inputs';
import { readJson } from '../lib/validate';
import { commit } from '../lib/write';

export const setupRoutes = new Hono<AppBindings>();
const t = adminServerText.setup;

/** A list item given as a string or as { name } (both shapes are accepted). */
const named = (message: string) =>
  z.union([z.string({ error: message }), z.object({ name: z.string({ error: message }) }).transform((o) => o.name)], {
    error: message,
  });

/** A name of the wizard, normalized; a blank one is reported by the plan with the spec's message. */
const text = (message: string) => z.string({ error: message }).transform(cleanText).pipe(z.string().max(100, message));

const setupBody = z.object({
  yearName: z.string({ error: t.invalidYear }).max(20, t.invalidYear).transform(cleanText),
  periods: z.array(named(t.periodNames).pipe(text(t.periodNames))).max(20).default([]),
  classes: z
    .array(
      z.union([
        text(t.classNames).transform((name) => ({ name })),
        z.object({
          name: text(t.classNames),
          order_index: z.number().int().min(0).max(10_000).optional(),
        }),
      ]),
    )
    .max(200)
    .default([]),
  subjects: z.array(named(t.subjectNames).pipe(text(t.subjectNames))).max(200, t.subjectNames).default([]),
  curriculum: z
    .array(
      z.object({
        className: text(t.classNames),
        subjectName: text(t.subjectNames),
        maxGrade: decimal(adminServerText.curriculum.invalidMaxGrade, MAX_GRADE_LIMIT).optional(),
      }),
    )
    .max(10_000)
    .default([]),
  financials: z
    .array(z.object({ className: text(t.classNames), mppa: optionalDecimal(adminServerText.fees.invalidAmount) }))
    .max(200)
    .default([]),
});

// Create a school year and everything in it; it becomes current when the school has none.
setupRoutes.post('/setup/new-year', allow.permission('user:manage'), async (c) => {
  const body = await readJson(c, setupBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const [classes, subjects, current] = await Promise.all([
    listClasses(db, instanceId),
    listSubjects(db, instanceId),
    hasCurrentYear(db, instanceId),
  ]);
  const result = planSetup(body, { classes, subjects }, () => crypto.randomUUID());
  if (!result.ok) throw badRequest(result.message);
  const { plan } = result;
  if (await findSchoolYearByName(db, instanceId, plan.year.name)) throw conflict(adminServerText.years.exists);
  return commit(c, setupStatements(db, instanceId, plan, !current), {
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
    body: { message: t.done, yearId: plan.year.id, is_current: !current },
    status: 201,
  });
});
