// The exports' own read (issue 30): the payments of a period, for the financial report's readers.
import { describe, expect, it } from 'vitest';
import type { PeriodPayments } from '../../worker/contract/exports';
import { bodyOf, call, createSchool, sql, type TestSchool, tokenFor } from './helpers';
import { createYear, seedStudents } from './fixtures-academic';

async function withPayments(school: TestSchool) {
  const year = await createYear(school.id, { classes: [['7e AF', 25000]] });
  const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, year, [
    { nom: 'Paul', prenom: 'Ralph', className: '7e AF' },
    { nom: 'Jean', prenom: 'Esther', className: '7e AF' },
  ]);
  const pay = (student: number, date: string, amount: number, receipt: number) =>
    sql(
      school,
      'INSERT INTO payments (id, instance_id, enrollment_id, date, label, amount, receipt_no, recorded_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      crypto.randomUUID(),
      school.id,
      enrollmentIdByStudent.get(studentIds[student]!)!,
      date,
      'Versement',
      amount,
      receipt,
      'comptable',
    ).run();
  await pay(0, '2026-02-27', 500_000, 1);
  await pay(1, '2026-03-01', 250_050, 2);
  await pay(0, '2026-03-15', 100_000, 3);
  await pay(1, '2026-04-01', 900_000, 4);
}

describe('GET /api/payments (the payments of a period)', () => {
  it('lists the payments dated within the period, by date, with their count and sum', async () => {
    const school = await createSchool();
    const other = await createSchool();
    await withPayments(school);
    await withPayments(other);
    const comptable = await tokenFor(school, 'comptable');
    const res = await call(school, comptable, 'GET', '/api/payments?from=2026-03-01&to=2026-03-31');
    expect(res.status).toBe(200);
    const body = await bodyOf<PeriodPayments>(res);
    expect(body.payments.map((p) => [p.receipt_no, p.date, p.amount, p.prenom, p.className, p.recorded_by])).toEqual([
      [2, '2026-03-01', 2500.5, 'Esther', '7e AF', 'comptable'],
      [3, '2026-03-15', 1000, 'Ralph', '7e AF', 'comptable'],
    ]);
    expect(body.total_amount).toBe(3500.5);
    expect(body.pagination).toEqual({ page: 1, totalPages: 1, total: 2, limit: 100 });

    const paged = await bodyOf<PeriodPayments>(
      await call(school, comptable, 'GET', '/api/payments?from=2026-01-01&to=2026-12-31&limit=3&page=2'),
    );
    expect(paged.payments.map((p) => p.receipt_no)).toEqual([4]);
    expect(paged.total_amount).toBe(17500.5);
  });

  it('refuses a reversed or invalid period, and callers without report:financial', async () => {
    const school = await createSchool();
    const comptable = await tokenFor(school, 'comptable');
    const reversed = await call(school, comptable, 'GET', '/api/payments?from=2026-04-01&to=2026-03-01');
    expect(reversed.status).toBe(400);
    expect((await bodyOf(reversed)).message).toBe('La date de début doit précéder la date de fin.');
    expect((await call(school, comptable, 'GET', '/api/payments?from=2026-02-30&to=2026-03-01')).status).toBe(400);
    const prof = await tokenFor(school, 'prof');
    expect((await call(school, prof, 'GET', '/api/payments?from=2026-03-01&to=2026-03-31')).status).toBe(403);
  });
});
