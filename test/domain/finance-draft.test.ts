// The ledger edit's draft (web/screens/class-finance/draft.ts): blank amounts, corrections of
// receipted payments, and the cashier's lines carried over to a sheet another cashier changed (409).
import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf, newPayment, payloadOf, rebaseDraft } from '../../web/screens/class-finance/draft';
import type { Enrollment } from '../../web/screens/class-finance/model';

const sheet: Enrollment = {
  id: 'e1',
  student_id: 's1',
  year_id: 'y1',
  year_name: '2025-2026',
  className: '9e AF',
  mppa: 31000,
  version: 3,
  grades_access_enabled: true,
  student: { nom: 'Joseph', prenom: 'Marie', nisu: null },
  payments: [
    { id: 'p1', date: '2025-10-01', label: 'Versement 1', amount: 10000, receipt_no: 7, recorded_by: 'comptable' },
    { id: 'p2', date: null, label: 'Prévu', amount: 0, receipt_no: null, recorded_by: null },
  ],
  adjustments: [{ id: 'a1', label: 'Bourse', amount: -5000 }],
};

describe('checkDraft', () => {
  it('refuses a blank amount instead of saving it as 0, and a receipted payment changed without a reason', () => {
    const initial = draftOf(sheet);
    const line = { ...newPayment(3), amountText: '' };
    const blank = checkDraft({ ...initial, payments: [...initial.payments, line] }, initial);
    expect(blank.paymentErrors.get(line.id)).toBe('Saisissez un montant (0 pour un versement prévu).');
    expect(blank.valid).toBe(false);

    const corrected = {
      ...initial,
      payments: [{ ...initial.payments[0]!, correcting: true, amountText: '9000' }, initial.payments[1]!],
    };
    expect(checkDraft(corrected, initial).correctionErrors.get('p1')).toBe('Indiquez le motif de la correction.');
    const explained = {
      ...corrected,
      payments: [{ ...corrected.payments[0]!, correction: 'Erreur de saisie' }, initial.payments[1]!],
    };
    expect(checkDraft(explained, initial).valid).toBe(true);
    expect(payloadOf(explained, initial, sheet.version).payments[0]).toEqual({
      id: 'p1',
      label: 'Versement 1',
      amount: 9000,
      date: '2025-10-01',
      correction: 'Erreur de saisie',
    });
  });
});

describe('rebaseDraft: the cashier’s lines on the fresh sheet after a 409', () => {
  it('adds the added lines, applies the edits, removes the removed lines, keeps the other cashier’s work', () => {
    const initial = draftOf(sheet);
    const added = { ...newPayment(3), label: 'Versement guichet', amountText: '700' };
    const mine = {
      mppaText: '32000',
      payments: [{ ...initial.payments[1]!, amountText: '2500', date: '2026-01-10' }, added],
      adjustments: [],
    };
    // Meanwhile: another cashier added a payment and a fee.
    const fresh: Enrollment = {
      ...sheet,
      version: 4,
      payments: [
        ...sheet.payments,
        { id: 'p3', date: '2026-01-09', label: 'Autre caisse', amount: 300, receipt_no: 8, recorded_by: 'admin' },
      ],
      adjustments: [...sheet.adjustments, { id: 'a2', label: "Frais d'examen", amount: 1500 }],
    };
    const rebased = rebaseDraft(initial, mine, fresh);
    expect(rebased.mppaText).toBe('32000');
    // p1 was removed here but has a receipt: it stays (a receipted payment is never removed).
    expect(rebased.payments.map((p) => [p.id, p.label, p.amountText, p.receiptNo])).toEqual([
      ['p1', 'Versement 1', '10000', 7],
      ['p2', 'Prévu', '2500', null],
      ['p3', 'Autre caisse', '300', 8],
      [added.id, 'Versement guichet', '700', null],
    ]);
    // The scholarship removed here is removed; the other cashier's fee stays.
    expect(rebased.adjustments.map((a) => a.id)).toEqual(['a2']);
  });

  it('opens a line that got a receipt meanwhile for correction, so its change needs a reason', () => {
    const initial = draftOf(sheet);
    const mine = {
      ...initial,
      payments: [initial.payments[0]!, { ...initial.payments[1]!, amountText: '2500', date: '2026-01-10' }],
    };
    const fresh: Enrollment = {
      ...sheet,
      version: 4,
      payments: [
        sheet.payments[0]!,
        { ...sheet.payments[1]!, amount: 2000, date: '2026-01-09', receipt_no: 9, recorded_by: 'admin' },
      ],
    };
    const rebased = rebaseDraft(initial, mine, fresh);
    expect(rebased.payments[1]).toMatchObject({ id: 'p2', amountText: '2500', receiptNo: 9, correcting: true });
    expect(checkDraft(rebased, draftOf(fresh)).correctionErrors.has('p2')).toBe(true);
  });
});
