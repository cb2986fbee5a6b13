// Tuition per class and year: the routes of contract/class-financials.ts. Amounts are stored in
// centimes.
import { Hono } from 'hono';
import { allow, STAFF_TYPES } from '../auth/access';
import { classFinancialsApi as api, type ClassFee } from '../contract/class-financials';
import { adminServerText } from '../contract/texts/admin';
import * as classFees from '../db/class-fees';
import * as classes from '../db/classes';
import { fromCentimes, toCentimes } from '../domain/money';
import type { AppBindings } from '../env';
import { badRequest, conflict } from '../lib/errors';
import { requireYear } from '../lib/lookups';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const classFinancialRoutes = new Hono<AppBindings>();
const t = adminServerText.fees;
const decimalOf = (centimes: number | null) => (centimes === null ? null : fromCentimes(centimes));

route(classFinancialRoutes, api.list, allow.types(...STAFF_TYPES), async (c) => {
  const year = await requireYear(c, c.req.valid('query').yearId);
  const rows = await classes.listWithFees(c.var.db, c.var.school, year.id);
  return c.json<ClassFee[]>(
    rows.map((r) => ({ class_id: r.id, class_name: r.name, year_id: year.id, mppa: decimalOf(r.mppa) })),
  );
});

// The tab sends the classes whose amount it changed, each with the amount it showed; a change
// made meanwhile by someone else is never silently overwritten.
route(classFinancialRoutes, api.save, allow.permission('user:manage'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const [year, matches] = await Promise.all([
    requireYear(c, body.yearId),
    classes.matchNames(
      db,
      school,
      body.financials.map((f) => f.class_name),
    ),
  ]);
  const rows = body.financials.map((f, i) => {
    const klass = matches[i]!;
    if (klass.id === null || klass.name === null) throw badRequest(adminServerText.classes.unknown(f.class_name));
    const previous = f.previous === undefined ? undefined : f.previous === null ? null : toCentimes(f.previous);
    return { classId: klass.id, className: klass.name, mppa: f.mppa === null ? null : toCentimes(f.mppa), previous };
  });
  const checked = rows.filter((r): r is typeof r & { previous: number | null } => r.previous !== undefined);
  return commit(c, classFees.upsertClassFees(db, school, year.id, rows), {
    guards: classFees
      .feesStillAre(school, year.id, checked)
      .map((holds) => ({ holds, error: conflict(t.changedMeanwhile, 'changed') })),
    audit: {
      action: 'UPDATE_CLASS_FEES',
      target: year.name,
      details: Object.fromEntries(rows.map((r) => [r.className, decimalOf(r.mppa)])),
    },
    body: { message: t.updated },
  });
});
