// Class finance, payments, grades access and the report: the routes of contract/finance.ts.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import {
  type ClassGradesAccessChanged,
  financeApi as api,
  type FinanceEnrollment,
  type Report,
  type SavedPayment,
  type SavedSheet,
} from '../contract/finance';
import { financeServerText as t } from '../contract/texts/finance';
import type { AuditEntry } from '../db/audit';
import * as enrollments from '../db/enrollments';
import * as financeSheets from '../db/finance-sheets';
import * as financialReport from '../db/financial-report';
import * as instances from '../db/instances';
import {
  correctionSnapshot,
  planNewPayment,
  planSheet,
  sheetSnapshot,
  type WriteContext,
} from '../domain/finance-sheet';
import { schoolToday } from '../domain/dates';
import { financeTotals, fromCentimes, parseAmount, toCentimes } from '../domain/money';
import type { AppBindings, SchoolContext } from '../env';
import { ApiError, badRequest, conflict, found } from '../lib/errors';
import { requireYearAndClass } from '../lib/lookups';
import { pageOf } from '../lib/pagination';
import { alertGuardians, inBackground, paymentNews, reportCardNews } from '../lib/alerts';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const financeRoutes = new Hono<AppBindings>();

/** Cashiers, grades-access managers and readers of the financial report all see the roster. */
const ROSTER_READERS = ['enrollment:update_payment', 'student_portal:manage_access', 'report:financial'] as const;

type FinanceRecord = financeSheets.FinanceRecord;

const apiPayment = (p: FinanceRecord['payments'][number]) => ({
  id: p.id,
  date: p.date,
  label: p.label,
  amount: fromCentimes(p.amount),
  receipt_no: p.receiptNo,
  recorded_by: p.recordedBy,
});

const apiEnrollment = (r: FinanceRecord): FinanceEnrollment => ({
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

const fullNameOf = (r: FinanceRecord) => `${r.student.prenom} ${r.student.nom}`;
const auditTarget = (r: FinanceRecord) => `${fullNameOf(r)} (${r.className}, ${r.yearName})`;

route(financeRoutes, api.roster, allow.anyPermission(...ROSTER_READERS), async (c) => {
  const { className, yearId } = c.req.valid('query');
  const { year, klass } = await requireYearAndClass(c, yearId, className);
  return c.json<FinanceEnrollment[]>(
    (await financeSheets.classRoster(c.var.db, c.var.school, year.id, klass.id)).map(apiEnrollment),
  );
});

// ------------------------------------------------------------------ payments and adjustments

/** How many times a write re-reads and tries again when another write moved what it read. */
const MAX_ATTEMPTS = 10;
/** What a failed finance guard answers inside `writeSheet`: nothing was written, read again. */
const RETRY = 'sheet_moved';

/** 409 with the sheet as it is now, so the panel can put the cashier's lines back on it. */
const stale = (record: FinanceRecord) =>
  new ApiError(409, 'stale', t.staleSheet(fullNameOf(record)), { enrollment: apiEnrollment(record) });

/** A planned finance write: its statements, the receipt counter after them, its audit and answer. */
interface PlannedWrite {
  statements: ReturnType<typeof financeSheets.replaceSheetStatements>;
  receiptSeq: number;
  audit: AuditEntry;
  body: SavedSheet | SavedPayment;
  status?: 201;
}

/** Nothing to write: the request was already done (the same payment sent again), answered as stored. */
interface AlreadyDone {
  done: SavedPayment;
}

/**
 * Runs a finance write: read the sheet and the receipt counter, plan, commit with guards. When a
 * guard fails (another write landed between the read and the batch), nothing was written: read
 * again and plan again, unless the plan itself refuses the change (a stale ledger).
 */
async function writeSheet(
  c: SchoolContext,
  enrollmentId: string,
  clientIds: readonly string[],
  plan: (found: { record: FinanceRecord; receiptSeq: number }, ctx: WriteContext) => PlannedWrite | AlreadyDone,
) {
  const { account, db, school } = c.var;
  for (let n = 1; ; n++) {
    const sheet = found(await financeSheets.sheetForWrite(db, school, enrollmentId, clientIds), t.enrollmentNotFound);
    const ctx: WriteContext = {
      today: schoolToday(),
      newId: () => crypto.randomUUID(),
      receiptSeq: sheet.receiptSeq,
      cashier: account.username,
      taken: sheet.taken,
    };
    const planned = plan(sheet, ctx);
    if ('done' in planned) return c.json<SavedPayment>(planned.done, 200);
    const { statements, receiptSeq, ...answer } = planned;
    const base = { revision: sheet.record.revision, receiptSeq: sheet.receiptSeq };
    const guards = financeSheets
      .sheetUnchanged(school, enrollmentId, base, receiptSeq)
      .map((holds) => ({ holds, error: conflict(t.busy, RETRY) }));
    try {
      return await commit(c, statements, { ...answer, guards });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === RETRY)) throw error;
      if (n === MAX_ATTEMPTS) throw new ApiError(503, 'busy', t.busy, { retryAfter: 1 });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 15 * n));
    }
  }
}

route(financeRoutes, api.saveSheet, allow.permission('enrollment:update_payment'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const clientIds = [...body.payments, ...body.adjustments].flatMap((line) => (line.id ? [line.id] : []));
  return writeSheet(c, c.req.valid('param').id, clientIds, ({ record, receiptSeq }, ctx) => {
    if (body.version !== undefined && body.version !== record.revision) throw stale(record);
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
      throw badRequest(
        kind === 'removed' ? t.receiptRemoved(receiptNo) : t.correctionRequired(receiptNo),
        'receipt_locked',
      );
    }
    if (financeTotals(plan).adjusted < 0) throw badRequest(t.adjustedNegative);
    const saved: FinanceRecord = {
      ...record,
      mppa: plan.mppa,
      payments: plan.payments,
      adjustments: plan.adjustments,
      revision: record.revision + 1,
    };
    const base = { revision: record.revision, receiptSeq };
    return {
      statements: financeSheets.replaceSheetStatements(db, school, record.id, base, {
        mppa: plan.mppaChanged ? plan.mppa : null,
        payments: plan.payments,
        adjustments: plan.adjustments,
        receiptSeq: plan.receiptSeq,
      }),
      receiptSeq: plan.receiptSeq,
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
      body: { message: t.notices.saved, enrollment: apiEnrollment(saved) } satisfies SavedSheet,
    };
  });
});

route(financeRoutes, api.addPayment, allow.permission('enrollment:update_payment'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  type Recorded = { enrollmentId: string; id: string; amount: number; receiptNo: number; balance: number };
  let recorded: Recorded | null = null;
  const answer = await writeSheet(
    c,
    c.req.valid('param').id,
    body.id ? [body.id] : [],
    ({ record, receiptSeq }, ctx) => {
      recorded = null;
      // The same payment sent again (its id is already on this sheet): it lands once.
      const sent = record.payments.find((p) => p.id === body.id && p.receiptNo !== null);
      if (sent) {
        const done = { enrollment: apiEnrollment(record), payment: apiPayment(sent) };
        return { done: { message: t.notices.paymentSaved(sent.receiptNo!), ...done } };
      }
      const label = body.label || t.paymentLabel(record.payments.length + 1);
      const { payment, sheet } = planNewPayment(
        record,
        { id: body.id, amount: toCentimes(body.amount), date: body.date, label },
        ctx,
      );
      const saved: FinanceRecord = { ...record, ...sheet, revision: record.revision + 1 };
      const base = { revision: record.revision, receiptSeq };
      recorded = {
        enrollmentId: record.id,
        id: payment.id,
        amount: payment.amount,
        receiptNo: payment.receiptNo!,
        balance: financeTotals(saved).balance,
      };
      return {
        statements: financeSheets.addPaymentStatements(db, school, record.id, base, payment, record.payments.length),
        receiptSeq: payment.receiptNo!,
        audit: {
          action: 'ADD_PAYMENT',
          target: auditTarget(record),
          details: {
            enrollment_id: record.id,
            receipts_issued: [payment.receiptNo],
            payment: {
              receipt_no: payment.receiptNo,
              date: payment.date,
              label: payment.label,
              amount: fromCentimes(payment.amount),
            },
            // What the payment changed, not the whole sheet twice (decision 331: a payment's row
            // held every payment of the sheet before and after, 0.5 to 5 KB).
            before: paidAndOwed(record),
            after: paidAndOwed(saved),
          },
        },
        status: 201 as const,
        body: {
          message: t.notices.paymentSaved(payment.receiptNo!),
          enrollment: apiEnrollment(saved),
          payment: apiPayment(payment),
        } satisfies SavedPayment,
      };
    },
  );
  // The pupil's guardians, after the answer (decision 361): the payment with its receipt number.
  const news = recorded as Recorded | null;
  if (news)
    inBackground(c, async () =>
      alertGuardians(
        c.env,
        db,
        school,
        { enrollmentIds: [news.enrollmentId] },
        paymentNews(news, (await instances.getInstance(db, school))?.currency ?? 'Gdes'),
      ),
    );
  return answer;
});

/** What a payment changes on a sheet: what was paid and what is owed (its log row's before and after). */
function paidAndOwed(sheet: FinanceRecord) {
  const { total_paid, balance } = sheetSnapshot(sheet);
  return { total_paid, balance };
}

// ------------------------------------------------------------------------------ grades access

route(financeRoutes, api.gradesAccess, allow.permission('student_portal:manage_access'), async (c) => {
  const { enabled } = c.req.valid('json');
  const { db, school } = c.var;
  const record = found(await financeSheets.financeRecord(db, school, c.req.valid('param').id), t.enrollmentNotFound);
  const answer = await commit(c, [enrollments.setGradesAccess(db, school, record.id, enabled)], {
    audit: {
      action: enabled ? 'GRADES_ACCESS_ENABLED' : 'GRADES_ACCESS_RESTRICTED',
      target: auditTarget(record),
      details: { enrollment_id: record.id, before: record.gradesAccessEnabled, after: enabled },
    },
    body: { message: enabled ? t.notices.accessEnabled : t.notices.accessRestricted },
  });
  // Opened: the report card and grades are published to the pupil and the guardians (decision 361).
  if (enabled && !record.gradesAccessEnabled)
    inBackground(c, () =>
      alertGuardians(c.env, db, school, { enrollmentIds: [record.id] }, reportCardNews(schoolToday())),
    );
  return answer;
});

route(financeRoutes, api.classGradesAccess, allow.permission('student_portal:manage_access'), async (c) => {
  const { yearId, enabled } = c.req.valid('json');
  const { db, school } = c.var;
  const { year, klass } = await requireYearAndClass(c, yearId, c.req.valid('param').className);
  const count = await enrollments.countClassEnrollments(db, school, year.id, klass.id);
  const answer = await commit(c, [enrollments.setClassGradesAccess(db, school, year.id, klass.id, enabled)], {
    audit: {
      action: enabled ? 'CLASS_GRADES_ACCESS_ENABLED' : 'CLASS_GRADES_ACCESS_RESTRICTED',
      target: `${klass.name} (${year.name})`,
      details: { students: count, enabled },
    },
    body: {
      message: enabled ? t.notices.classAccessEnabled : t.notices.classAccessRestricted,
      count,
    } satisfies ClassGradesAccessChanged,
  });
  if (enabled)
    inBackground(c, () =>
      alertGuardians(c.env, db, school, { yearId: year.id, classIds: [klass.id] }, reportCardNews(schoolToday())),
    );
  return answer;
});

// ------------------------------------------------------------------------------------ report

route(financeRoutes, api.report, allow.permission('report:financial'), async (c) => {
  const q = c.req.valid('query');
  const mppa = q.mppaFilter ? parseAmount(q.mppaFilter) : null;
  if (q.mppaFilter && mppa === null) throw badRequest(t.mppaFilter);
  const report = await financialReport.financialReport(c.var.db, c.var.school, {
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
  return c.json<Report>({
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
    pagination: pageOf(report.total, q),
    totals: {
      adjusted_mppa: fromCentimes(report.adjusted),
      total_paid: fromCentimes(report.paid),
      balance: fromCentimes(report.adjusted - report.paid),
    },
    classes: report.classes,
  });
});
