// The exports' own reads (issue 30): the routes of contract/exports.ts.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { exportsApi as api, type PeriodPayments } from '../contract/exports';
import * as payments from '../db/payments';
import { fromCentimes } from '../domain/money';
import type { AppBindings } from '../env';
import { pageOf } from '../lib/pagination';
import { route } from '../lib/route';

export const exportRoutes = new Hono<AppBindings>();

// The financial report's readers: the payments are part of it.
route(exportRoutes, api.periodPayments, allow.permission('report:financial'), async (c) => {
  const q = c.req.valid('query');
  const { rows, total, sum } = await payments.paymentsOfPeriod(c.var.db, c.var.school, q);
  return c.json<PeriodPayments>({
    payments: rows.map((r) => ({
      id: r.id,
      date: r.date,
      receipt_no: r.receiptNo,
      amount: fromCentimes(r.amount),
      label: r.label,
      recorded_by: r.recordedBy,
      nom: r.nom,
      prenom: r.prenom,
      className: r.className,
      year_name: r.yearName,
    })),
    pagination: pageOf(total, q),
    total_amount: fromCentimes(sum),
  });
});
