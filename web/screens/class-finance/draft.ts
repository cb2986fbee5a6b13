// The finance panel's form state (document 2 §4 "Finance edit panel"): a copy of the enrolment
// with amounts as typed, the changed-state test, the payment date rule and the save payload.
import {
  amountInputText,
  financeTotals,
  fromCentimes,
  localDay,
  parseAmount,
  stampPaymentDate,
  toCentimes,
} from '../../../worker/domain/money';
import { financeText } from '../../i18n/finance';
import type { ApiAdjustment, ApiPayment, Enrollment } from './model';

// Every line carries an id: the enrolment's own for loaded lines, a new UUID for added ones
// (the server keeps it, so an edit queued offline finds the line again after the first sync).
export interface PaymentDraft {
  id: string;
  /** Not yet saved: the server will give it its receipt number. */
  added: boolean;
  label: string;
  amountText: string;
  date: string | null;
  receiptNo: number | null;
}

export interface AdjustmentDraft {
  id: string;
  added: boolean;
  label: string;
  amountText: string;
}

export interface Draft {
  mppaText: string;
  payments: PaymentDraft[];
  adjustments: AdjustmentDraft[];
}

export function draftOf(e: Enrollment): Draft {
  return {
    mppaText: amountInputText(toCentimes(e.mppa)),
    payments: e.payments.map((p) => ({
      id: p.id,
      added: false,
      label: p.label,
      amountText: amountInputText(toCentimes(p.amount)),
      date: p.date,
      receiptNo: p.receipt_no,
    })),
    adjustments: e.adjustments.map((a) => ({
      id: a.id,
      added: false,
      label: a.label,
      amountText: amountInputText(toCentimes(a.amount)),
    })),
  };
}

/** A line's amount: blank is zero, anything unreadable is null. */
export const lineAmount = (text: string) => (text.trim() === '' ? 0 : parseAmount(text));

export const newPayment = (n: number): PaymentDraft => ({
  id: crypto.randomUUID(),
  added: true,
  label: financeText.panel.paymentLabel(n),
  amountText: '',
  date: null,
  receiptNo: null,
});

export const newAdjustment = (): AdjustmentDraft => ({
  id: crypto.randomUUID(),
  added: true,
  label: financeText.panel.adjustmentLabel,
  amountText: '',
});

/** A payment whose amount is retyped: zero to positive stamps today, back to zero clears the date. */
export function withPaymentAmount(p: PaymentDraft, amountText: string, today: string = localDay()): PaymentDraft {
  const before = lineAmount(p.amountText);
  const after = lineAmount(amountText);
  if (before === null || after === null) return { ...p, amountText };
  return { ...p, amountText, date: stampPaymentDate(before, after, p.date, today) };
}

export interface DraftCheck {
  mppa: number | null;
  paymentErrors: Map<string, string>;
  adjustmentErrors: Map<string, string>;
  mppaError: string | null;
  totals: { adjusted: number; paid: number; balance: number };
  /** A reason the sheet cannot be saved, or null. */
  formError: string | null;
  valid: boolean;
}

export function checkDraft(d: Draft): DraftCheck {
  const t = financeText.panel;
  const mppa = parseAmount(d.mppaText);
  const mppaError = mppa === null ? t.invalidAmount : mppa < 0 ? financeText.server.mppaNegative : null;
  const paymentErrors = new Map<string, string>();
  const adjustmentErrors = new Map<string, string>();
  const payments = d.payments.map((p) => {
    const amount = lineAmount(p.amountText);
    if (amount === null) paymentErrors.set(p.id, t.invalidAmount);
    else if (amount < 0) paymentErrors.set(p.id, t.negativePayment);
    return { amount: amount ?? 0 };
  });
  const adjustments = d.adjustments.map((a) => {
    const amount = lineAmount(a.amountText);
    if (amount === null) adjustmentErrors.set(a.id, t.invalidAmount);
    return { amount: amount ?? 0 };
  });
  const totals = financeTotals({ mppa: mppa ?? 0, payments, adjustments });
  const formError = mppaError === null && adjustmentErrors.size === 0 && totals.adjusted < 0 ? t.negativeAdjusted : null;
  return {
    mppa,
    paymentErrors,
    adjustmentErrors,
    mppaError,
    totals,
    formError,
    valid: mppaError === null && paymentErrors.size === 0 && adjustmentErrors.size === 0 && formError === null,
  };
}

/** The form reduced to what a save would send: two drafts with the same shape are unchanged. */
function shape(d: Draft) {
  const amount = (text: string) => lineAmount(text) ?? text;
  return JSON.stringify({
    mppa: parseAmount(d.mppaText) ?? d.mppaText,
    payments: d.payments.map((p) => [p.id, p.label.trim(), amount(p.amountText), p.date]),
    adjustments: d.adjustments.map((a) => [a.id, a.label.trim(), amount(a.amountText)]),
  });
}

export const isChanged = (initial: Draft, current: Draft) => shape(initial) !== shape(current);

/** The body of PUT /enrollments/{id}/payments (decimals; the base amount and the sheet's version included). */
export function payloadOf(d: Draft, version: number) {
  return {
    version,
    mppa: fromCentimes(parseAmount(d.mppaText) ?? 0),
    payments: d.payments.map((p) => ({
      id: p.id,
      label: p.label.trim(),
      amount: fromCentimes(lineAmount(p.amountText) ?? 0),
      date: p.date,
    })),
    adjustments: d.adjustments.map((a) => ({
      id: a.id,
      label: a.label.trim(),
      amount: fromCentimes(lineAmount(a.amountText) ?? 0),
    })),
  };
}

/** The enrolment as a queued save leaves it on screen (new receipts are numbered at sync). */
export function applyPayload(e: Enrollment, body: ReturnType<typeof payloadOf>, today: string = localDay()): Enrollment {
  const receipts = new Map(e.payments.map((p) => [p.id, p.receipt_no]));
  const payments = body.payments.map(
    (p): ApiPayment => ({
      id: p.id,
      label: p.label,
      amount: p.amount,
      date: p.amount === 0 ? null : (p.date ?? today),
      receipt_no: receipts.get(p.id) ?? null,
    }),
  );
  const adjustments = body.adjustments.map((a): ApiAdjustment => ({ id: a.id, label: a.label, amount: a.amount }));
  // The revision the server will give the sheet once the save is replayed.
  return { ...e, mppa: body.mppa, version: e.version + 1, payments, adjustments };
}
