// The home screen's figures (GET /api/dashboard/summary): students enrolled, amounts due, paid in
// all and in the month, balance, per class — with hand-computed numbers, its permission, the
// school's own data only, and the same number of D1 statements whatever the school's size.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Summary } from '../../worker/contract/dashboard';
import { schoolMonth } from '../../worker/domain/dates';
import { type EnrolmentSeed, seedFinance } from './finance-fixture';
import { bodyOf, call, createSchool, tokenFor } from './helpers';

/*
 * 2025-2026 (current), amounts in centimes:
 *   7e AF  A: MPPA 25 000, paid 10 000 (2026-01-15) + 5 000 (2026-02-03)          -> due 25 000, paid 15 000, in Feb 5 000
 *          B: MPPA 25 000, scholarship -12 500, paid 12 500 (2026-02-28)           -> due 12 500, paid 12 500, in Feb 12 500
 *          C: MPPA 25 000, nothing paid                                             -> due 25 000, paid 0
 *   8e AF  D: MPPA 30 000, exam fee +1 500,50, paid 20 000 (2026-03-01, next month) -> due 31 500,50, paid 20 000, in Feb 0
 *   NS I   no enrolment this year
 * and in 2024-2025, E in 7e AF: MPPA 20 000 paid 20 000 on 2025-02-10 (another year: not counted).
 * February 2026: 7e AF enrolled 3, due 62 500, paid 27 500, in Feb 17 500, balance 35 000;
 *                8e AF enrolled 1, due 31 500,50, paid 20 000, in Feb 0, balance 11 500,50;
 *                school: 4 enrolled, due 94 000,50, paid 47 500, in Feb 17 500, balance 46 500,50.
 */
const SEEDS: EnrolmentSeed[] = [
  {
    nom: 'Anel',
    prenom: 'A',
    className: '7e AF',
    mppa: 2_500_000,
    payments: [
      { amount: 1_000_000, date: '2026-01-15' },
      { amount: 500_000, date: '2026-02-03' },
    ],
  },
  {
    nom: 'Bien-Aimé',
    prenom: 'B',
    className: '7e AF',
    mppa: 2_500_000,
    adjustments: [{ amount: -1_250_000 }],
    payments: [{ amount: 1_250_000, date: '2026-02-28' }],
  },
  { nom: 'Charles', prenom: 'C', className: '7e AF', mppa: 2_500_000 },
  {
    nom: 'Dorval',
    prenom: 'D',
    className: '8e AF',
    mppa: 3_000_000,
    adjustments: [{ amount: 150_050, label: 'Examen' }],
    payments: [{ amount: 2_000_000, date: '2026-03-01' }],
  },
  {
    nom: 'Estimé',
    prenom: 'E',
    className: '7e AF',
    year: '2024-2025',
    mppa: 2_000_000,
    payments: [{ amount: 2_000_000, date: '2025-02-10' }],
  },
];

async function schoolWithFigures(extra: EnrolmentSeed[] = []) {
  const school = await createSchool({
    users: [
      { username: 'admin', type: 'admin' },
      { username: 'comptable', type: 'standard', templates: ['accountant'] },
      { username: 'vie', type: 'standard', templates: ['school_life'] },
    ],
  });
  const fixture = await seedFinance(school.id, {
    years: ['2025-2026', '2024-2025'],
    classNames: ['7e AF', '8e AF', 'NS I'],
    enrolments: [...SEEDS, ...extra],
  });
  return { school, yearId: fixture.yearIds.get('2025-2026')! };
}

afterEach(() => vi.restoreAllMocks());

describe('GET /api/dashboard/summary', () => {
  it('answers the year in figures, for the school and per class in order', async () => {
    const { school, yearId } = await schoolWithFigures();
    const token = await tokenFor(school, 'comptable');
    const res = await call(school, token, 'GET', `/api/dashboard/summary?yearId=${yearId}&month=2026-02`);
    expect(res.status).toBe(200);
    const body = await bodyOf<Summary>(res);
    expect(body).toMatchObject({
      yearId,
      month: '2026-02',
      enrolled: 4,
      expected: 94_000.5,
      paid: 47_500,
      paidThisMonth: 17_500,
      balance: 46_500.5,
    });
    expect(body.classes.map((c) => [c.name, c.enrolled, c.expected, c.paid, c.paidThisMonth, c.balance])).toEqual([
      ['7e AF', 3, 62_500, 27_500, 17_500, 35_000],
      ['8e AF', 1, 31_500.5, 20_000, 0, 11_500.5],
      ['NS I', 0, 0, 0, 0, 0],
    ]);

    // March holds D's payment of the 1st; this month is the default.
    const march = await bodyOf<Summary>(
      await call(school, token, 'GET', `/api/dashboard/summary?yearId=${yearId}&month=2026-03`),
    );
    expect(march.paidThisMonth).toBe(20_000);
    const now = await bodyOf<Summary>(await call(school, token, 'GET', `/api/dashboard/summary?yearId=${yearId}`));
    expect(now.month).toBe(schoolMonth());
  });

  it('needs report:financial, answers 404 for another school’s year and never mixes schools', async () => {
    const mine = await schoolWithFigures();
    const other = await schoolWithFigures([
      {
        nom: 'Autre',
        prenom: 'École',
        className: '7e AF',
        mppa: 9_900_000,
        payments: [{ amount: 9_900_000, date: '2026-02-01' }],
      },
    ]);
    const admin = await tokenFor(mine.school, 'admin');
    expect(
      (await call(mine.school, admin, 'GET', `/api/dashboard/summary?yearId=${mine.yearId}&month=2026-02`)).status,
    ).toBe(200);
    const withoutPermission = await call(
      mine.school,
      await tokenFor(mine.school, 'vie'),
      'GET',
      `/api/dashboard/summary?yearId=${mine.yearId}`,
    );
    expect(withoutPermission.status).toBe(403);

    const foreign = await call(mine.school, admin, 'GET', `/api/dashboard/summary?yearId=${other.yearId}`);
    expect(foreign.status).toBe(404);
    const own = await bodyOf<Summary>(
      await call(mine.school, admin, 'GET', `/api/dashboard/summary?yearId=${mine.yearId}&month=2026-02`),
    );
    expect(own.enrolled).toBe(4);
    expect(own.paidThisMonth).toBe(17_500);
  });

  it('refuses a malformed month with a French message', async () => {
    const { school, yearId } = await schoolWithFigures();
    const res = await call(
      school,
      await tokenFor(school, 'admin'),
      'GET',
      `/api/dashboard/summary?yearId=${yearId}&month=2026-13`,
    );
    expect(res.status).toBe(400);
    expect((await bodyOf(res)).message).toBe('Mois invalide. Utilisez AAAA-MM.');
  });

  it('reads the same number of D1 statements for 4 or 64 enrolments', async () => {
    const statements = async (extra: EnrolmentSeed[]) => {
      const { school, yearId } = await schoolWithFigures(extra);
      const token = await tokenFor(school, 'admin');
      const prepare = vi.spyOn(school.db, 'prepare');
      const res = await call(school, token, 'GET', `/api/dashboard/summary?yearId=${yearId}&month=2026-02`);
      expect(res.status).toBe(200);
      const count = prepare.mock.calls.length;
      prepare.mockRestore();
      return count;
    };
    const many = Array.from({ length: 60 }, (_, i): EnrolmentSeed => ({
      nom: `Nom ${i}`,
      prenom: 'Élève',
      className: i % 2 ? '8e AF' : 'NS I',
      mppa: 1_000_000,
      payments: [
        { amount: 100_000, date: '2026-02-10' },
        { amount: 100_000, date: '2026-01-10' },
      ],
      adjustments: [{ amount: -50_000 }],
    }));
    const small = await statements([]);
    expect(small).toBeGreaterThan(0);
    expect(await statements(many)).toBe(small);
  });
});
