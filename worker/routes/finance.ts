// Class finance, payments and adjustments, grades access and the financial report (document 2
// §2, §4, §7). Who may call what: docs/decisions/020-finance-permissions.md.
import { Hono } from 'hono';
import { z } from 'zod';
import { financeServerText as t } from '../contract/texts/finance';
import { allow } from '../auth/access';
import { requireSchool } from '../auth/session';
import { database, type Db } from '../db/client';
import {
  addPaymentStatements,
  classRoster,
  countClassEnrollments,
  type FinanceRecord,
  financeRecord,
  financialReport,
  findClassByName,
  findYear,
  replaceSheetStatements,
  setClassGradesAccess,
  setGradesAccess,
  sheetForWrite,
  sheetUnchanged,
  type WriteBase,
} from '../db/finance';
import { correctionSnapshot, planNewPayment, planSheet, sheetSnapshot, type WriteContext } from '../domain/finance-sheet';
import { financeTotals, fromCentimes, MAX_AMOUNT, parseAmount, toCentimes } from '../domain/money';
import type { AppBindings, SchoolContext } from '../env';
import { ApiError, badRequest, conflict, notFound } from '../lib/errors';
import { id as inputId, idParams, optionalText } from '../contract/common';
import { readJson, readParams, readQuery } from '../lib/validate';
import { commit } from '../lib/write';

export const financeRoutes = new Hono<AppBindings>();

/** Cashiers, grades-access managers and readers of the financial report all see the roster. */
const ROSTER_READERS = ['enrollment:update_payment', 'student_portal:manage_access', 'report:financial'] as const;

const id = inputId();
const classParam = z.object({ className: z.string().trim().min(1, t.classRequired).max(100) });

const rosterQuery = z.object({
  className: z.string({ error: t.classRequired }).trim().min(1, t.classRequired).max(100),
  yearId: z.string({ error: t.yearRequired }).trim().min(1, t.yearRequired).max(64),
});

const apiPayment = (p: FinanceRecord['payments'][number]) => ({
  id: p.id,
  date: p.date,
  label: p.label,
  amount: fromCentimes(p.amount),
  receipt_no: p.receiptNo,
  recorded_by: p.recordedBy,
});

const apiEnrollment = (r: FinanceRecord) => ({
  id: r.id,
  student_id: r.studentId,
  year_id: r.yearId,
  year_name: r.yearName,
  className: r.className,
  mppa: fromCentimes(r.mppa),
  version: r.revision,
  grades_access_enabled: r.gradesAccessEnabled,
  student: r.student,
  payments: r.payments.map(apiPayment),
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
const label = optionalText(120, t.labelTooLong).transform((v) => v ?? '');
const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const isoDate = z
  .string({ error: t.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, t.dateInvalid)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), t.dateInvalid)
  // A cashier's today may be tomorrow in UTC, never later.
  .refine((d) => d <= utcDay(1), t.dateInFuture);
const correction = optionalText(200, t.correctionTooLong).transform((v) => v ?? undefined);

const sheetBody = z.object({
  // Absent keeps the base amount; the finance panel sends it (decision 020).
  mppa: amount.min(0, t.mppaNegative).optional(),
  payments: z
    .array(z.object({ id: id.optional(), label, amount: amount.min(0, t.paymentNegative), date: isoDate.nullish(), correction }))
    .max(100, t.tooManyPayments),
  adjustments: z.array(z.object({ id: id.optional(), label, amount })).max(50, t.tooManyAdjustments),
  // The sheet's revision when the panel opened: a save on a sheet changed since is refused (decision 021).
  version: z.number({ error: t.versionRequired }).int(t.versionRequired).min(0, t.versionRequired),
});

const paymentBody = z.object({
  id: id.optional(),
  amount: amount.refine((n) => n > 0, t.paymentPositive),
  date: isoDate.nullish(),
  label,
});

/** How many times a write re-reads and tries again when another write moved what it read. */
const MAX_ATTEMPTS = 10;

const fullNameOf = (r: FinanceRecord) => `${r.student.prenom} ${r.student.nom}`;
const auditTarget = (r: FinanceRecord) => `${fullNameOf(r)} (${r.className}, ${r.yearName})`;

/** 409 with the sheet as it is now, so the panel can put the cashier's lines back on it. */
const stale = (record: FinanceRecord) => new ApiError(409, 'stale', t.staleSheet(fullNameOf(record)), { enrollment: apiEnrollment(record) });

/** What a failed finance guard answers inside `writeSheet`: nothing was written, read again. */
const RETRY = 'sheet_moved';
const sheetGuards = (instanceId: string, enrollmentId: string, base: WriteBase, receiptSeq: number) =>
  sheetUnchanged(instanceId, enrollmentId, base, receiptSeq).map((holds) => ({ holds, error: conflict(t.busy, RETRY) }));

/**
 * Runs a finance write: read the sheet and the receipt counter, plan, commit with guards. When a
 * guard fails (another write landed between the read and the batch), nothing was written: read
 * again and retry, unless the write itself decides the change is now refused (a stale ledger).
 */
async function writeSheet(
  c: SchoolContext,
  enrollmentId: string,
  attempt: (found: NonNullable<Awaited<ReturnType<typeof sheetForWrite>>>, ctx: WriteContext) => Promise<Response>,
): Promise<Response> {
  const { account, db, school: instanceId } = c.var;
  for (let n = 1; ; n++) {
    const found = await sheetForWrite(db, instanceId, enrollmentId);
    if (!found) throw notFound(t.enrollmentNotFound);
    const ctx: WriteContext = {
      today: utcDay(),
      newId: () => crypto.randomUUID(),
      receiptSeq: found.receiptSeq,
      cashier: account.username,
    };
    try {
      return await attempt(found, ctx);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === RETRY)) throw error;
      if (n === MAX_ATTEMPTS) throw new ApiError(503, 'busy', t.busy, { retryAfter: 1 });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 15 * n));
    }
  }
}

// The ledger edit: replaces the payments and adjustments of an enrolment (and its base MPPA when
// sent) in one guarded batch. Refused (409, with the current sheet) when the sheet changed since
// the cashier opened it; a payment that has a receipt is corrected with a reason, never removed.
financeRoutes.put('/enrollments/:id/payments', allow.permission('enrollment:update_payment'), async (c) => {
  const { id: enrollmentId } = readParams(c, idParams);
  const body = await readJson(c, sheetBody);
  const instanceId = requireSchool(c.get('account'));
  return writeSheet(c, enrollmentId, async ({ record, receiptSeq }, ctx) => {
    if (body.version !== record.revision) throw stale(record);
    const plan = planSheet(
      record,
      {
        mppa: body.mppa === undefined ? undefined : toCentimes(body.mppa),
        payments: body.payments.map((p) => ({ ...p, amount: toCentimes(p.amount) })),
        adjustments: body.adjustments.map((a) => ({ ...a, amount: toCentimes(a.amount) })),
      },
      ctx,
    );
    if (plan.refusal) {
      const { kind, receiptNo } = plan.refusal;
      throw badRequest(kind === 'removed' ? t.receiptRemoved(receiptNo) : t.correctionRequired(receiptNo), 'receipt_locked');
    }
    if (financeTotals(plan).adjusted < 0) throw badRequest(t.adjustedNegative);
    const db = database(c.env.DB);
    const saved: FinanceRecord = { ...record, mppa: plan.mppa, payments: plan.payments, adjustments: plan.adjustments, revision: record.revision + 1 };
    return commit(
      c,
      replaceSheetStatements(db, instanceId, enrollmentId, { revision: record.revision, receiptSeq }, {
        mppa: plan.mppaChanged ? plan.mppa : null,
        payments: plan.payments,
        adjustments: plan.adjustments,
        receiptSeq: plan.receiptSeq,
      }),
      {
        audit: {
          action: plan.corrections.length > 0 ? 'CORRECT_PAYMENTS' : 'UPDATE_PAYMENTS',
          target: auditTarget(record),
          details: {
            enrollment_id: record.id,
            receipts_issued: plan.issued,
            ...(plan.corrections.length > 0 ? { corrections: plan.corrections.map(correctionSnapshot) } : {}),
            before: sheetSnapshot(record),
            after: sheetSnapshot(plan),
          },
        },
        body: { message: t.notices.saved, enrollment: apiEnrollment(saved) },
        guards: sheetGuards(instanceId, enrollmentId, { revision: record.revision, receiptSeq }, plan.receiptSeq),
      },
    );
  });
});

// The cashier's 'Nouveau versement': adds one payment at the end of the sheet with the school's
// next receipt number. It never conflicts with another cashier's work (a concurrent write only
// makes it read again), and answers the saved sheet and the new payment for its receipt.
financeRoutes.post('/enrollments/:id/payments', allow.permission('enrollment:update_payment'), async (c) => {
  const { id: enrollmentId } = readParams(c, idParams);
  const body = await readJson(c, paymentBody);
  const instanceId = requireSchool(c.get('account'));
  return writeSheet(c, enrollmentId, async ({ record, receiptSeq }, ctx) => {
    const { payment, sheet } = planNewPayment(
      record,
      {
        id: body.id,
        amount: toCentimes(body.amount),
        date: body.date,
        label: body.label || t.paymentLabel(record.payments.length + 1),
      },
      ctx,
    );
    const saved: FinanceRecord = { ...record, ...sheet, revision: record.revision + 1 };
    const db = database(c.env.DB);
    return commit(
      c,
      addPaymentStatements(db, instanceId, enrollmentId, { revision: record.revision, receiptSeq }, payment, record.payments.length),
      {
        audit: {
          action: 'ADD_PAYMENT',
          target: auditTarget(record),
          details: {
            enrollment_id: record.id,
            receipts_issued: [payment.receiptNo],
            payment: { receipt_no: payment.receiptNo, date: payment.date, label: payment.label, amount: fromCentimes(payment.amount) },
            before: sheetSnapshot(record),
            after: sheetSnapshot(saved),
          },
        },
        status: 201,
        guards: sheetGuards(instanceId, enrollmentId, { revision: record.revision, receiptSeq }, payment.receiptNo!),
        body: {
          message: t.notices.paymentSaved(payment.receiptNo!),
          enrollment: apiEnrollment(saved),
          payment: apiPayment(payment),
        },
      },
    );
  });
});

// ------------------------------------------------------------------------------ grades access

const toggleBody = z.object({ enabled: z.boolean({ error: t.enabledRequired }) });

// Opens or closes one student's 'Notes' section in the student portal.
financeRoutes.put('/enrollments/:id/toggle-grades-access', allow.permission('student_portal:manage_access'), async (c) => {
  const { id: enrollmentId } = readParams(c, idParams);
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
    body: { message: enabled ? t.notices.accessEnabled : t.notices.accessRestricted },
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
      message: enabled ? t.notices.classAccessEnabled : t.notices.classAccessRestricted,
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
