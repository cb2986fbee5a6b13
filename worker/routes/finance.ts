// Class finance, payments and adjustments, grades access and the financial report (document 2
// §2, §4, §7). Who may call what: docs/decisions/020-finance-permissions.md.
import { Hono } from 'hono';
import { z } from 'zod';
import { financeText } from '../../web/i18n/finance';
import { allow } from '../auth/access';
import { requireSchool } from '../auth/session';
import { database, type Db } from '../db/client';
import {
  classRoster,
  countClassEnrollments,
  type FinanceRecord,
  financeRecord,
  financialReport,
  findClassByName,
  findYear,
  replaceFinanceStatements,
  setClassGradesAccess,
  setGradesAccess,
} from '../db/finance';
import { currentSnapshot, planSheet, sheetSnapshot, sheetVersion } from '../domain/finance-sheet';
import { financeTotals, fromCentimes, MAX_AMOUNT, parseAmount, toCentimes } from '../domain/money';
import type { AppBindings } from '../env';
import { badRequest, conflict, notFound } from '../lib/errors';
import { readJson, readParams, readQuery } from '../lib/validate';
import { commit } from '../lib/write';

const t = financeText.server;

export const financeRoutes = new Hono<AppBindings>();

/** Cashiers, grades-access managers and readers of the financial report all see the roster. */
const ROSTER_READERS = ['enrollment:update_payment', 'student_portal:manage_access', 'report:financial'] as const;

const id = z.string().trim().min(1).max(64);
const idParam = z.object({ id });
const classParam = z.object({ className: z.string().trim().min(1, t.classRequired).max(100) });

const rosterQuery = z.object({
  className: z.string({ error: t.classRequired }).trim().min(1, t.classRequired).max(100),
  yearId: z.string({ error: t.yearRequired }).trim().min(1, t.yearRequired).max(64),
});

const apiEnrollment = (r: FinanceRecord) => ({
  id: r.id,
  student_id: r.studentId,
  year_id: r.yearId,
  year_name: r.yearName,
  className: r.className,
  mppa: fromCentimes(r.mppa),
  version: sheetVersion(r),
  grades_access_enabled: r.gradesAccessEnabled,
  student: r.student,
  payments: r.payments.map((p) => ({
    id: p.id,
    date: p.date,
    label: p.label,
    amount: fromCentimes(p.amount),
    receipt_no: p.receiptNo,
  })),
  adjustments: r.adjustments.map((a) => ({ id: a.id, label: a.label, amount: fromCentimes(a.amount) })),
});

async function classAndYear(db: Db, instanceId: string, className: string, yearId: string) {
  const [klass, year] = await Promise.all([findClassByName(db, instanceId, className), findYear(db, instanceId, yearId)]);
  if (!klass) throw notFound(t.classNotFound);
  if (!year) throw notFound(t.yearNotFound);
  return { klass, year };
}

// The enrolled students of a class for a year, each with payments and adjustments (3 reads, 1 round trip).
financeRoutes.get('/enrollments', allow.anyPermission(...ROSTER_READERS), async (c) => {
  const { className, yearId } = readQuery(c, rosterQuery);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const { klass, year } = await classAndYear(db, instanceId, className, yearId);
  const roster = await classRoster(db, instanceId, year.id, klass.id);
  return c.json(roster.map(apiEnrollment));
});

// ------------------------------------------------------------------ payments and adjustments

const amount = z.number({ error: t.amountInvalid }).min(-MAX_AMOUNT, t.amountTooLarge).max(MAX_AMOUNT, t.amountTooLarge);
const label = z.string({ error: t.labelTooLong }).trim().max(120, t.labelTooLong).optional().default('');
const isoDate = z
  .string({ error: t.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, t.dateInvalid)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), t.dateInvalid);

const financeBody = z.object({
  // Absent keeps the base amount; the finance panel sends it (decision 020).
  mppa: amount.min(0, t.mppaNegative).optional(),
  payments: z
    .array(z.object({ id: id.optional(), label, amount: amount.min(0, t.paymentNegative), date: isoDate.nullish() }))
    .max(100, t.tooManyPayments),
  adjustments: z.array(z.object({ id: id.optional(), label, amount })).max(50, t.tooManyAdjustments),
  // The sheet's fingerprint when the panel opened; absent = no check (decision 020).
  version: z.string().max(32).optional(),
});

// Replaces the payments and adjustments of an enrolment (and its base MPPA when sent) in one
// batch: new receipts numbered from the school's counter, amounts before and after audited.
financeRoutes.put('/enrollments/:id/payments', allow.permission('enrollment:update_payment'), async (c) => {
  const { id: enrollmentId } = readParams(c, idParam);
  const body = await readJson(c, financeBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const current = await financeRecord(db, instanceId, enrollmentId);
  if (!current) throw notFound(t.enrollmentNotFound);
  if (body.version !== undefined && body.version !== sheetVersion(current)) throw conflict(t.staleSheet, 'stale');

  const plan = planSheet(
    current,
    {
      mppa: body.mppa === undefined ? undefined : toCentimes(body.mppa),
      payments: body.payments.map((p) => ({ ...p, amount: toCentimes(p.amount) })),
      adjustments: body.adjustments.map((a) => ({ ...a, amount: toCentimes(a.amount) })),
    },
    new Date().toISOString().slice(0, 10),
    () => crypto.randomUUID(),
  );
  if (financeTotals(plan).adjusted < 0) throw badRequest(t.adjustedNegative);

  const statements = replaceFinanceStatements(db, instanceId, enrollmentId, {
    mppa: plan.mppaChanged ? plan.mppa : null,
    payments: plan.payments,
    adjustments: plan.adjustments,
  });
  const { student } = current;
  return commit(c, statements, {
    audit: {
      action: 'UPDATE_PAYMENTS',
      target: `${student.prenom} ${student.nom} (${current.className}, ${current.yearName})`,
      details: {
        enrollment_id: current.id,
        receipts_issued: plan.receiptsToIssue,
        before: currentSnapshot(current),
        after: sheetSnapshot(plan),
      },
    },
    body: { message: financeText.notices.saved },
  });
});

// ------------------------------------------------------------------------------ grades access

const toggleBody = z.object({ enabled: z.boolean({ error: t.enabledRequired }) });

// Opens or closes one student's 'Notes' section in the student portal.
financeRoutes.put('/enrollments/:id/toggle-grades-access', allow.permission('student_portal:manage_access'), async (c) => {
  const { id: enrollmentId } = readParams(c, idParam);
  const { enabled } = await readJson(c, toggleBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const record = await financeRecord(db, instanceId, enrollmentId);
  if (!record) throw notFound(t.enrollmentNotFound);
  return commit(c, [setGradesAccess(db, instanceId, enrollmentId, enabled)], {
    audit: {
      action: enabled ? 'GRADES_ACCESS_ENABLED' : 'GRADES_ACCESS_RESTRICTED',
      target: `${record.student.prenom} ${record.student.nom} (${record.className}, ${record.yearName})`,
      details: { enrollment_id: record.id, before: record.gradesAccessEnabled, after: enabled },
    },
    body: { message: enabled ? financeText.notices.accessEnabled : financeText.notices.accessRestricted },
  });
});

const classToggleBody = z.object({
  yearId: z.string({ error: t.yearRequired }).trim().min(1, t.yearRequired).max(64),
  enabled: z.boolean({ error: t.enabledRequired }),
});

// Opens or closes the 'Notes' section for every student of a class in a year.
financeRoutes.put('/classes/:className/toggle-grades-access', allow.permission('student_portal:manage_access'), async (c) => {
  const { className } = readParams(c, classParam);
  const { yearId, enabled } = await readJson(c, classToggleBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const { klass, year } = await classAndYear(db, instanceId, className, yearId);
  const count = await countClassEnrollments(db, instanceId, year.id, klass.id);
  return commit(c, [setClassGradesAccess(db, instanceId, year.id, klass.id, enabled)], {
    audit: {
      action: enabled ? 'CLASS_GRADES_ACCESS_ENABLED' : 'CLASS_GRADES_ACCESS_RESTRICTED',
      target: `${klass.name} (${year.name})`,
      details: { students: count, enabled },
    },
    body: {
      message: enabled ? financeText.notices.classAccessEnabled : financeText.notices.classAccessRestricted,
      count,
    },
  });
});

// ------------------------------------------------------------------------------------ report

const reportQuery = z.object({
  page: z.coerce.number({ error: t.pageInvalid }).int(t.pageInvalid).min(1, t.pageInvalid).max(1_000_000, t.pageInvalid).default(1),
  limit: z.coerce.number({ error: t.limitInvalid }).int(t.limitInvalid).min(1, t.limitInvalid).max(100, t.limitInvalid).default(25),
  selectedClasses: z.string().max(4000).optional(),
  balanceFilter: z.enum(['all', 'zero', 'nonzero'], { error: t.balanceFilter }).default('all'),
  mppaFilter: z.string().trim().max(30).optional(),
  searchTerm: z.string().trim().max(100).optional(),
  yearId: z.string().trim().max(64).optional(),
});

// One page of the school's enrolments with their money, and the totals of the whole filtered set.
financeRoutes.get('/enrollments/all', allow.permission('report:financial'), async (c) => {
  const q = readQuery(c, reportQuery);
  const instanceId = requireSchool(c.get('account'));
  let mppa: number | null = null;
  if (q.mppaFilter) {
    mppa = parseAmount(q.mppaFilter);
    if (mppa === null) throw badRequest(t.mppaFilter);
  }
  const report = await financialReport(database(c.env.DB), instanceId, {
    yearId: q.yearId || null,
    // Absent = every class; present but empty = none ticked.
    classNames:
      q.selectedClasses === undefined
        ? null
        : q.selectedClasses
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
    balance: q.balanceFilter,
    mppa,
    search: q.searchTerm || null,
    page: q.page,
    limit: q.limit,
  });
  return c.json({
    enrollments: report.rows.map((r) => ({
      id: r.id,
      prenom: r.prenom,
      nom: r.nom,
      year_name: r.year_name,
      className: r.class_name,
      mppa: fromCentimes(r.mppa),
      adjustments_total: fromCentimes(r.adjusted - r.mppa),
      adjusted_mppa: fromCentimes(r.adjusted),
      total_paid: fromCentimes(r.paid),
      balance: fromCentimes(r.adjusted - r.paid),
    })),
    pagination: { page: q.page, totalPages: Math.max(1, Math.ceil(report.total / q.limit)), total: report.total, limit: q.limit },
    totals: {
      adjusted_mppa: fromCentimes(report.adjusted),
      total_paid: fromCentimes(report.paid),
      balance: fromCentimes(report.adjusted - report.paid),
    },
    classes: report.classes,
  });
});
