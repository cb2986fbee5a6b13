// Class roster, finance sheet saves (payments, adjustments, receipts, audit, idempotency) and
// grades access (document 2 §4, §7; product decisions, "Money").
import { describe, expect, it } from 'vitest';
import type { FinanceEnrollment, SavedPayment, SavedSheet } from '../../worker/contract/finance';
import { schoolToday } from '../../worker/domain/dates';
import { financeTotals, toCentimes } from '../../worker/domain/money';
import { seedFinance } from './finance-fixture';
import { bodyOf, call, createSchool, schoolD1, sql, type TestSchool, tokenFor } from './helpers';

const STAFF = [
  { username: 'admin', type: 'admin' as const },
  { username: 'secretaire', type: 'standard' as const, templates: ['secretary' as const] },
  { username: 'comptable', type: 'standard' as const, templates: ['accountant' as const] },
  { username: 'bulletins', type: 'standard' as const, templates: ['report_cards' as const] },
  { username: 'viescolaire', type: 'standard' as const, templates: ['school_life' as const] },
  { username: 'prof', type: 'teacher' as const },
  { username: 'eleve', type: 'student' as const },
];

/** A school with 9e AF (3 students) and NS I (1 student) in 2025-2026 (in the school database `shard`, or the next). */
async function financeSchool(shard?: string) {
  const school = await createSchool({ users: STAFF, shard });
  const fixture = await seedFinance(school.id, {
    years: ['2025-2026'],
    classNames: ['9e AF', 'NS I'],
    enrolments: [
      {
        nom: 'Joseph',
        prenom: 'Marie',
        nisu: 'JOMA20110402F1234567',
        className: '9e AF',
        mppa: 3_100_000,
        payments: [{ amount: 1_000_000 }],
      },
      {
        nom: 'Étienne',
        prenom: 'Wideline',
        className: '9e AF',
        mppa: 3_100_000,
        adjustments: [{ amount: -1_550_000, label: 'Bourse 50%' }],
      },
      { nom: 'Casséus', prenom: 'Ricardo', className: '9e AF', mppa: 3_100_000 },
      { nom: 'Pierre', prenom: 'Jameson', className: 'NS I', mppa: 3_500_000 },
    ],
  });
  return { school, fixture, yearId: fixture.yearIds.get('2025-2026')! };
}

const roster = async (school: TestSchool, token: string, className: string, yearId: string) => {
  const res = await call(
    school,
    token,
    'GET',
    `/api/enrollments?className=${encodeURIComponent(className)}&yearId=${yearId}`,
  );
  expect(res.status).toBe(200);
  return bodyOf<FinanceEnrollment[]>(res);
};

const auditRows = async (instanceId: string) =>
  sql(
    await schoolD1(instanceId),
    'SELECT action_type, target_name, details, username FROM audit_log WHERE instance_id = ? ORDER BY id',
    instanceId,
  )
    .all<{ action_type: string; target_name: string; details: string; username: string }>()
    .then((r) => r.results);

const paymentRows = async (instanceId: string) =>
  sql(
    await schoolD1(instanceId),
    'SELECT id, enrollment_id, amount, date, label, receipt_no, position FROM payments WHERE instance_id = ? ORDER BY receipt_no, id',
    instanceId,
  )
    .all()
    .then((r) => r.results);

const receiptSeq = async (instanceId: string) =>
  sql(await schoolD1(instanceId), 'SELECT receipt_seq FROM instances WHERE id = ?', instanceId)
    .first<{ receipt_seq: number }>()
    .then((r) => r!.receipt_seq);

describe('class roster (GET /api/enrollments)', () => {
  it('lists the enrolled students of a class with their money in decimals, by name', async () => {
    const { school, yearId } = await financeSchool();
    const list = await roster(school, await tokenFor(school, 'comptable'), '9e AF', yearId);
    expect(list.map((e) => `${e.student.nom} ${e.student.prenom}`)).toEqual([
      'Casséus Ricardo',
      'Étienne Wideline',
      'Joseph Marie',
    ]);
    const marie = list[2]!;
    expect(marie).toMatchObject({
      year_name: '2025-2026',
      className: '9e AF',
      mppa: 31000,
      grades_access_enabled: true,
      student: { nom: 'Joseph', prenom: 'Marie', nisu: 'JOMA20110402F1234567' },
      adjustments: [],
    });
    expect(marie.payments).toEqual([
      {
        id: expect.any(String),
        date: '2025-10-01',
        label: 'Versement 1',
        amount: 10000,
        receipt_no: 1,
        recorded_by: null,
      },
    ]);
    expect(marie.version).toBe(0);
    expect(list[1]!.adjustments).toEqual([{ id: expect.any(String), label: 'Bourse 50%', amount: -15500 }]);
    expect(list[0]!.student.nisu).toBeNull();
    // The class name is matched without regard to case, as typed in an address.
    expect(await roster(school, await tokenFor(school, 'comptable'), '9E af', yearId)).toHaveLength(3);
  });

  it('answers 404 for an unknown class or year, and for another school’s class', async () => {
    const { school, yearId } = await financeSchool();
    const other = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const unknownClass = await call(school, token, 'GET', `/api/enrollments?className=Philo&yearId=${yearId}`);
    expect(unknownClass.status).toBe(404);
    expect(await bodyOf(unknownClass)).toEqual({ message: 'Classe introuvable.', code: 'not_found' });
    const otherYear = await call(school, token, 'GET', `/api/enrollments?className=9e%20AF&yearId=${other.yearId}`);
    expect(otherYear.status).toBe(404);
    expect((await bodyOf(otherYear)).message).toBe('Année scolaire introuvable.');
    const missing = await call(school, token, 'GET', '/api/enrollments?className=9e%20AF');
    expect(missing.status).toBe(400);
    expect((await bodyOf(missing)).message).toBe("L'année scolaire est requise.");
  });

  it('is read by cashiers, grades-access managers and report readers only', async () => {
    const { school, yearId } = await financeSchool();
    const path = `/api/enrollments?className=9e%20AF&yearId=${yearId}`;
    for (const username of ['admin', 'secretaire', 'comptable', 'bulletins']) {
      expect((await call(school, await tokenFor(school, username), 'GET', path)).status, username).toBe(200);
    }
    for (const username of ['viescolaire', 'prof', 'eleve']) {
      expect((await call(school, await tokenFor(school, username), 'GET', path)).status, username).toBe(403);
    }
  });

  it('weighs at most 10 KB compressed for a class of 60 with payments and adjustments', async () => {
    const school = await createSchool({ users: STAFF });
    const enrolments = Array.from({ length: 60 }, (_, i) => ({
      nom: `Toussaint-${i}`,
      prenom: `Jean-Baptiste ${i}`,
      nisu: `TOJE2011040${i % 10}M${String(1_000_000 + i)}`,
      className: 'NS II',
      mppa: 3_800_000,
      payments: [{ amount: 1_500_000 }, { amount: 1_000_000 }, { amount: 500_050 }].slice(0, 1 + (i % 3)),
      adjustments: i % 5 === 0 ? [{ amount: -380_000, label: 'Réduction fratrie' }] : [],
    }));
    const { yearIds } = await seedFinance(school.id, { years: ['2025-2026'], classNames: ['NS II'], enrolments });
    const res = await call(
      school,
      await tokenFor(school, 'comptable'),
      'GET',
      `/api/enrollments?className=NS%20II&yearId=${yearIds.get('2025-2026')}`,
    );
    const text = await res.text();
    expect((JSON.parse(text) as unknown[]).length).toBe(60);
    const gzipped = await new Response(
      new Blob([text]).stream().pipeThrough(new CompressionStream('gzip')),
    ).arrayBuffer();
    expect(gzipped.byteLength).toBeLessThanOrEqual(10 * 1024);
  });
});

const sheetOf = async (school: TestSchool, token: string, className: string, yearId: string, id: string) =>
  (await roster(school, token, className, yearId)).find((e) => e.id === id)!;

const linesOf = (e: FinanceEnrollment) =>
  e.payments.map(({ id, label, amount, date }) => ({ id, label, amount, date }));

describe('finance sheet (PUT /api/enrollments/{id}/payments)', () => {
  it('records instalments and a scholarship, numbering new receipts from the school counter', async () => {
    const { school, fixture, yearId } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const casseus = fixture.enrollmentIds[2]!;
    expect(await receiptSeq(school.id)).toBe(1);
    const opened = await sheetOf(school, token, '9e AF', yearId, casseus);
    expect(opened.version).toBe(0);

    const res = await call(school, token, 'PUT', `/api/enrollments/${casseus}/payments`, {
      version: opened.version,
      mppa: 31000,
      payments: [
        { label: 'Versement 1', amount: 5000, date: '2025-09-15' },
        { label: 'Versement 2', amount: 0.1 + 0.2 },
        { label: 'À venir', amount: 0, date: '2026-01-10' },
        { label: 'Versement 3', amount: 4999.695 },
      ],
      adjustments: [{ label: 'Bourse 25%', amount: -7750 }],
    });
    expect(res.status).toBe(200);
    const answer = await bodyOf<SavedSheet>(res);
    expect(answer.message).toBe('Fiche financière mise à jour.');

    const today = schoolToday();
    const ricardo = await sheetOf(school, token, '9e AF', yearId, casseus);
    // The answer is the saved sheet: the screen uses it instead of reading the class again.
    expect(answer.enrollment).toEqual(ricardo);
    expect(ricardo.version).toBe(1);
    expect(ricardo.payments).toEqual([
      {
        id: expect.any(String),
        label: 'Versement 1',
        amount: 5000,
        date: '2025-09-15',
        receipt_no: 2,
        recorded_by: 'comptable',
      },
      // 0.1 + 0.2 is 30 centimes; a positive payment without a date is dated today.
      {
        id: expect.any(String),
        label: 'Versement 2',
        amount: 0.3,
        date: today,
        receipt_no: 3,
        recorded_by: 'comptable',
      },
      // A zero payment has neither date nor receipt.
      { id: expect.any(String), label: 'À venir', amount: 0, date: null, receipt_no: null, recorded_by: null },
      {
        id: expect.any(String),
        label: 'Versement 3',
        amount: 4999.7,
        date: today,
        receipt_no: 4,
        recorded_by: 'comptable',
      },
    ]);
    expect(ricardo.adjustments).toEqual([{ id: expect.any(String), label: 'Bourse 25%', amount: -7750 }]);
    expect(await receiptSeq(school.id)).toBe(4);

    // The second save keeps the lines it names (and their receipts); a payment going from zero to
    // positive gets the next number. Receipted payments are corrected with a reason, never dropped:
    // corrected to zero, the date is cleared and the receipt number stays with its payment.
    const [v1, v2, coming, v3] = ricardo.payments;
    const again = await call(
      school,
      await tokenFor(school, 'secretaire'),
      'PUT',
      `/api/enrollments/${casseus}/payments`,
      {
        version: ricardo.version,
        payments: [
          { id: v1!.id, label: 'Versement 1', amount: 5000, date: v1!.date },
          { id: coming!.id, label: 'Versement 4', amount: 2000 },
          { id: v2!.id, label: 'Versement 2 (corrigé)', amount: 0, correction: 'Erreur de saisie' },
          { id: v3!.id, label: 'Versement 3', amount: 0, correction: 'Chèque refusé' },
        ],
        adjustments: [{ id: ricardo.adjustments[0]!.id, label: 'Bourse 25%', amount: -7750 }],
      },
    );
    expect(again.status).toBe(200);
    const after = await sheetOf(school, token, '9e AF', yearId, casseus);
    expect(after.payments.map((p) => [p.id, p.label, p.amount, p.date, p.receipt_no, p.recorded_by])).toEqual([
      [v1!.id, 'Versement 1', 5000, '2025-09-15', 2, 'comptable'],
      [coming!.id, 'Versement 4', 2000, today, 5, 'secretaire'],
      [v2!.id, 'Versement 2 (corrigé)', 0, null, 3, 'comptable'],
      [v3!.id, 'Versement 3', 0, null, 4, 'comptable'],
    ]);
    expect(after.mppa).toBe(31000);
    expect(await receiptSeq(school.id)).toBe(5);
    expect((await paymentRows(school.id)).map((p) => p.receipt_no)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the UUID a client gave a new line, so a second queued save finds it and its receipt', async () => {
    const { school, fixture, yearId } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const target = fixture.enrollmentIds[3]!;
    const lineId = crypto.randomUUID();
    const scholarshipId = crypto.randomUUID();
    const first = {
      version: 0,
      payments: [{ id: lineId, label: 'Versement 1', amount: 12000 }],
      adjustments: [{ id: scholarshipId, label: 'Bourse', amount: -3500 }],
    };
    expect((await call(school, token, 'PUT', `/api/enrollments/${target}/payments`, first)).status).toBe(200);
    // Queued after the first (offline), it names the revision the first one makes; the line has a
    // receipt by then, so the change is a correction.
    const second = {
      version: 1,
      payments: [{ id: lineId, label: 'Versement 1', amount: 12500, correction: 'Modifié avant synchronisation' }],
      adjustments: first.adjustments,
    };
    expect((await call(school, token, 'PUT', `/api/enrollments/${target}/payments`, second)).status).toBe(200);
    const jameson = (await roster(school, token, 'NS I', yearId))[0]!;
    expect(jameson.payments).toEqual([
      {
        id: lineId,
        label: 'Versement 1',
        amount: 12500,
        date: expect.any(String),
        receipt_no: 2,
        recorded_by: 'comptable',
      },
    ]);
    expect(jameson.adjustments).toEqual([{ id: scholarshipId, label: 'Bourse', amount: -3500 }]);
    expect(await receiptSeq(school.id)).toBe(2);
    // Another enrolment's payment id cannot be taken over: the new line gets a fresh id.
    const marie = await sheetOf(school, token, '9e AF', yearId, fixture.enrollmentIds[0]!);
    const taken = await call(school, token, 'PUT', `/api/enrollments/${marie.id}/payments`, {
      version: marie.version,
      payments: [...linesOf(marie), { id: lineId, label: 'Autre', amount: 1 }],
      adjustments: [],
    });
    expect(taken.status).toBe(200);
    const added = (await bodyOf<SavedSheet>(taken)).enrollment.payments.at(-1)!;
    expect(added).toMatchObject({ label: 'Autre', amount: 1, receipt_no: 3 });
    expect(added.id).not.toBe(lineId);
    expect((await roster(school, token, 'NS I', yearId))[0]!.payments).toEqual(jameson.payments);
    expect(await receiptSeq(school.id)).toBe(3);
  });

  it("takes a fresh id for a line whose client id is another school's, revealing nothing (no 409)", async () => {
    const { school, fixture, yearId } = await financeSchool();
    // In the same database: an id is unique within a database (decisions 001, 251).
    const other = await financeSchool(school.shard);
    const [foreignPayment] = await paymentRows(other.school.id);
    const foreignId = String(foreignPayment!.id);
    const token = await tokenFor(school, 'comptable');
    const marie = await sheetOf(school, token, '9e AF', yearId, fixture.enrollmentIds[0]!);
    const ledger = await call(school, token, 'PUT', `/api/enrollments/${marie.id}/payments`, {
      version: marie.version,
      payments: [...linesOf(marie), { id: foreignId, label: 'Versement 2', amount: 50 }],
      adjustments: [{ id: foreignId, label: 'Frais', amount: 10 }],
    });
    expect(ledger.status).toBe(200);
    const saved = (await bodyOf<SavedSheet>(ledger)).enrollment;
    expect(saved.payments.at(-1)).toMatchObject({ label: 'Versement 2', amount: 50, receipt_no: 2 });
    expect(saved.payments.at(-1)!.id).not.toBe(foreignId);
    expect(saved.adjustments[0]!.id).not.toBe(foreignId);
    const quick = await call(school, token, 'POST', `/api/enrollments/${marie.id}/payments`, {
      id: foreignId,
      amount: 25,
    });
    expect(quick.status).toBe(201);
    const payment = (await bodyOf<SavedPayment>(quick)).payment;
    expect(payment).toMatchObject({ amount: 25, receipt_no: 3 });
    expect(payment.id).not.toBe(foreignId);
    // The other school's payment is untouched.
    expect(await paymentRows(other.school.id)).toEqual([foreignPayment]);
    expect(await receiptSeq(other.school.id)).toBe(1);
  });

  it('refuses a save made on a sheet someone changed meanwhile, so no payment is dropped', async () => {
    const { school, fixture, yearId } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const marie = fixture.enrollmentIds[0]!;
    const opened = await sheetOf(school, token, '9e AF', yearId, marie);
    const kept = linesOf(opened);
    // Two cashiers opened the same sheet; the first records a payment.
    const first = await call(school, token, 'PUT', `/api/enrollments/${marie}/payments`, {
      version: opened.version,
      payments: [...kept, { label: 'Versement 2', amount: 5000 }],
      adjustments: [],
    });
    expect(first.status).toBe(200);
    // The second, still on the old sheet, would drop it: refused.
    const second = await call(
      school,
      await tokenFor(school, 'secretaire'),
      'PUT',
      `/api/enrollments/${marie}/payments`,
      {
        version: opened.version,
        payments: [...kept, { label: 'Versement 2 bis', amount: 7000 }],
        adjustments: [],
      },
    );
    expect(second.status).toBe(409);
    const now = await sheetOf(school, token, '9e AF', yearId, marie);
    expect(await bodyOf(second)).toEqual({
      message:
        'La fiche financière de Marie Joseph a été modifiée entre-temps par un autre utilisateur. Rechargez la fiche pour voir ses changements, puis recommencez.',
      code: 'stale',
      enrollment: now,
    });
    expect(now.payments.map((p) => p.amount)).toEqual([10000, 5000]);
    expect(now.version).toBe(opened.version + 1);
    // With the fresh version the save goes through.
    const retry = await call(school, token, 'PUT', `/api/enrollments/${marie}/payments`, {
      version: now.version,
      payments: [...linesOf(now), { label: 'Versement 3', amount: 7000 }],
      adjustments: [],
    });
    expect(retry.status).toBe(200);
    expect(await receiptSeq(school.id)).toBe(3);
    // Without a version (document 2's {payments, adjustments}, decision 195) the save applies to
    // the sheet as it is when read; the panel always sends its version.
    const latest = await sheetOf(school, token, '9e AF', yearId, marie);
    const unversioned = await call(school, token, 'PUT', `/api/enrollments/${marie}/payments`, {
      payments: [...linesOf(latest), { label: 'Versement 4', amount: 1000 }],
      adjustments: [],
    });
    expect(unversioned.status).toBe(200);
    expect((await sheetOf(school, token, '9e AF', yearId, marie)).version).toBe(latest.version + 1);
  });

  it('never removes a receipted payment, and changes one only as a correction with its reason, audited', async () => {
    const { school, fixture, yearId } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const marie = await sheetOf(school, token, '9e AF', yearId, fixture.enrollmentIds[0]!);
    const [paid] = linesOf(marie);
    const path = `/api/enrollments/${marie.id}/payments`;
    const removed = await call(school, token, 'PUT', path, { version: marie.version, payments: [], adjustments: [] });
    expect(removed.status).toBe(400);
    expect(await bodyOf(removed)).toEqual({
      message:
        "Le versement du reçu n° 1 ne peut pas être supprimé : corrigez son montant (0 pour l'annuler) en indiquant le motif.",
      code: 'receipt_locked',
    });
    for (const change of [{ amount: 9000 }, { date: '2025-10-02' }, { label: 'Versement 1 bis' }]) {
      const silent = await call(school, token, 'PUT', path, {
        version: marie.version,
        payments: [{ ...paid, ...change }],
        adjustments: [],
      });
      expect(silent.status, JSON.stringify(change)).toBe(400);
      expect((await bodyOf(silent)).message).toBe(
        'Le versement du reçu n° 1 a déjà un reçu : indiquez le motif de la correction.',
      );
    }
    const corrected = await call(school, token, 'PUT', path, {
      version: marie.version,
      payments: [{ ...paid, amount: 9000, correction: 'Montant mal saisi (reçu papier : 9 000)' }],
      adjustments: [],
    });
    expect(corrected.status).toBe(200);
    const rows = (await auditRows(school.id)).filter((r) => r.action_type === 'CORRECT_PAYMENTS');
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.details).corrections).toEqual([
      {
        receipt_no: 1,
        reason: 'Montant mal saisi (reçu papier : 9 000)',
        before: { date: '2025-10-01', label: 'Versement 1', amount: 10000 },
        after: { date: '2025-10-01', label: 'Versement 1', amount: 9000 },
      },
    ]);
    expect((await sheetOf(school, token, '9e AF', yearId, marie.id)).payments[0]).toMatchObject({
      amount: 9000,
      receipt_no: 1,
    });
  });

  it('saves a full sheet of 100 payments and 50 adjustments in one batch, receipts contiguous', async () => {
    const { school, fixture, yearId } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const target = fixture.enrollmentIds[3]!;
    const res = await call(school, token, 'PUT', `/api/enrollments/${target}/payments`, {
      version: 0,
      payments: Array.from({ length: 100 }, (_, i) => ({ label: `Versement ${i + 1}`, amount: 100.01 })),
      adjustments: Array.from({ length: 50 }, (_, i) => ({ label: `Ajustement ${i + 1}`, amount: -0.01 })),
    });
    expect(res.status).toBe(200);
    const saved = (await roster(school, token, 'NS I', yearId))[0]!;
    expect(saved.payments.map((p) => p.receipt_no)).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
    expect(saved.payments.reduce((sum, p) => sum + Math.round(p.amount * 100), 0)).toBe(1_000_100);
    expect(saved.adjustments).toHaveLength(50);
    expect(await receiptSeq(school.id)).toBe(101);
    const tooMany = await call(school, token, 'PUT', `/api/enrollments/${target}/payments`, {
      version: 1,
      payments: Array.from({ length: 101 }, () => ({ label: 'x', amount: 1 })),
      adjustments: [],
    });
    expect(tooMany.status).toBe(400);
    expect((await bodyOf(tooMany)).message).toBe('Trop de versements sur une même fiche (100 au plus).');
  });

  it('audits the amounts before and after', async () => {
    const { school, fixture, yearId } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const marie = await sheetOf(school, token, '9e AF', yearId, fixture.enrollmentIds[0]!);
    const res = await call(school, token, 'PUT', `/api/enrollments/${marie.id}/payments`, {
      version: marie.version,
      mppa: 32000,
      payments: [...linesOf(marie), { label: 'Versement 2', amount: 12000.5, date: '2026-01-12' }],
      adjustments: [{ label: "Frais d'examen", amount: 1500 }],
    });
    expect(res.status).toBe(200);
    const rows = (await auditRows(school.id)).filter((r) => r.action_type === 'UPDATE_PAYMENTS');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'comptable', target_name: 'Marie Joseph (9e AF, 2025-2026)' });
    const details = JSON.parse(rows[0]!.details);
    expect(details).toEqual({
      enrollment_id: marie.id,
      receipts_issued: [2],
      before: {
        mppa: 31000,
        adjusted_mppa: 31000,
        total_paid: 10000,
        balance: 21000,
        payments: [{ receipt_no: 1, date: '2025-10-01', label: 'Versement 1', amount: 10000 }],
        adjustments: [],
      },
      after: {
        mppa: 32000,
        adjusted_mppa: 33500,
        total_paid: 22000.5,
        balance: 11499.5,
        payments: [
          { receipt_no: 1, date: '2025-10-01', label: 'Versement 1', amount: 10000 },
          { receipt_no: 2, date: '2026-01-12', label: 'Versement 2', amount: 12000.5 },
        ],
        adjustments: [{ label: "Frais d'examen", amount: 1500 }],
      },
    });
  });

  it('changes nothing when replayed with the same Idempotency-Key', async () => {
    const { school, fixture } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const target = fixture.enrollmentIds[3]!;
    const body = {
      version: 0,
      payments: [
        { label: 'Versement 1', amount: 10000 },
        { label: 'Versement 2', amount: 5000 },
      ],
      adjustments: [{ label: 'Réduction', amount: -2500 }],
    };
    const headers = { 'Idempotency-Key': 'finance-replay-0001' };
    const first = await call(school, token, 'PUT', `/api/enrollments/${target}/payments`, body, headers);
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    const snapshot = {
      payments: await paymentRows(school.id),
      adjustments: (await sql(school, 'SELECT * FROM adjustments WHERE instance_id = ? ORDER BY id', school.id).all())
        .results,
      seq: await receiptSeq(school.id),
      audit: (await auditRows(school.id)).length,
    };
    expect(snapshot.seq).toBe(3);

    const replay = await call(school, token, 'PUT', `/api/enrollments/${target}/payments`, body, headers);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.text()).toBe(firstBody);
    expect({
      payments: await paymentRows(school.id),
      adjustments: (await sql(school, 'SELECT * FROM adjustments WHERE instance_id = ? ORDER BY id', school.id).all())
        .results,
      seq: await receiptSeq(school.id),
      audit: (await auditRows(school.id)).length,
    }).toEqual(snapshot);

    // The same key with another payload is refused.
    const other = await call(
      school,
      token,
      'PUT',
      `/api/enrollments/${target}/payments`,
      { ...body, adjustments: [] },
      headers,
    );
    expect(other.status).toBe(422);
    expect(await receiptSeq(school.id)).toBe(3);
  });

  it('numbers receipts per school, unique and increasing, across concurrent saves', async () => {
    const { school, fixture, yearId } = await financeSchool();
    const other = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const sheets = await Promise.all([
      ...(await roster(school, token, '9e AF', yearId)),
      ...(await roster(school, token, 'NS I', yearId)),
    ]);
    const saves = fixture.enrollmentIds.map((id, i) => {
      const sheet = sheets.find((s) => s.id === id)!;
      return call(school, token, 'PUT', `/api/enrollments/${id}/payments`, {
        version: sheet.version,
        payments: [
          ...linesOf(sheet),
          ...Array.from({ length: i + 1 }, (_, k) => ({ label: `Versement ${k + 1}`, amount: 1000 + k })),
        ],
        adjustments: sheet.adjustments,
      });
    });
    // Each save is on its own sheet: all go through, whatever their order.
    expect((await Promise.all(saves)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rows = (await paymentRows(school.id)) as { enrollment_id: string; receipt_no: number; position: number }[];
    // The seeded receipt 1 stays with Marie's payment: 2..11 are the ten new ones.
    expect(rows.map((r) => r.receipt_no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(await receiptSeq(school.id)).toBe(11);
    // Within an enrolment the numbers follow the order of the lines.
    for (const id of fixture.enrollmentIds) {
      const own = rows.filter((r) => r.enrollment_id === id).sort((a, b) => a.position - b.position);
      expect(own.map((r) => r.receipt_no)).toEqual([...own.map((r) => r.receipt_no)].sort((a, b) => a - b));
    }
    // The other school's counter did not move.
    expect(await receiptSeq(other.school.id)).toBe(1);
  });

  it('refuses negative payments, an adjusted MPPA below zero and bad dates, changing nothing', async () => {
    const { school, fixture } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const path = `/api/enrollments/${fixture.enrollmentIds[3]}/payments`;
    const cases: [unknown, string][] = [
      [
        { payments: [{ label: 'x', amount: -1 }], adjustments: [] },
        "Le montant d'un versement ne peut pas être négatif.",
      ],
      [
        { payments: [], adjustments: [{ label: 'Bourse', amount: -35000.01 }] },
        'Le MPPA ajusté ne peut pas être négatif.',
      ],
      [{ mppa: -5, payments: [], adjustments: [] }, 'Le MPPA de base ne peut pas être négatif.'],
      [
        { payments: [{ label: 'x', amount: 10, date: '2026-02-30' }], adjustments: [] },
        'Date de versement invalide (format AAAA-MM-JJ).',
      ],
      [
        { payments: [{ label: 'x', amount: 10, date: '2999-01-01' }], adjustments: [] },
        'La date du versement ne peut pas être dans le futur.',
      ],
      [{ payments: [{ label: 'x', amount: 'dix' }], adjustments: [] }, 'Montant invalide.'],
      [{ payments: [{ label: 'x', amount: null }], adjustments: [] }, 'Montant invalide.'],
      [{ payments: [{ label: 'x', amount: 2e9 }], adjustments: [] }, 'Montant trop élevé.'],
    ];
    for (const [body, message] of cases) {
      const res = await call(school, token, 'PUT', path, { version: 0, ...(body as object) });
      expect(res.status, message).toBe(400);
      expect((await bodyOf(res)).message).toBe(message);
    }
    expect((await paymentRows(school.id)).length).toBe(1);
    expect(await receiptSeq(school.id)).toBe(1);
  });

  it('answers 404 for another school’s enrolment and 403 without enrollment:update_payment', async () => {
    const { school, fixture, yearId } = await financeSchool();
    const other = await financeSchool();
    const target = fixture.enrollmentIds[3]!;
    const body = (version: number) => ({ version, payments: [{ label: 'x', amount: 10 }], adjustments: [] });
    const foreign = await call(
      other.school,
      await tokenFor(other.school, 'comptable'),
      'PUT',
      `/api/enrollments/${target}/payments`,
      body(0),
    );
    expect(foreign.status).toBe(404);
    expect(await bodyOf(foreign)).toEqual({ message: 'Inscription introuvable.', code: 'not_found' });
    const foreignAdd = await call(
      other.school,
      await tokenFor(other.school, 'comptable'),
      'POST',
      `/api/enrollments/${target}/payments`,
      { amount: 10 },
    );
    expect(foreignAdd.status).toBe(404);
    for (const username of ['bulletins', 'viescolaire', 'prof', 'eleve']) {
      const t = await tokenFor(school, username);
      expect((await call(school, t, 'PUT', `/api/enrollments/${target}/payments`, body(0))).status, username).toBe(403);
      expect(
        (await call(school, t, 'POST', `/api/enrollments/${target}/payments`, { amount: 10 })).status,
        username,
      ).toBe(403);
    }
    for (const username of ['secretaire', 'admin']) {
      const userToken = await tokenFor(school, username);
      const sheet = await sheetOf(school, userToken, 'NS I', yearId, target);
      const res = await call(school, userToken, 'PUT', `/api/enrollments/${target}/payments`, {
        version: sheet.version,
        payments: [...linesOf(sheet), { label: username, amount: 10 }],
        adjustments: [],
      });
      expect(res.status, username).toBe(200);
      expect(
        (await call(school, userToken, 'POST', `/api/enrollments/${target}/payments`, { amount: 10 })).status,
        username,
      ).toBe(201);
    }
    expect(await receiptSeq(other.school.id)).toBe(1);
  });
});

describe('new payment (POST /api/enrollments/{id}/payments)', () => {
  it('adds one payment dated today with the next receipt and answers the saved sheet, audited', async () => {
    const { school, fixture, yearId } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const marie = fixture.enrollmentIds[0]!;
    const lineId = crypto.randomUUID();
    const res = await call(school, token, 'POST', `/api/enrollments/${marie}/payments`, { id: lineId, amount: 1250.5 });
    expect(res.status).toBe(201);
    const today = schoolToday();
    const answer = await bodyOf<SavedPayment>(res);
    expect(answer.message).toBe('Versement enregistré : reçu n° 2.');
    expect(answer.payment).toEqual({
      id: lineId,
      label: 'Versement 2',
      amount: 1250.5,
      date: today,
      receipt_no: 2,
      recorded_by: 'comptable',
    });
    expect(answer.enrollment).toEqual(await sheetOf(school, token, '9e AF', yearId, marie));
    expect(answer.enrollment.payments.at(-1)).toEqual(answer.payment);
    expect(answer.enrollment.version).toBe(1);
    const [audit] = (await auditRows(school.id)).filter((r) => r.action_type === 'ADD_PAYMENT');
    expect(audit).toMatchObject({ username: 'comptable', target_name: 'Marie Joseph (9e AF, 2025-2026)' });
    expect(JSON.parse(audit!.details)).toMatchObject({
      receipts_issued: [2],
      payment: { receipt_no: 2, date: today, label: 'Versement 2', amount: 1250.5 },
      before: { total_paid: 10000, balance: 21000 },
      after: { total_paid: 11250.5, balance: 19749.5 },
    });
    // A label and a past date are kept.
    const dated = await call(school, token, 'POST', `/api/enrollments/${marie}/payments`, {
      amount: 100,
      date: '2025-12-01',
      label: 'Frais de retard',
    });
    expect((await bodyOf<SavedPayment>(dated)).payment).toMatchObject({
      label: 'Frais de retard',
      date: '2025-12-01',
      receipt_no: 3,
    });
  });

  it('lands the same payment once when it is sent again (same id, another Idempotency-Key)', async () => {
    const { school, fixture } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const marie = fixture.enrollmentIds[0]!;
    const payment = { id: crypto.randomUUID(), amount: 700, date: '2025-11-03' };
    const path = `/api/enrollments/${marie}/payments`;
    const first = await call(school, token, 'POST', path, payment, { 'Idempotency-Key': 'phone-a-0002' });
    expect(first.status).toBe(201);
    const stored = await bodyOf<SavedPayment>(first);
    const keyReplay = await call(school, token, 'POST', path, payment, { 'Idempotency-Key': 'phone-a-0002' });
    expect(keyReplay.headers.get('Idempotent-Replayed')).toBe('true');
    const again = await call(school, token, 'POST', path, payment, { 'Idempotency-Key': 'phone-a-0003' });
    expect(again.status).toBe(200);
    expect(await bodyOf<SavedPayment>(again)).toEqual(stored);
    expect((await paymentRows(school.id)).filter((p) => p.id === payment.id)).toHaveLength(1);
    expect(await receiptSeq(school.id)).toBe(2);
    expect((await auditRows(school.id)).filter((r) => r.action_type === 'ADD_PAYMENT')).toHaveLength(1);
  });

  it("answers the student's roster row as saved, so the class page replaces it without reading the class again", async () => {
    const { school, fixture, yearId } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const marie = fixture.enrollmentIds[0]!;
    const before = await roster(school, token, '9e AF', yearId);
    const res = await call(school, token, 'POST', `/api/enrollments/${marie}/payments`, { amount: 1000 });
    expect(res.status).toBe(201);
    const { enrollment } = await bodyOf<SavedPayment>(res);
    // 31 000 Gdes due, 10 000 paid before: 11 000 paid, 20 000 left.
    expect(
      financeTotals({
        mppa: toCentimes(enrollment.mppa),
        payments: enrollment.payments.map((p) => ({ amount: toCentimes(p.amount) })),
        adjustments: enrollment.adjustments.map((a) => ({ amount: toCentimes(a.amount) })),
      }),
    ).toEqual({ adjusted: 3_100_000, paid: 1_100_000, balance: 2_000_000 });
    // The roster read now is the one the page had with that row replaced.
    expect(await roster(school, token, '9e AF', yearId)).toEqual(
      before.map((row) => (row.id === marie ? enrollment : row)),
    );
  });

  it('accepts an overpayment (cash received is never refused) and answers the negative balance', async () => {
    const { school, fixture } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const res = await call(school, token, 'POST', `/api/enrollments/${fixture.enrollmentIds[0]}/payments`, {
      amount: 21000.5,
    });
    expect(res.status).toBe(201);
    const { enrollment } = await bodyOf<SavedSheet>(res);
    expect(enrollment.payments.reduce((sum, p) => sum + p.amount, 0)).toBe(31000.5);
  });

  it('refuses a blank, zero or negative amount and a date in the future, in French, taking no receipt', async () => {
    const { school, fixture } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const path = `/api/enrollments/${fixture.enrollmentIds[0]}/payments`;
    const cases: [unknown, string][] = [
      [{}, 'Montant invalide.'],
      [{ amount: null }, 'Montant invalide.'],
      [{ amount: '' }, 'Montant invalide.'],
      [{ amount: 0 }, 'Le montant du versement doit être supérieur à zéro.'],
      [{ amount: -5 }, 'Le montant du versement doit être supérieur à zéro.'],
      [{ amount: 5, date: '2999-12-31' }, 'La date du versement ne peut pas être dans le futur.'],
      [{ amount: 5, date: '31/12/2025' }, 'Date de versement invalide (format AAAA-MM-JJ).'],
      [{ amount: 5, label: 'x'.repeat(121) }, 'Libellé trop long (120 caractères au plus).'],
    ];
    for (const [body, message] of cases) {
      const res = await call(school, token, 'POST', path, body);
      expect(res.status, message).toBe(400);
      expect((await bodyOf(res)).message, JSON.stringify(body)).toBe(message);
    }
    expect(await receiptSeq(school.id)).toBe(1);
    expect((await paymentRows(school.id)).length).toBe(1);
  });
});

describe('grades access', () => {
  it('toggles one student, with the notices of the spec, audited', async () => {
    const { school, fixture, yearId } = await financeSchool();
    const token = await tokenFor(school, 'bulletins');
    const marie = fixture.enrollmentIds[0]!;
    const off = await call(school, token, 'PUT', `/api/enrollments/${marie}/toggle-grades-access`, { enabled: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ message: 'Accès aux notes restreint.' });
    let list = await roster(school, token, '9e AF', yearId);
    expect(list.map((e) => e.grades_access_enabled)).toEqual([true, true, false]);
    const on = await call(school, token, 'PUT', `/api/enrollments/${marie}/toggle-grades-access`, { enabled: true });
    expect(await on.json()).toEqual({ message: 'Accès aux notes activé.' });
    list = await roster(school, token, '9e AF', yearId);
    expect(list.every((e) => e.grades_access_enabled)).toBe(true);
    const audit = (await auditRows(school.id)).map((r) => [r.action_type, r.target_name]);
    expect(audit).toEqual([
      ['GRADES_ACCESS_RESTRICTED', 'Marie Joseph (9e AF, 2025-2026)'],
      ['GRADES_ACCESS_ENABLED', 'Marie Joseph (9e AF, 2025-2026)'],
    ]);
  });

  it('toggles a whole class for a year and leaves the other classes alone', async () => {
    const { school, yearId } = await financeSchool();
    const token = await tokenFor(school, 'comptable');
    const res = await call(school, token, 'PUT', '/api/classes/9e%20AF/toggle-grades-access', {
      yearId,
      enabled: false,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Accès aux notes restreint pour toute la classe.', count: 3 });
    expect((await roster(school, token, '9e AF', yearId)).map((e) => e.grades_access_enabled)).toEqual([
      false,
      false,
      false,
    ]);
    expect((await roster(school, token, 'NS I', yearId)).map((e) => e.grades_access_enabled)).toEqual([true]);
    const back = await call(school, token, 'PUT', '/api/classes/9e%20AF/toggle-grades-access', {
      yearId,
      enabled: true,
    });
    expect(await back.json()).toEqual({ message: 'Accès aux notes activé pour toute la classe.', count: 3 });
  });

  it('needs student_portal:manage_access and answers 404 across schools', async () => {
    const { school, fixture, yearId } = await financeSchool();
    const other = await financeSchool();
    const otherToken = await tokenFor(other.school, 'comptable');
    const foreign = await call(
      other.school,
      otherToken,
      'PUT',
      `/api/enrollments/${fixture.enrollmentIds[0]}/toggle-grades-access`,
      { enabled: false },
    );
    expect(foreign.status).toBe(404);
    const foreignYear = await call(other.school, otherToken, 'PUT', '/api/classes/9e%20AF/toggle-grades-access', {
      yearId,
      enabled: false,
    });
    expect(foreignYear.status).toBe(404);
    expect((await bodyOf(foreignYear)).message).toBe('Année scolaire introuvable.');
    for (const username of ['viescolaire', 'prof', 'eleve']) {
      const t = await tokenFor(school, username);
      expect(
        (
          await call(school, t, 'PUT', `/api/enrollments/${fixture.enrollmentIds[0]}/toggle-grades-access`, {
            enabled: false,
          })
        ).status,
      ).toBe(403);
      expect(
        (await call(school, t, 'PUT', '/api/classes/9e%20AF/toggle-grades-access', { yearId, enabled: false })).status,
      ).toBe(403);
    }
    const missing = await call(
      school,
      await tokenFor(school, 'comptable'),
      'PUT',
      `/api/enrollments/${fixture.enrollmentIds[0]}/toggle-grades-access`,
      {},
    );
    expect(missing.status).toBe(400);
    expect((await bodyOf(missing)).message).toBe('Indiquez si l’accès aux notes est activé.');
  });
});
