// Two cashiers, or two phones replaying their offline queue, on one finance sheet (issue 9, "Money
// and data"): a payment is kept or clearly refused, never silently lost, and a receipt number is
// taken only by a payment that is stored.
import { describe, expect, it } from 'vitest';
import type { FinanceEnrollment, SavedPayment } from '../../worker/contract/finance';
import { database } from '../../worker/db/client';
import {
  addPaymentStatements,
  replaceSheetStatements,
  sheetForWrite,
  sheetUnchanged,
} from '../../worker/db/finance-sheets';
import { guardStatement } from '../../worker/db/guards';
import { seedFinance } from './finance-fixture';
import { bodyOf, call, createSchool, type ErrorBody, sql, type TestSchool, tokenFor } from './helpers';

async function cashierSchool() {
  const school = await createSchool();
  const fixture = await seedFinance(school.id, {
    years: ['2025-2026'],
    classNames: ['9e AF'],
    enrolments: [
      { nom: 'Joseph', prenom: 'Marie', className: '9e AF', mppa: 3_100_000, payments: [{ amount: 1_000_000 }] },
      { nom: 'Pierre', prenom: 'Jameson', className: '9e AF', mppa: 3_100_000 },
    ],
  });
  const token = await tokenFor(school, 'comptable');
  const yearId = fixture.yearIds.get('2025-2026')!;
  const sheet = async (id: string) => {
    const res = await call(school, token, 'GET', `/api/enrollments?className=9e%20AF&yearId=${yearId}`);
    return ((await res.json()) as FinanceEnrollment[]).find((e) => e.id === id)!;
  };
  return { school, token, marie: fixture.enrollmentIds[0]!, jameson: fixture.enrollmentIds[1]!, sheet };
}

const kept = (s: FinanceEnrollment) => s.payments.map(({ id, label, amount, date }) => ({ id, label, amount, date }));

/** Every receipt number of the school, and its counter: no gap, no number without its payment. */
async function receipts(school: TestSchool) {
  const rows = await sql(
    school,
    'SELECT receipt_no FROM payments WHERE instance_id = ? AND receipt_no IS NOT NULL ORDER BY receipt_no',
    school.id,
  ).all<{
    receipt_no: number;
  }>();
  const seq = await sql(school, 'SELECT receipt_seq FROM instances WHERE id = ?', school.id).first<{
    receipt_seq: number;
  }>();
  return { numbers: rows.results.map((r) => r.receipt_no), counter: seq!.receipt_seq };
}
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('parallel saves of one finance sheet', () => {
  it('keeps every payment of eight parallel ledger saves, or refuses the others with 409: none silently lost', async () => {
    const { school, token, marie, sheet } = await cashierSchool();
    const opened = await sheet(marie);
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(school, token, 'PUT', `/api/enrollments/${marie}/payments`, {
          version: opened.version,
          payments: [...kept(opened), { label: `Caisse ${i + 1}`, amount: 1000 + i }],
          adjustments: [],
        }),
      ),
    );
    const statuses = saves.map((r) => r.status);
    const accepted = saves.flatMap((r, i) => (r.status === 200 ? [`Caisse ${i + 1}`] : []));
    // Each answer is either stored or refused: the sheet holds exactly the accepted payments.
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(),
    ).toBe(true);
    const now = await sheet(marie);
    expect(
      now.payments
        .slice(1)
        .map((p) => p.label)
        .sort(),
    ).toEqual(accepted.sort());
    // They all started from the same sheet: one wins, the seven others are told to reload.
    expect(accepted).toHaveLength(1);
    for (const refused of saves.filter((r) => r.status === 409)) {
      const body = await bodyOf<ErrorBody & { enrollment: FinanceEnrollment }>(refused);
      expect(body.code).toBe('stale');
      expect(body.message).toBe(
        'La fiche financière de Marie Joseph a été modifiée entre-temps par un autre utilisateur. Rechargez la fiche pour voir ses changements, puis recommencez.',
      );
    }
    expect(await receipts(school)).toEqual({ numbers: oneToN(2), counter: 2 });
  });

  it('stores all eight payments added in parallel with "Nouveau versement", receipts without gaps', async () => {
    const { school, token, marie, jameson, sheet } = await cashierSchool();
    const adds = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(school, token, 'POST', `/api/enrollments/${i % 2 ? marie : jameson}/payments`, {
          amount: 500 + i,
          label: `Caisse ${i + 1}`,
        }),
      ),
    );
    expect(adds.map((r) => r.status)).toEqual(Array(8).fill(201));
    const answers = await Promise.all(adds.map((r) => bodyOf<SavedPayment>(r)));
    expect(answers.map((a) => a.payment.receipt_no!).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    const [m, j] = [await sheet(marie), await sheet(jameson)];
    expect(m.payments.map((p) => p.label).sort()).toEqual([
      'Caisse 2',
      'Caisse 4',
      'Caisse 6',
      'Caisse 8',
      'Versement 1',
    ]);
    expect(j.payments.map((p) => p.label).sort()).toEqual(['Caisse 1', 'Caisse 3', 'Caisse 5', 'Caisse 7']);
    // Each write moved the sheet's revision by one.
    expect([m.version, j.version]).toEqual([4, 4]);
    expect(await receipts(school)).toEqual({ numbers: oneToN(9), counter: 9 });
  });
});

describe('offline replays from two phones on one sheet', () => {
  it('keeps both quick payments', async () => {
    const { school, token, marie, sheet } = await cashierSchool();
    const other = await tokenFor(school, 'secretaire');
    const first = await call(
      school,
      token,
      'POST',
      `/api/enrollments/${marie}/payments`,
      { amount: 2500, date: '2025-11-02' },
      { 'Idempotency-Key': 'phone-a-0001' },
    );
    const second = await call(
      school,
      other,
      'POST',
      `/api/enrollments/${marie}/payments`,
      { amount: 1500, date: '2025-11-02' },
      { 'Idempotency-Key': 'phone-b-0001' },
    );
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await sheet(marie)).payments.map((p) => [p.amount, p.receipt_no])).toEqual([
      [10000, 1],
      [2500, 2],
      [1500, 3],
    ]);
  });

  it('refuses the second ledger save made on the same sheet, with a French message naming the pupil, and writes nothing', async () => {
    const { school, token, marie, sheet } = await cashierSchool();
    const opened = await sheet(marie);
    const phoneA = {
      version: opened.version,
      payments: [...kept(opened), { label: 'Téléphone A', amount: 2500 }],
      adjustments: [],
    };
    const phoneB = {
      version: opened.version,
      payments: [...kept(opened), { label: 'Téléphone B', amount: 1500 }],
      adjustments: [],
    };
    expect(
      (
        await call(school, token, 'PUT', `/api/enrollments/${marie}/payments`, phoneA, {
          'Idempotency-Key': 'phone-a-0002',
        })
      ).status,
    ).toBe(200);
    const audit = await sql(school, 'SELECT count(*) AS n FROM audit_log WHERE instance_id = ?', school.id).first<{
      n: number;
    }>();
    const refused = await call(school, token, 'PUT', `/api/enrollments/${marie}/payments`, phoneB, {
      'Idempotency-Key': 'phone-b-0002',
    });
    expect(refused.status).toBe(409);
    const body = await bodyOf<ErrorBody & { enrollment: FinanceEnrollment }>(refused);
    expect(body.message).toContain('La fiche financière de Marie Joseph a été modifiée entre-temps');
    // The refusal carries the sheet as it is now, so the panel can put the cashier's lines back on it.
    expect(body.enrollment.payments.map((p) => p.label)).toEqual(['Versement 1', 'Téléphone A']);
    expect(body.enrollment.version).toBe(opened.version + 1);
    expect((await sheet(marie)).payments.map((p) => p.label)).toEqual(['Versement 1', 'Téléphone A']);
    expect(
      await sql(school, 'SELECT count(*) AS n FROM audit_log WHERE instance_id = ?', school.id).first<{ n: number }>(),
    ).toEqual(audit);
    expect(await receipts(school)).toEqual({ numbers: oneToN(2), counter: 2 });
  });
});

describe('receipt numbers', () => {
  it('are taken only by stored payments: refused writes leave no gap', async () => {
    const { school, token, marie, jameson, sheet } = await cashierSchool();
    const opened = await sheet(jameson);
    const add = (body: unknown) => call(school, token, 'PUT', `/api/enrollments/${jameson}/payments`, body);
    // Refused for a stale version, for an adjusted MPPA below zero, for a bad date: no number burnt.
    expect(
      (await add({ version: opened.version + 7, payments: [{ label: 'x', amount: 10 }], adjustments: [] })).status,
    ).toBe(409);
    expect(
      (
        await add({
          version: opened.version,
          payments: [{ label: 'x', amount: 10 }],
          adjustments: [{ label: 'Bourse', amount: -40000 }],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await add({
          version: opened.version,
          payments: [{ label: 'x', amount: 10, date: '2025-02-30' }],
          adjustments: [],
        })
      ).status,
    ).toBe(400);
    // Refused for removing a receipted payment of another sheet.
    const marieSheet = await sheet(marie);
    expect(
      (
        await call(school, token, 'PUT', `/api/enrollments/${marie}/payments`, {
          version: marieSheet.version,
          payments: [{ label: 'autre', amount: 5 }],
          adjustments: [],
        })
      ).status,
    ).toBe(400);
    expect(await receipts(school)).toEqual({ numbers: [1], counter: 1 });
    // The next stored payments take 2 and 3.
    expect(
      (
        await add({
          version: opened.version,
          payments: [
            { label: 'a', amount: 10 },
            { label: 'b', amount: 20 },
          ],
          adjustments: [],
        })
      ).status,
    ).toBe(200);
    expect((await call(school, token, 'POST', `/api/enrollments/${marie}/payments`, { amount: 30 })).status).toBe(201);
    expect(await receipts(school)).toEqual({ numbers: oneToN(4), counter: 4 });
  });

  it('moves the revision when the base MPPA changes elsewhere, so a ledger opened before is refused', async () => {
    const { school, token, marie, sheet } = await cashierSchool();
    const opened = await sheet(marie);
    // The base MPPA changed by another screen (student form, class change) moves the revision too.
    await sql(school, 'UPDATE enrollments SET mppa = mppa + 100 WHERE id = ?', marie).run();
    const res = await call(school, token, 'PUT', `/api/enrollments/${marie}/payments`, {
      version: opened.version,
      payments: [...kept(opened), { label: 'Versement 2', amount: 1000 }],
      adjustments: [],
    });
    expect(res.status).toBe(409);
    expect((await sheet(marie)).version).toBe(opened.version + 1);
    expect((await sheet(marie)).payments).toHaveLength(1);
    expect(await receipts(school)).toEqual({ numbers: [1], counter: 1 });
  });
});

describe('the guards inside the batch (real D1)', () => {
  const state = async (school: TestSchool, id: string) => ({
    payments: (
      await sql(
        school,
        'SELECT id, amount, receipt_no FROM payments WHERE enrollment_id = ? ORDER BY position',
        id,
      ).all()
    ).results,
    enrollment: await sql(school, 'SELECT mppa, revision FROM enrollments WHERE id = ?', id).first(),
    ...(await receipts(school)),
  });

  it('roll the whole batch back when the revision or the receipt counter moved after the read', async () => {
    const { school, marie } = await cashierSchool();
    const db = database(school.db);
    const found = (await sheetForWrite(db, school.id, marie))!;
    const base = { revision: found.record.revision, receiptSeq: found.receiptSeq };
    const payment = {
      id: crypto.randomUUID(),
      label: 'Versement 2',
      amount: 100_000,
      date: '2025-11-02',
      receiptNo: 2,
      recordedBy: 'comptable',
    };
    // What commit() sends: the guards first, then the write.
    const guarded = (receiptSeq: number, statements: unknown[]) => [
      ...sheetUnchanged(school.id, marie, base, receiptSeq).map((holds) => guardStatement(db, holds)),
      ...statements,
    ];
    const ledger = () =>
      guarded(
        2,
        replaceSheetStatements(db, school.id, marie, base, {
          mppa: 3_000_000,
          payments: [...found.record.payments, payment],
          adjustments: [],
          receiptSeq: 2,
        }),
      );

    // Another write lands between the read and this batch: nothing of the batch stays.
    await sql(school, 'UPDATE enrollments SET revision = revision + 1 WHERE id = ?', marie).run();
    const before = await state(school, marie);
    await expect(db.batch(ledger() as never)).rejects.toThrow(/write_guard_failed/);
    await expect(
      db.batch(guarded(2, addPaymentStatements(db, school.id, marie, base, payment, 1)) as never),
    ).rejects.toThrow(/write_guard_failed/);
    expect(await state(school, marie)).toEqual(before);

    // Same revision, but another sheet of the school took a receipt number meanwhile.
    await sql(school, 'UPDATE enrollments SET revision = revision - 1 WHERE id = ?', marie).run();
    await sql(school, 'UPDATE instances SET receipt_seq = receipt_seq + 1 WHERE id = ?', school.id).run();
    const moved = await state(school, marie);
    await expect(db.batch(ledger() as never)).rejects.toThrow(/write_guard_failed/);
    expect(await state(school, marie)).toEqual(moved);

    // Nothing moved: the batch goes through and the revision moves by one.
    await sql(school, 'UPDATE instances SET receipt_seq = receipt_seq - 1 WHERE id = ?', school.id).run();
    await db.batch(ledger() as never);
    expect(await state(school, marie)).toMatchObject({
      enrollment: { mppa: 3_000_000, revision: base.revision + 1 },
      numbers: [1, 2],
      counter: 2,
    });
    expect(await sql(school, 'SELECT count(*) AS n FROM write_guards').first()).toEqual({ n: 0 });
  });
});
