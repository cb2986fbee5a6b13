// The rules of writing a finance sheet (payments and adjustments of one enrolment), pure so the
// worker, the web and the tests share them: which lines keep their identity and receipt number,
// which payments get a new receipt (and which number), the payment date rule, corrections of
// receipted payments, the balance a receipt shows, and the audit snapshot of the amounts.
// Decisions 020 and 021 (docs/decisions/).
import { financeTotals, fromCentimes } from './money';

export interface SheetPayment {
  id: string;
  date: string | null;
  label: string;
  /** Centimes, never negative. */
  amount: number;
  receiptNo: number | null;
  /** The cashier who recorded it (named on its receipt); null when unknown. */
  recordedBy: string | null;
}

export interface SheetAdjustment {
  id: string;
  label: string;
  /** Centimes; negative = scholarship or reduction. */
  amount: number;
}

export interface Sheet {
  mppa: number;
  payments: SheetPayment[];
  adjustments: SheetAdjustment[];
}

export interface PaymentInput {
  id?: string | undefined;
  label: string;
  amount: number;
  date?: string | null | undefined;
  /** Why a payment that already has a receipt is changed; required for such a change. */
  correction?: string | undefined;
}

export interface SheetInput {
  /** New base MPPA in centimes; absent keeps the current one. */
  mppa?: number | undefined;
  payments: PaymentInput[];
  adjustments: { id?: string | undefined; label: string; amount: number }[];
}

export interface WriteContext {
  /** The date of today (YYYY-MM-DD) for payments without one. */
  today: string;
  newId: () => string;
  /** The school's receipt counter as read: the next receipt is receiptSeq + 1. */
  receiptSeq: number;
  /** Who records the new payments. */
  cashier: string;
  /**
   * Ids a line of another enrolment holds (in this school or another): a new line given one of
   * them gets a fresh id instead, so a client never learns that it exists (decision 021).
   */
  taken?: ReadonlySet<string>;
}

/** What changed on a payment that already had a receipt, and why (kept in the audit). */
export interface Correction {
  receiptNo: number;
  reason: string;
  before: Pick<SheetPayment, 'date' | 'label' | 'amount'>;
  after: Pick<SheetPayment, 'date' | 'label' | 'amount'>;
}

/** Why a sheet cannot be saved as sent: a receipted payment removed, or changed without a reason. */
export interface SheetRefusal {
  kind: 'removed' | 'unexplained';
  receiptNo: number;
}

export interface SheetPlan extends Sheet {
  mppaChanged: boolean;
  /** Receipt numbers given by this save, in order. */
  issued: number[];
  /** The school's receipt counter after the save. */
  receiptSeq: number;
  corrections: Correction[];
  /** The first reason to refuse the save, or null. */
  refusal: SheetRefusal | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A client's UUID for a new line when it is well formed and free (here and elsewhere), else a fresh id. */
function idFor(id: string | undefined, used: Set<string>, ctx: Pick<WriteContext, 'newId' | 'taken'>) {
  const free = id !== undefined && !used.has(id) && !ctx.taken?.has(id) && UUID.test(id);
  const chosen = free ? id : ctx.newId();
  used.add(chosen);
  return chosen;
}

const sameLine = (
  a: Pick<SheetPayment, 'date' | 'label' | 'amount'>,
  b: Pick<SheetPayment, 'date' | 'label' | 'amount'>,
) => a.amount === b.amount && a.date === b.date && a.label === b.label;

/**
 * The sheet after a save that replaces every line (the ledger edit). A line keeps its id (and a
 * payment its receipt number and cashier) when the id is one of this enrolment's current lines.
 * A new line keeps the UUID its client gave it, so a second offline edit of the same line finds it
 * again; any other id, an id used twice, or an id another enrolment's line holds (`ctx.taken`,
 * in any school) is replaced by a fresh one. Only this enrolment's rows are replaced, so a payload
 * never reaches another enrolment's rows.
 *
 * Receipts: a positive payment without a number gets the next ones of the school, in the order of
 * the lines (receiptSeq + 1, + 2...). A number, once issued, stays with its payment and is never
 * reused. A payment that has a receipt cannot be removed (correct it to zero instead), and
 * changing its amount, date or label is a correction that needs a reason (decision 021).
 *
 * Dates: a zero payment has no date; a positive one keeps the date sent, else its current date,
 * else today.
 */
export function planSheet(current: Sheet, input: SheetInput, ctx: WriteContext): SheetPlan {
  const currentPayments = new Map(current.payments.map((p) => [p.id, p]));
  const currentAdjustments = new Set(current.adjustments.map((a) => a.id));
  const usedPayments = new Set<string>();
  const usedAdjustments = new Set<string>();
  const corrections: Correction[] = [];
  let refusal: SheetRefusal | null = null;
  let receiptSeq = ctx.receiptSeq;
  const issued: number[] = [];

  const payments = input.payments.map((p): SheetPayment => {
    const existing = p.id !== undefined && !usedPayments.has(p.id) ? currentPayments.get(p.id) : undefined;
    if (existing) usedPayments.add(existing.id);
    const id = existing ? existing.id : idFor(p.id, usedPayments, ctx);
    const line = {
      label: p.label,
      amount: p.amount,
      date: p.amount === 0 ? null : (p.date ?? existing?.date ?? ctx.today),
    };
    let receiptNo = existing?.receiptNo ?? null;
    if (existing && receiptNo !== null && !sameLine(existing, line)) {
      const reason = p.correction?.trim() ?? '';
      if (reason) corrections.push({ receiptNo, reason, before: pick(existing), after: line });
      else refusal ??= { kind: 'unexplained', receiptNo };
    }
    if (receiptNo === null && line.amount > 0) {
      receiptNo = ++receiptSeq;
      issued.push(receiptNo);
    }
    return { id, ...line, receiptNo, recordedBy: existing?.recordedBy ?? (receiptNo === null ? null : ctx.cashier) };
  });
  for (const p of current.payments) {
    if (p.receiptNo !== null && !usedPayments.has(p.id)) refusal ??= { kind: 'removed', receiptNo: p.receiptNo };
  }

  const adjustments = input.adjustments.map((a): SheetAdjustment => ({
    id:
      a.id !== undefined && currentAdjustments.has(a.id) && !usedAdjustments.has(a.id)
        ? (usedAdjustments.add(a.id), a.id)
        : idFor(a.id, usedAdjustments, ctx),
    label: a.label,
    amount: a.amount,
  }));
  const mppa = input.mppa ?? current.mppa;
  return { mppa, mppaChanged: mppa !== current.mppa, payments, adjustments, issued, receiptSeq, corrections, refusal };
}

const pick = ({ date, label, amount }: SheetPayment) => ({ date, label, amount });

export interface NewPayment {
  id?: string | undefined;
  label: string;
  /** Centimes, above zero. */
  amount: number;
  date?: string | null | undefined;
}

/**
 * One payment added at the end of the sheet (the cashier's 'Nouveau versement'): it takes the
 * school's next receipt number, today's date unless one is given, and the cashier's name. Nothing
 * else on the sheet changes, so it never conflicts with another cashier's work.
 */
export function planNewPayment(
  current: Sheet,
  input: NewPayment,
  ctx: WriteContext,
): { payment: SheetPayment; sheet: Sheet } {
  if (!(input.amount > 0)) throw new RangeError('amount');
  const payment: SheetPayment = {
    id: idFor(input.id, new Set(current.payments.map((p) => p.id)), ctx),
    label: input.label,
    amount: input.amount,
    date: input.date ?? ctx.today,
    receiptNo: ctx.receiptSeq + 1,
    recordedBy: ctx.cashier,
  };
  return { payment, sheet: { ...current, payments: [...current.payments, payment] } };
}

/**
 * The balance a receipt shows: the adjusted MPPA less every payment up to and including this one,
 * in the order of the sheet (centimes; below zero is an overpayment). Null for an unknown payment.
 */
export function balanceAfter(
  sheet: {
    mppa: number;
    payments: readonly { id: string; amount: number }[];
    adjustments: readonly { amount: number }[];
  },
  paymentId: string,
): number | null {
  const index = sheet.payments.findIndex((p) => p.id === paymentId);
  if (index < 0) return null;
  const { adjusted } = financeTotals({ mppa: sheet.mppa, payments: [], adjustments: sheet.adjustments });
  return sheet.payments.slice(0, index + 1).reduce((balance, p) => balance - p.amount, adjusted);
}

/** The amounts of a sheet as the audit log keeps them (decimals, like the API). */
export function sheetSnapshot(sheet: Sheet) {
  const totals = financeTotals(sheet);
  return {
    mppa: fromCentimes(sheet.mppa),
    adjusted_mppa: fromCentimes(totals.adjusted),
    total_paid: fromCentimes(totals.paid),
    balance: fromCentimes(totals.balance),
    payments: sheet.payments.map((p) => ({
      receipt_no: p.receiptNo,
      date: p.date,
      label: p.label,
      amount: fromCentimes(p.amount),
    })),
    adjustments: sheet.adjustments.map((a) => ({ label: a.label, amount: fromCentimes(a.amount) })),
  };
}

/** A correction as the audit log keeps it. */
export const correctionSnapshot = (c: Correction) => ({
  receipt_no: c.receiptNo,
  reason: c.reason,
  before: { ...c.before, amount: fromCentimes(c.before.amount) },
  after: { ...c.after, amount: fromCentimes(c.after.amount) },
});
