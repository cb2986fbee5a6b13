// The ledger edit's form state (document 2 §4 "Finance edit panel"): a copy of the enrolment with
// amounts as typed, the changed-state test, the payment date rule, corrections of receipted
// payments (decision 021), the save payload, and a draft carried over to a fresher sheet after a
// 409. The quick payment's state is in NewPayment.tsx.
import {
  amountInputText,
  financeTotals,
  fromCentimes,
  parseAmount,
  stampPaymentDate,
  toCentimes,
} from '../../../worker/domain/money';
import { schoolToday } from '../../../worker/domain/dates';
import { financeText } from '../../i18n/finance';
import { type ApiAdjustment, type ApiPayment, type Enrollment, isPending } from './model';
import type { SheetSave } from '../../../worker/contract/finance';

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
  /** Saved offline with an amount: its receipt number comes with the sync. */
  pending: boolean;
  /** A receipted payment opened for correction ('Corriger'). */
  correcting: boolean;
  /** The reason of the correction. */
  correction: string;
  recordedBy: string | null;
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

const paymentDraftOf = (p: ApiPayment): PaymentDraft => ({
  id: p.id,
  added: false,
  label: p.label,
  amountText: amountInputText(toCentimes(p.amount)),
  date: p.date,
  receiptNo: p.receipt_no,
  pending: isPending(p),
  correcting: false,
  correction: '',
  recordedBy: p.recorded_by,
});

const adjustmentDraftOf = (a: ApiAdjustment): AdjustmentDraft => ({
  id: a.id,
  added: false,
  label: a.label,
  amountText: amountInputText(toCentimes(a.amount)),
});

export function draftOf(e: Enrollment): Draft {
  return {
    mppaText: amountInputText(toCentimes(e.mppa)),
    payments: e.payments.map(paymentDraftOf),
    adjustments: e.adjustments.map(adjustmentDraftOf),
  };
}

/** A line's amount: blank is null (never saved as zero), anything unreadable is undefined. */
export function lineAmount(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  return parseAmount(text) ?? undefined;
}

export const newPayment = (n: number): PaymentDraft => ({
  id: crypto.randomUUID(),
  added: true,
  label: financeText.panel.paymentLabel(n),
  amountText: '',
  date: null,
  receiptNo: null,
  pending: false,
  correcting: false,
  correction: '',
  recordedBy: null,
});

export const newAdjustment = (): AdjustmentDraft => ({
  id: crypto.randomUUID(),
  added: true,
  label: financeText.panel.adjustmentLabel,
  amountText: '',
});

/** A payment whose amount is retyped: zero to positive stamps today, back to zero clears the date. */
export function withPaymentAmount(p: PaymentDraft, amountText: string, today: string = schoolToday()): PaymentDraft {
  const before = lineAmount(p.amountText) ?? 0;
  const after = lineAmount(amountText);
  if (after === null || after === undefined) return { ...p, amountText };
  return { ...p, amountText, date: stampPaymentDate(before, after, p.date, today) };
}

/** Whether a loaded payment differs from what was loaded (what the server calls a correction). */
function paymentChanged(p: PaymentDraft, loaded: PaymentDraft | undefined): boolean {
  if (!loaded) return false;
  return (
    p.label.trim() !== loaded.label.trim() ||
    lineAmount(p.amountText) !== lineAmount(loaded.amountText) ||
    p.date !== loaded.date
  );
}

export interface DraftCheck {
  mppa: number | null;
  paymentErrors: Map<string, string>;
  adjustmentErrors: Map<string, string>;
  /** Receipted payments changed without a reason. */
  correctionErrors: Map<string, string>;
  mppaError: string | null;
  totals: { adjusted: number; paid: number; balance: number };
  /** A reason the sheet cannot be saved, or null. */
  formError: string | null;
  valid: boolean;
}

export function checkDraft(d: Draft, initial: Draft): DraftCheck {
  const t = financeText.panel;
  const loaded = new Map(initial.payments.map((p) => [p.id, p]));
  const mppa = parseAmount(d.mppaText);
  const mppaError = mppa === null ? t.invalidAmount : mppa < 0 ? financeText.server.mppaNegative : null;
  const paymentErrors = new Map<string, string>();
  const adjustmentErrors = new Map<string, string>();
  const correctionErrors = new Map<string, string>();
  const payments = d.payments.map((p) => {
    const amount = lineAmount(p.amountText);
    if (amount === null) paymentErrors.set(p.id, t.amountRequired);
    else if (amount === undefined) paymentErrors.set(p.id, t.invalidAmount);
    else if (amount < 0) paymentErrors.set(p.id, t.negativePayment);
    if (p.receiptNo !== null && !p.correction.trim() && paymentChanged(p, loaded.get(p.id)))
      correctionErrors.set(p.id, t.correctionRequired);
    return { amount: amount ?? 0 };
  });
  const adjustments = d.adjustments.map((a) => {
    const amount = lineAmount(a.amountText);
    if (amount === null) adjustmentErrors.set(a.id, t.adjustmentRequired);
    else if (amount === undefined) adjustmentErrors.set(a.id, t.invalidAmount);
    return { amount: amount ?? 0 };
  });
  const totals = financeTotals({ mppa: mppa ?? 0, payments, adjustments });
  const formError =
    mppaError === null && adjustmentErrors.size === 0 && totals.adjusted < 0 ? t.negativeAdjusted : null;
  return {
    mppa,
    paymentErrors,
    adjustmentErrors,
    correctionErrors,
    mppaError,
    totals,
    formError,
    valid:
      mppaError === null &&
      paymentErrors.size === 0 &&
      adjustmentErrors.size === 0 &&
      correctionErrors.size === 0 &&
      formError === null,
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

/** The body of PUT /enrollments/{id}/payments (decimals; the base amount and the sheet's revision included). */
export function payloadOf(d: Draft, initial: Draft, version: number) {
  const loaded = new Map(initial.payments.map((p) => [p.id, p]));
  return {
    version,
    mppa: fromCentimes(parseAmount(d.mppaText) ?? 0),
    payments: d.payments.map((p) => {
      // A payment saved offline has its receipt by the time this save replays: its change is a
      // correction, explained as such.
      const reason = p.receiptNo !== null ? p.correction.trim() : p.pending ? financeText.panel.pendingCorrection : '';
      return {
        id: p.id,
        label: p.label.trim(),
        amount: fromCentimes(lineAmount(p.amountText) ?? 0),
        date: p.date,
        ...(reason && paymentChanged(p, loaded.get(p.id)) ? { correction: reason } : {}),
      };
    }),
    adjustments: d.adjustments.map((a) => ({
      id: a.id,
      label: a.label.trim(),
      amount: fromCentimes(lineAmount(a.amountText) ?? 0),
    })),
  } satisfies SheetSave;
}

/** The enrolment as a queued save leaves it on screen (new receipts are numbered at sync). */
export function applyPayload(
  e: Enrollment,
  body: ReturnType<typeof payloadOf>,
  cashier: string,
  today: string = schoolToday(),
): Enrollment {
  const current = new Map(e.payments.map((p) => [p.id, p]));
  const payments = body.payments.map((p): ApiPayment => ({
    id: p.id,
    label: p.label,
    amount: p.amount,
    date: p.amount === 0 ? null : (p.date ?? today),
    receipt_no: current.get(p.id)?.receipt_no ?? null,
    recorded_by: current.get(p.id)?.recorded_by ?? cashier,
  }));
  const adjustments = body.adjustments.map((a): ApiAdjustment => ({ id: a.id, label: a.label, amount: a.amount }));
  // The revision the server will give the sheet once the save is replayed.
  return { ...e, mppa: body.mppa, version: e.version + 1, payments, adjustments };
}

/**
 * The cashier's work carried over to a sheet that changed meanwhile (a 409): lines added are added
 * to it, lines edited replace the same lines of it, lines removed are removed from it, and a new
 * base amount replaces its own. What the other cashier did and this one did not touch stays.
 */
export function rebaseDraft(initial: Draft, draft: Draft, fresh: Enrollment): Draft {
  const base = draftOf(fresh);
  const rebaseLines = <L extends { id: string; added: boolean }>(
    before: L[],
    now: L[],
    theirs: L[],
    same: (a: L, b: L) => boolean,
    merge: (mine: L, theirs: L) => L,
    removable: (line: L) => boolean,
  ) => {
    const mine = new Map(now.map((l) => [l.id, l]));
    const loaded = new Map(before.map((l) => [l.id, l]));
    const kept = theirs.flatMap((line) => {
      const edited = mine.get(line.id);
      // Removed here: gone, unless it has a receipt by now (a receipted payment is never removed).
      if (!edited) return loaded.has(line.id) && removable(line) ? [] : [line];
      const original = loaded.get(line.id);
      return [original && !same(original, edited) ? merge(edited, line) : line];
    });
    return [...kept, ...now.filter((l) => l.added && !theirs.some((t) => t.id === l.id))];
  };
  const samePayment = (a: PaymentDraft, b: PaymentDraft) => !paymentChanged(b, a);
  const sameAdjustment = (a: AdjustmentDraft, b: AdjustmentDraft) =>
    a.label.trim() === b.label.trim() && lineAmount(a.amountText) === lineAmount(b.amountText);
  return {
    mppaText: parseAmount(draft.mppaText) !== parseAmount(initial.mppaText) ? draft.mppaText : base.mppaText,
    payments: rebaseLines(
      initial.payments,
      draft.payments,
      base.payments,
      samePayment,
      (mine, theirs) => ({
        ...mine,
        receiptNo: theirs.receiptNo,
        pending: theirs.pending,
        recordedBy: theirs.recordedBy,
        correcting: theirs.receiptNo !== null,
      }),
      (line) => line.receiptNo === null,
    ),
    adjustments: rebaseLines(
      initial.adjustments,
      draft.adjustments,
      base.adjustments,
      sameAdjustment,
      (mine) => mine,
      () => true,
    ),
  };
}
