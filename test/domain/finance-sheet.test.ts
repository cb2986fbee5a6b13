import { describe, expect, it } from 'vitest';
import {
  balanceAfter,
  planNewPayment,
  planSheet,
  type Sheet,
  sheetSnapshot,
  type WriteContext,
} from '../../worker/domain/finance-sheet';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';
const ADJ = '44444444-4444-4444-8444-444444444444';
const NEW = '55555555-5555-4555-8555-555555555555';

const current: Sheet = {
  mppa: 3_100_000,
  payments: [
    { id: A, date: '2025-09-10', label: 'Versement 1', amount: 1_000_000, receiptNo: 17, recordedBy: 'caisse1' },
    { id: B, date: null, label: 'Versement 2', amount: 0, receiptNo: null, recordedBy: null },
  ],
  adjustments: [{ id: ADJ, label: 'Bourse 50%', amount: -1_550_000 }],
};

let counter = 0;
const ctx: WriteContext = {
  today: '2026-02-03',
  newId: () => `fresh-${++counter}`,
  receiptSeq: 40,
  cashier: 'comptable',
};
const keepA = { id: A, label: 'Versement 1', amount: 1_000_000, date: '2025-09-10' };

describe('planSheet: what a save keeps, numbers and dates', () => {
  it('keeps current lines with their receipts and gives new positive payments the next numbers, in order', () => {
    const plan = planSheet(
      current,
      {
        payments: [
          keepA,
          { id: B, label: 'Versement 2', amount: 500_000 },
          { id: NEW, label: 'Versement 3', amount: 250_000, date: '2026-01-15' },
          { label: 'Versement 4', amount: 0, date: '2026-02-01' },
        ],
        adjustments: [{ id: ADJ, label: 'Bourse 50%', amount: -1_550_000 }],
      },
      ctx,
    );
    expect(plan.payments).toEqual([
      { ...keepA, receiptNo: 17, recordedBy: 'caisse1' },
      // Zero to positive: the next receipt, dated today, recorded by this cashier.
      { id: B, label: 'Versement 2', amount: 500_000, date: '2026-02-03', receiptNo: 41, recordedBy: 'comptable' },
      // A client's UUID for a new line is kept.
      { id: NEW, label: 'Versement 3', amount: 250_000, date: '2026-01-15', receiptNo: 42, recordedBy: 'comptable' },
      // A zero payment has no date and no receipt.
      {
        id: expect.stringMatching(/^fresh-/),
        label: 'Versement 4',
        amount: 0,
        date: null,
        receiptNo: null,
        recordedBy: null,
      },
    ]);
    expect(plan.adjustments).toEqual([{ id: ADJ, label: 'Bourse 50%', amount: -1_550_000 }]);
    expect(plan).toMatchObject({
      issued: [41, 42],
      receiptSeq: 42,
      mppa: 3_100_000,
      mppaChanged: false,
      corrections: [],
      refusal: null,
    });
  });

  it('refuses to remove a receipted payment, and to change one without a reason', () => {
    const removed = planSheet(current, { payments: [], adjustments: [] }, ctx);
    expect(removed.refusal).toEqual({ kind: 'removed', receiptNo: 17 });
    for (const change of [{ amount: 900_000 }, { date: '2025-09-11' }, { label: 'Versement 1 bis' }]) {
      const plan = planSheet(current, { payments: [{ ...keepA, ...change }], adjustments: [] }, ctx);
      expect(plan.refusal, JSON.stringify(change)).toEqual({ kind: 'unexplained', receiptNo: 17 });
      expect(
        planSheet(current, { payments: [{ ...keepA, ...change, correction: '   ' }], adjustments: [] }, ctx).refusal,
      ).not.toBeNull();
    }
    // The same line sent unchanged (its date left out) is no change.
    expect(
      planSheet(current, { payments: [{ id: A, label: 'Versement 1', amount: 1_000_000 }], adjustments: [] }, ctx)
        .refusal,
    ).toBeNull();
  });

  it('records a correction with its reason; corrected to zero, the receipt stays with the payment', () => {
    const plan = planSheet(
      current,
      {
        mppa: 3_200_000,
        payments: [{ id: A, label: 'Annulé', amount: 0, correction: 'Chèque sans provision' }],
        adjustments: [],
      },
      ctx,
    );
    expect(plan.refusal).toBeNull();
    expect(plan.payments).toEqual([
      { id: A, label: 'Annulé', amount: 0, date: null, receiptNo: 17, recordedBy: 'caisse1' },
    ]);
    expect(plan.corrections).toEqual([
      {
        receiptNo: 17,
        reason: 'Chèque sans provision',
        before: { date: '2025-09-10', label: 'Versement 1', amount: 1_000_000 },
        after: { date: null, label: 'Annulé', amount: 0 },
      },
    ]);
    expect(plan).toMatchObject({ mppa: 3_200_000, mppaChanged: true, issued: [], receiptSeq: 40, adjustments: [] });
  });

  it('never keeps an id twice nor a malformed one', () => {
    const plan = planSheet(
      current,
      {
        payments: [keepA, { id: A, label: 'copie', amount: 100 }, { id: "1' OR 1=1", label: 'y', amount: 100 }],
        adjustments: [
          { id: C, label: 'a', amount: -1 },
          { id: C, label: 'b', amount: -1 },
        ],
      },
      ctx,
    );
    expect(plan.payments.map((p) => [p.id.startsWith('fresh-') ? 'fresh' : p.id, p.receiptNo])).toEqual([
      [A, 17],
      ['fresh', 41],
      ['fresh', 42],
    ]);
    expect(plan.adjustments.map((a) => (a.id.startsWith('fresh-') ? 'fresh' : a.id))).toEqual([C, 'fresh']);
  });
});

describe('planNewPayment: the cashier’s quick path', () => {
  it('appends one payment with the next receipt, today’s date and the cashier, touching nothing else', () => {
    const { payment, sheet } = planNewPayment(current, { id: NEW, label: 'Versement 3', amount: 500_000 }, ctx);
    expect(payment).toEqual({
      id: NEW,
      label: 'Versement 3',
      amount: 500_000,
      date: '2026-02-03',
      receiptNo: 41,
      recordedBy: 'comptable',
    });
    expect(sheet.payments).toEqual([...current.payments, payment]);
    expect(sheet.adjustments).toBe(current.adjustments);
    // An id already on the sheet is not taken over; a date given is kept.
    const again = planNewPayment(current, { id: A, label: 'x', amount: 1, date: '2026-01-31' }, ctx);
    expect(again.payment.id).toMatch(/^fresh-/);
    expect(again.payment.date).toBe('2026-01-31');
    expect(() => planNewPayment(current, { label: 'x', amount: 0 }, ctx)).toThrow(RangeError);
  });
});

describe('balanceAfter: the balance a receipt shows', () => {
  it('is the adjusted MPPA less the payments up to this one, in the order of the sheet', () => {
    const { payment, sheet } = planNewPayment(current, { label: 'Versement 3', amount: 600_000 }, ctx);
    // 31 000 - 15 500 = 15 500 adjusted; 10 000 paid, then 0, then 6 000.
    expect(balanceAfter(sheet, A)).toBe(550_000);
    expect(balanceAfter(sheet, payment.id)).toBe(-50_000);
    expect(balanceAfter(sheet, 'unknown')).toBeNull();
  });
});

describe('audit snapshots', () => {
  it('gives base, adjusted MPPA, paid, balance and every line in decimals', () => {
    expect(sheetSnapshot(current)).toEqual({
      mppa: 31000,
      adjusted_mppa: 15500,
      total_paid: 10000,
      balance: 5500,
      payments: [
        { receipt_no: 17, date: '2025-09-10', label: 'Versement 1', amount: 10000 },
        { receipt_no: null, date: null, label: 'Versement 2', amount: 0 },
      ],
      adjustments: [{ label: 'Bourse 50%', amount: -15500 }],
    });
    const plan = planSheet(
      current,
      { payments: [keepA, { label: 'V', amount: 550_001 }], adjustments: current.adjustments },
      ctx,
    );
    expect(sheetSnapshot(plan)).toMatchObject({ adjusted_mppa: 15500, total_paid: 15500.01, balance: -0.01 });
  });
});
