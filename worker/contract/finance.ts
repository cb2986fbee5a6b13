// Class finance, payments and adjustments, grades access and the financial report (document 2
// §2, §4, §7). Who may call what: docs/decisions/020-finance-permissions.md. Amounts are decimals
// in the school's currency; a sheet names its `version` (decision 021).
import { z } from 'zod';
import { schoolToday } from '../domain/dates';
import { day, id, idParams, name, optionalText, pageQuery, pagination, signedAmount } from './common';
import { type Answer, area, type Body, get, post, put, type Query } from './endpoint';
import { financeServerText as t } from './texts/finance';

export const FINANCE_PAGE_SIZE = 25;

const className = name(t.classRequired);
const yearId = id(t.yearRequired);

export const payment = z.strictObject({
  id: z.string(),
  date: z.string().nullable(),
  label: z.string(),
  amount: z.number(),
  receipt_no: z.number().nullable(),
  /** The cashier who recorded it; null when unknown. */
  recorded_by: z.string().nullable(),
});
export type Payment = z.output<typeof payment>;

export const adjustment = z.strictObject({ id: z.string(), label: z.string(), amount: z.number() });
export type Adjustment = z.output<typeof adjustment>;

/** An enrolment with its finance sheet, as the roster and the finance panel show it. */
export const financeEnrollment = z.strictObject({
  id: z.string(),
  student_id: z.string(),
  year_id: z.string(),
  year_name: z.string(),
  className: z.string(),
  mppa: z.number(),
  /** The sheet's revision when read; sent back with a ledger save (decision 021). */
  version: z.number(),
  grades_access_enabled: z.boolean(),
  student: z.strictObject({ nom: z.string(), prenom: z.string(), nisu: z.string().nullable() }),
  payments: z.array(payment),
  adjustments: z.array(adjustment),
});
export type FinanceEnrollment = z.output<typeof financeEnrollment>;

const amount = signedAmount(t.amountInvalid, t.amountTooLarge);
const label = optionalText(120, t.labelTooLong).transform((v) => v ?? '');
const isoDate = day(t.dateInvalid)
  // Not after the school's today (Port-au-Prince), whatever the server's or the device's day.
  .refine((d) => d <= schoolToday(), t.dateInFuture);
const correction = optionalText(200, t.correctionTooLong).transform((v) => v ?? undefined);
const enabled = z.boolean({ error: t.enabledRequired });
const saved = { message: z.string(), enrollment: financeEnrollment };

export const financeApi = area('finance', {
  roster: get(
    '/enrollments',
    'The enrolled students of a class for a year, each with payments and adjustments (3 reads, 1 round trip).',
    {
      query: z.object({ className, yearId }),
      answers: { 200: z.array(financeEnrollment) },
    },
  ),
  saveSheet: put(
    '/enrollments/:id/payments',
    'The ledger edit: replaces the payments and adjustments of an enrolment (and its base MPPA when sent) in one guarded batch; refused (409, with the current sheet) when the sheet changed since it was opened. A payment that has a receipt is corrected with a reason, never removed. Answers the saved sheet: the roster row the class page puts in place of the old one.',
    {
      params: idParams,
      body: z.object({
        // Absent keeps the base amount; the finance panel sends it (decision 020).
        mppa: amount.min(0, t.mppaNegative).optional(),
        payments: z
          .array(
            z.object({
              id: id().optional(),
              label,
              amount: amount.min(0, t.paymentNegative),
              date: isoDate.nullish(),
              correction,
            }),
          )
          .max(100, t.tooManyPayments),
        adjustments: z.array(z.object({ id: id().optional(), label, amount })).max(50, t.tooManyAdjustments),
        // The sheet's revision when the panel opened: a save on a sheet changed since is refused
        // (decision 021). The panel always sends it; without it (document 2's {payments,
        // adjustments}) the save applies to the sheet as it is now.
        version: z.number({ error: t.versionRequired }).int(t.versionRequired).min(0, t.versionRequired).optional(),
      }),
      answers: { 200: z.strictObject(saved) },
    },
  ),
  addPayment: post(
    '/enrollments/:id/payments',
    "The cashier's 'Nouveau versement': adds one payment with the school's next receipt number; never conflicts with another cashier's work. Answers the saved sheet (the roster row the class page puts in place of the old one, no class read again) and the new payment for its receipt. The same payment sent again (its id already on the sheet) is answered (200), not added twice; an id held elsewhere is replaced by a fresh one.",
    {
      params: idParams,
      body: z.object({
        id: id().optional(),
        amount: amount.refine((n) => n > 0, t.paymentPositive),
        date: isoDate.nullish(),
        label,
      }),
      // 200: the same payment (its id) was already recorded on this sheet; it is answered, not added again.
      answers: { 201: z.strictObject({ ...saved, payment }), 200: z.strictObject({ ...saved, payment }) },
    },
  ),
  gradesAccess: put(
    '/enrollments/:id/toggle-grades-access',
    "Opens or closes one student's 'Notes' section in the student portal.",
    {
      params: idParams,
      body: z.object({ enabled }),
      answers: { 200: z.strictObject({ message: z.string() }) },
    },
  ),
  classGradesAccess: put(
    '/classes/:className/toggle-grades-access',
    "Opens or closes the 'Notes' section for every student of a class in a year.",
    {
      params: z.object({ className: z.string().trim().min(1, t.classRequired).max(100) }),
      body: z.object({ yearId, enabled }),
      answers: { 200: z.strictObject({ message: z.string(), count: z.number() }) },
    },
  ),
  report: get(
    '/enrollments/all',
    "One page of the school's enrolments with their money, and the totals of the whole filtered set.",
    {
      query: z.object({
        ...pageQuery(FINANCE_PAGE_SIZE),
        selectedClasses: z.string().max(4000).optional(),
        balanceFilter: z.enum(['all', 'zero', 'nonzero'], { error: t.balanceFilter }).default('all'),
        mppaFilter: z.string().trim().max(30).optional(),
        searchTerm: z.string().trim().max(100).optional(),
        yearId: z.string().trim().max(64).optional(),
      }),
      answers: {
        200: z.strictObject({
          enrollments: z.array(
            z.strictObject({
              id: z.string(),
              prenom: z.string(),
              nom: z.string(),
              year_name: z.string(),
              className: z.string(),
              mppa: z.number(),
              adjustments_total: z.number(),
              adjusted_mppa: z.number(),
              total_paid: z.number(),
              balance: z.number(),
            }),
          ),
          pagination,
          totals: z.strictObject({ adjusted_mppa: z.number(), total_paid: z.number(), balance: z.number() }),
          classes: z.array(z.string()),
        }),
      },
    },
  ),
});

export type SheetSave = Body<typeof financeApi.saveSheet>;
export type SavedSheet = Answer<typeof financeApi.saveSheet>;
export type NewPayment = Body<typeof financeApi.addPayment>;
export type SavedPayment = Answer<typeof financeApi.addPayment>;
export type ClassGradesAccessChanged = Answer<typeof financeApi.classGradesAccess>;
export type ReportQuery = Query<typeof financeApi.report>;
export type Report = Answer<typeof financeApi.report>;
