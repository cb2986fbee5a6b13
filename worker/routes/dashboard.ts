// The home screen's figures (document 1 §2 "Admin home"): what a director looks for first —
// students enrolled, paid this month, balance due — for the school and per class, in one call.
import { Hono } from 'hono';
import { z } from 'zod';
import { adminServerText } from '../contract/texts/admin';
import { allow } from '../auth/access';
import { requireSchool } from '../auth/session';
import { database } from '../db/client';
import { type ClassFigures, yearFigures } from '../db/dashboard';
import { currentMonth, MONTH_PATTERN, monthRange } from '../domain/dashboard';
import { fromCentimes } from '../domain/money';
import type { AppBindings } from '../env';
import { notFound } from '../lib/errors';
import { id } from '../contract/common';
import { readQuery } from '../lib/validate';

export const dashboardRoutes = new Hono<AppBindings>();

const summaryQuery = z.object({
  yearId: id(adminServerText.years.required),
  month: z.string().regex(MONTH_PATTERN, adminServerText.dashboard.invalidMonth).optional(),
});

// The year's enrolments, amounts due, paid and paid in the month (default: this month in the
// schools' time zone), totalled and per class. Two statements in one D1 round trip.
dashboardRoutes.get('/dashboard/summary', allow.permission('report:financial'), async (c) => {
  const query = readQuery(c, summaryQuery);
  const instanceId = requireSchool(c.get('account'));
  const month = query.month ?? currentMonth();
  const rows = await yearFigures(database(c.env.DB), instanceId, query.yearId, monthRange(month));
  if (!rows) throw notFound();
  const sum = (pick: (r: ClassFigures) => number) => rows.reduce((total, r) => total + pick(r), 0);
  const figures = (enrolled: number, expected: number, paid: number, paidInMonth: number) => ({
    enrolled,
    expected: fromCentimes(expected),
    paid: fromCentimes(paid),
    paidThisMonth: fromCentimes(paidInMonth),
    balance: fromCentimes(expected - paid),
  });
  return c.json({
    yearId: query.yearId,
    month,
    ...figures(sum((r) => r.enrolled), sum((r) => r.expected), sum((r) => r.paid), sum((r) => r.paidInMonth)),
    classes: rows.map((r) => ({ id: r.id, name: r.name, ...figures(r.enrolled, r.expected, r.paid, r.paidInMonth) })),
  });
});
