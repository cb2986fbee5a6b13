// The home screen's figures: the route of contract/dashboard.ts (two statements, one D1 round trip).
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { dashboardApi as api, type Summary } from '../contract/dashboard';
import { serverText } from '../contract/texts/server';
import { type ClassFigures, yearFigures } from '../db/dashboard';
import { monthRange } from '../domain/dashboard';
import { schoolMonth } from '../domain/dates';
import { fromCentimes } from '../domain/money';
import type { AppBindings } from '../env';
import { found } from '../lib/errors';
import { route } from '../lib/route';

export const dashboardRoutes = new Hono<AppBindings>();

const figures = (enrolled: number, expected: number, paid: number, paidInMonth: number) => ({
  enrolled,
  expected: fromCentimes(expected),
  paid: fromCentimes(paid),
  paidThisMonth: fromCentimes(paidInMonth),
  balance: fromCentimes(expected - paid),
});

route(dashboardRoutes, api.summary, allow.permission('report:financial'), async (c) => {
  const query = c.req.valid('query');
  const month = query.month ?? schoolMonth();
  const rows = found(
    await yearFigures(c.var.db, c.var.school, query.yearId, monthRange(month)),
    serverText.yearNotFound,
  );
  const sum = (pick: (r: ClassFigures) => number) => rows.reduce((total, r) => total + pick(r), 0);
  return c.json<Summary>({
    yearId: query.yearId,
    month,
    ...figures(
      sum((r) => r.enrolled),
      sum((r) => r.expected),
      sum((r) => r.paid),
      sum((r) => r.paidInMonth),
    ),
    classes: rows.map((r) => ({ id: r.id, name: r.name, ...figures(r.enrolled, r.expected, r.paid, r.paidInMonth) })),
  });
});
