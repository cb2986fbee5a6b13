// The rules of saving a finance sheet (payments and adjustments of one enrolment), pure so the
// worker and the tests share them: which lines keep their identity and receipt number, which
// payments get a new receipt, the payment date rule, and the audit snapshot of the amounts.
import { financeTotals, fromCentimes } from './money';

export interface SheetPayment {
  id: string;
  date: string | null;
  label: string;
  /** Centimes, never negative. */
  amount: number;
  receiptNo: number | null;
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

export interface SheetInput {
  /** New base MPPA in centimes; absent keeps the current one. */
  mppa?: number | undefined;
  payments: { id?: string | undefined; label: string; amount: number; date?: string | null | undefined }[];
  adjustments: { id?: string | undefined; label: string; amount: number }[];
}

export interface PlannedPayment extends Omit<SheetPayment, 'receiptNo'> {
  /** An issued number kept, 'new' for the school's next number, null while the amount is zero. */
  receipt: number | 'new' | null;
}

export interface SheetPlan {
  mppa: number;
  mppaChanged: boolean;
  payments: PlannedPayment[];
  adjustments: SheetAdjustment[];
  receiptsToIssue: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sheet after a save that replaces every line. A line keeps its id (and a payment its
 * receipt number) when the id is one of this enrolment's current lines. A new line keeps the
 * UUID its client gave it, so a second offline edit of the same line finds it again; any other
 * id, or an id used twice, is replaced by a fresh one. Only this enrolment's rows are deleted, so
 * a payload never reaches another enrolment's rows: an id that exists elsewhere fails the whole
 * batch on the primary key. A receipt number, once issued, stays with its payment even if the
 * amount is corrected to zero, and is never reused. A positive payment without a number gets the
 * next one. A zero payment has no date; a positive payment without a date is dated today.
 */
export function planSheet(current: Sheet, input: SheetInput, today: string, newId: () => string): SheetPlan {
  const currentPayments = new Map(current.payments.map((p) => [p.id, p]));
  const usedPayments = new Set<string>();
  const usedAdjustments = new Set<string>();
  const currentAdjustments = new Set(current.adjustments.map((a) => a.id));
  const keep = (id: string, used: Set<string>) => (used.add(id), id);
  const idFor = (id: string | undefined, used: Set<string>) => {
    const usable = id !== undefined && !used.has(id) && UUID.test(id);
    const chosen = usable ? id : newId();
    used.add(chosen);
    return chosen;
  };
  const payments = input.payments.map((p): PlannedPayment => {
    const existing = p.id !== undefined && !usedPayments.has(p.id) ? currentPayments.get(p.id) : undefined;
    const issued = existing?.receiptNo ?? null;
    return {
      id: existing ? keep(existing.id, usedPayments) : idFor(p.id, usedPayments),
      label: p.label,
      amount: p.amount,
      date: p.amount === 0 ? null : (p.date ?? today),
      receipt: issued ?? (p.amount > 0 ? 'new' : null),
    };
  });
  const adjustments = input.adjustments.map(
    (a): SheetAdjustment => ({
      id:
        a.id !== undefined && currentAdjustments.has(a.id) && !usedAdjustments.has(a.id)
          ? keep(a.id, usedAdjustments)
          : idFor(a.id, usedAdjustments),
      label: a.label,
      amount: a.amount,
    }),
  );
  const mppa = input.mppa ?? current.mppa;
  return {
    mppa,
    mppaChanged: mppa !== current.mppa,
    payments,
    adjustments,
    receiptsToIssue: payments.filter((p) => p.receipt === 'new').length,
  };
}

/** The amounts of a sheet as the audit log keeps them (decimals, like the API). */
export function sheetSnapshot(sheet: { mppa: number; payments: (Omit<SheetPayment, 'receiptNo'> & { receipt: number | 'new' | null })[]; adjustments: SheetAdjustment[] }) {
  const totals = financeTotals(sheet);
  return {
    mppa: fromCentimes(sheet.mppa),
    adjusted_mppa: fromCentimes(totals.adjusted),
    total_paid: fromCentimes(totals.paid),
    balance: fromCentimes(totals.balance),
    payments: sheet.payments.map((p) => ({
      receipt_no: p.receipt,
      date: p.date,
      label: p.label,
      amount: fromCentimes(p.amount),
    })),
    adjustments: sheet.adjustments.map((a) => ({ label: a.label, amount: fromCentimes(a.amount) })),
  };
}

/** The current sheet in the snapshot's shape. */
export const currentSnapshot = (sheet: Sheet) =>
  sheetSnapshot({ ...sheet, payments: sheet.payments.map(({ receiptNo, ...p }) => ({ ...p, receipt: receiptNo })) });

/**
 * A short fingerprint of a sheet's money (base, and each line's id and amount, in order). The
 * roster gives it with each enrolment and the finance panel sends it back: a save made on a
 * sheet that someone else changed meanwhile is refused instead of silently dropping their
 * payment. Labels, dates and receipt numbers are left out, so a client can compute the
 * fingerprint of its own queued save (FNV-1a, 32 bits: enough to tell two states apart).
 */
export function sheetVersion(sheet: {
  mppa: number;
  payments: readonly { id: string; amount: number }[];
  adjustments: readonly { id: string; amount: number }[];
}): string {
  const text = [
    String(sheet.mppa),
    ...sheet.payments.map((p) => `p${p.id}:${p.amount}`),
    ...sheet.adjustments.map((a) => `a${a.id}:${a.amount}`),
  ].join('|');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
