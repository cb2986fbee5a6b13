import { describe, expect, it } from 'vitest';
import { currentSnapshot, planSheet, type Sheet, sheetSnapshot, sheetVersion } from '../../worker/domain/finance-sheet';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';
const ADJ = '44444444-4444-4444-8444-444444444444';
const NEW = '55555555-5555-4555-8555-555555555555';

const current: Sheet = {
  mppa: 3_100_000,
  payments: [
    { id: A, date: '2025-09-10', label: 'Versement 1', amount: 1_000_000, receiptNo: 17 },
    { id: B, date: null, label: 'Versement 2', amount: 0, receiptNo: null },
  ],
  adjustments: [{ id: ADJ, label: 'Bourse 50%', amount: -1_550_000 }],
};

let counter = 0;
const fresh = () => `fresh-${++counter}`;

describe('planSheet: what a save keeps, renumbers and dates', () => {
  it('keeps current lines with their receipts and numbers new positive payments', () => {
    const plan = planSheet(
      current,
      {
        payments: [
          { id: A, label: 'Versement 1', amount: 1_000_000, date: '2025-09-10' },
          { id: B, label: 'Versement 2', amount: 500_000 },
          { id: NEW, label: 'Versement 3', amount: 250_000, date: '2026-01-15' },
          { label: 'Versement 4', amount: 0, date: '2026-02-01' },
        ],
        adjustments: [{ id: ADJ, label: 'Bourse 50%', amount: -1_550_000 }],
      },
      '2026-02-03',
      fresh,
    );
    expect(plan.payments).toEqual([
      { id: A, label: 'Versement 1', amount: 1_000_000, date: '2025-09-10', receipt: 17 },
      // Zero to positive: a new receipt, dated today.
      { id: B, label: 'Versement 2', amount: 500_000, date: '2026-02-03', receipt: 'new' },
      // A client's UUID for a new line is kept.
      { id: NEW, label: 'Versement 3', amount: 250_000, date: '2026-01-15', receipt: 'new' },
      // A zero payment has no date and no receipt.
      { id: expect.stringMatching(/^fresh-/), label: 'Versement 4', amount: 0, date: null, receipt: null },
    ]);
    expect(plan.adjustments).toEqual([{ id: ADJ, label: 'Bourse 50%', amount: -1_550_000 }]);
    expect(plan.receiptsToIssue).toBe(2);
    expect(plan).toMatchObject({ mppa: 3_100_000, mppaChanged: false });
  });

  it('keeps an issued receipt when the amount is corrected to zero, and changes the base only when sent', () => {
    const plan = planSheet(current, { mppa: 3_200_000, payments: [{ id: A, label: 'Annulé', amount: 0 }], adjustments: [] }, '2026-02-03', fresh);
    expect(plan.payments).toEqual([{ id: A, label: 'Annulé', amount: 0, date: null, receipt: 17 }]);
    expect(plan).toMatchObject({ mppa: 3_200_000, mppaChanged: true, receiptsToIssue: 0, adjustments: [] });
  });

  it('never keeps an id twice nor a malformed one', () => {
    const plan = planSheet(
      current,
      {
        payments: [
          { id: A, label: 'x', amount: 100 },
          { id: A, label: 'copie', amount: 100 },
          { id: "1' OR 1=1", label: 'y', amount: 100 },
        ],
        adjustments: [
          { id: C, label: 'a', amount: -1 },
          { id: C, label: 'b', amount: -1 },
        ],
      },
      '2026-02-03',
      fresh,
    );
    expect(plan.payments.map((p) => [p.id.startsWith('fresh-') ? 'fresh' : p.id, p.receipt])).toEqual([
      [A, 17],
      ['fresh', 'new'],
      ['fresh', 'new'],
    ]);
    expect(plan.adjustments.map((a) => (a.id.startsWith('fresh-') ? 'fresh' : a.id))).toEqual([C, 'fresh']);
  });
});

describe('audit snapshots', () => {
  it('gives base, adjusted MPPA, paid, balance and every line in decimals', () => {
    expect(currentSnapshot(current)).toEqual({
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
    const plan = planSheet(current, { payments: [{ id: A, label: 'V', amount: 1_550_001 }], adjustments: current.adjustments }, '2026-02-03', fresh);
    expect(sheetSnapshot(plan)).toMatchObject({ adjusted_mppa: 15500, total_paid: 15500.01, balance: -0.01 });
  });
});

describe('sheetVersion: the fingerprint of a sheet\'s money', () => {
  it('changes with the base, any amount, any line or their order, and with nothing else', () => {
    const v = sheetVersion(current);
    expect(v).toMatch(/^[0-9a-f]{8}$/);
    expect(sheetVersion({ ...current, payments: current.payments.map((p) => ({ ...p, label: 'autre', date: null, receiptNo: 99 })) })).toBe(v);
    const variants = [
      { ...current, mppa: current.mppa + 1 },
      { ...current, payments: [{ ...current.payments[0]!, amount: 1_000_001 }, current.payments[1]!] },
      { ...current, payments: [...current.payments].reverse() },
      { ...current, payments: current.payments.slice(0, 1) },
      { ...current, adjustments: [] },
      { ...current, adjustments: [{ ...current.adjustments[0]!, id: NEW }] },
    ];
    const versions = variants.map(sheetVersion);
    expect(new Set([v, ...versions]).size).toBe(variants.length + 1);
  });
});
