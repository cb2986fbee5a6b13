// Tuition per class and year (document 1 §2 "Financials" tab, §7): the MPPA travels as a decimal
// in the school's currency and is stored in centimes; empty means no default amount.
import { Hono } from 'hono';
import { z } from 'zod';
import { adminServerText } from '../contract/texts/admin';
import { allow, STAFF_TYPES } from '../auth/access';
import { requireSchool } from '../auth/session';
import { listClasses } from '../db/classes';
import { feesStillAre, listClassFees, upsertClassFees } from '../db/class-fees';
import { database } from '../db/client';
import { findSchoolYear } from '../db/school-years';
import { fromCentimes, toCentimes } from '../domain/money';
import type { AppBindings } from '../env';
import { badRequest, conflict, notFound } from '../lib/errors';
import { decimal, id, optionalDecimal, text } from '../lib/inputs';
import { readJson, readQuery } from '../lib/validate';
import { commit } from '../lib/write';

export const classFinancialRoutes = new Hono<AppBindings>();
const t = adminServerText.fees;
const yearId = id(adminServerText.years.required);

// Every class with its MPPA for the year (null when none is set).
classFinancialRoutes.get('/class-financials', allow.types(...STAFF_TYPES), async (c) => {
  const query = readQuery(c, z.object({ yearId }));
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  if (!(await findSchoolYear(db, instanceId, query.yearId))) throw notFound();
  const rows = await listClassFees(db, instanceId, query.yearId);
  return c.json(
    rows.map((r) => ({ class_id: r.class_id, class_name: r.class_name, year_id: query.yearId, mppa: r.mppa === null ? null : fromCentimes(r.mppa) })),
  );
});

const feesBody = z.object({
  yearId,
  financials: z
    .array(
      z.object({
        class_name: text(adminServerText.classes.nameRequired),
        mppa: optionalDecimal(t.invalidAmount),
        /** The amount the tab showed (null for none): the save is refused if it changed since. */
        previous: decimal(t.invalidAmount).nullable().optional(),
      }),
    )
    .max(500),
});

// Save the MPPA of several classes for a year at once. The tab sends the classes whose amount
// it changed, each with the amount it showed; if another save changed one of them meanwhile,
// nothing is written (409) instead of silently overwriting it.
classFinancialRoutes.put('/class-financials', allow.permission('user:manage'), async (c) => {
  const body = await readJson(c, feesBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const [year, classes] = await Promise.all([findSchoolYear(db, instanceId, body.yearId), listClasses(db, instanceId)]);
  if (!year) throw notFound();
  const byName = new Map(classes.map((k) => [k.name.toLocaleLowerCase('fr'), k]));
  const rows = body.financials.map((f) => {
    const klass = byName.get(f.class_name.toLocaleLowerCase('fr'));
    if (!klass) throw badRequest(adminServerText.classes.unknown(f.class_name));
    const previous = f.previous === undefined ? undefined : f.previous === null ? null : toCentimes(f.previous);
    return { classId: klass.id, className: klass.name, mppa: f.mppa === null ? null : toCentimes(f.mppa), previous };
  });
  const checked = rows.filter((r): r is typeof r & { previous: number | null } => r.previous !== undefined);
  return commit(c, upsertClassFees(db, instanceId, year.id, rows), {
    guards: feesStillAre(instanceId, year.id, checked).map((holds) => ({ holds, error: conflict(t.changedMeanwhile, 'changed') })),
    audit: {
      action: 'UPDATE_CLASS_FEES',
      target: year.name,
      details: Object.fromEntries(rows.map((r) => [r.className, r.mppa === null ? null : fromCentimes(r.mppa)])),
    },
    body: { message: t.updated },
  });
});
