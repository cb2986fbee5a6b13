// The financial report (GET /api/enrollments/all) against a fixture of 200 enrolments whose
// totals were computed by hand (below), plus 20 of a past year and another school's 200.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../worker/contract/finance';
import { type EnrolmentSeed, seedFinance } from './finance-fixture';
import { bodyOf, call, createSchool, type TestSchool, tokenFor } from './helpers';

/*
 * Four classes of 50 enrolments in 2025-2026, base MPPA M per class:
 *   7e AF 25 000,00 | 8e AF 30 000,00 | 9e AF 35 000,50 | NS I 40 000,00   (sum of M: 130 000,50)
 * In each class, the j-th student (j = 0..49):
 *   j 0-9    paid in full in two instalments (10 000 + rest)        adjusted M        paid M         balance 0
 *   j 10-19  50% scholarship (-M/2), paid M/2                        adjusted M/2      paid M/2       balance 0
 *   j 20-39  one payment of 10 000,01 (j 20-24 also a zero line)     adjusted M        paid 10 000,01
 *   j 40-44  nothing paid                                            adjusted M        paid 0
 *   j 45-49  nothing paid, exam fees +1 500                           adjusted M+1 500  paid 0
 * Per class: adjusted = 45 M + 7 500, paid = 15 M + 200 000,20.
 *   7e AF  1 132 500,00   575 000,20   557 499,80
 *   8e AF  1 357 500,00   650 000,20   707 499,80
 *   9e AF  1 582 522,50   725 007,70   857 514,80
 *   NS I   1 807 500,00   800 000,20 1 007 499,80
 *   all    5 880 022,50 2 750 008,30 3 130 014,20
 * Names: nom cycles over NAMES by i % 10 (i = 0..199), prenom 'Élève iii'.
 * Plus 20 enrolments of 2024-2025 (7e AF, 20 000 paid in full) and another school.
 */
const CLASSES: [string, number][] = [
  ['7e AF', 2_500_000],
  ['8e AF', 3_000_000],
  ['9e AF', 3_500_050],
  ['NS I', 4_000_000],
];
const NAMES = [
  'Étienne',
  'Joseph',
  'Pierre',
  'Baptiste',
  'Noël',
  'Casséus',
  'Dorsainvil',
  'Jean',
  'Louis',
  'Toussaint',
];

function enrolments(): EnrolmentSeed[] {
  const list: EnrolmentSeed[] = [];
  for (let i = 0; i < 200; i++) {
    const [className, m] = CLASSES[Math.floor(i / 50)]!;
    const j = i % 50;
    const seed: EnrolmentSeed = {
      nom: NAMES[i % 10]!,
      prenom: `Élève ${String(i).padStart(3, '0')}`,
      className,
      mppa: m,
    };
    if (j < 10) seed.payments = [{ amount: 1_000_000 }, { amount: m - 1_000_000 }];
    else if (j < 20) {
      seed.adjustments = [{ amount: -m / 2, label: 'Bourse 50%' }];
      seed.payments = [{ amount: m / 2 }];
    } else if (j < 40) seed.payments = j < 25 ? [{ amount: 1_000_001 }, { amount: 0 }] : [{ amount: 1_000_001 }];
    else if (j >= 45) seed.adjustments = [{ amount: 150_000, label: "Frais d'examen" }];
    list.push(seed);
  }
  for (let i = 0; i < 20; i++) {
    list.push({
      nom: 'Ancien',
      prenom: `Élève ${i}`,
      className: '7e AF',
      year: '2024-2025',
      mppa: 2_000_000,
      payments: [{ amount: 2_000_000 }],
    });
  }
  return list;
}

let school: TestSchool;
let token: string;
let yearId: string;
let pastYearId: string;

beforeAll(async () => {
  school = await createSchool();
  const fixture = await seedFinance(school.id, {
    years: ['2025-2026', '2024-2025'],
    classNames: CLASSES.map(([c]) => c),
    enrolments: enrolments(),
  });
  yearId = fixture.yearIds.get('2025-2026')!;
  pastYearId = fixture.yearIds.get('2024-2025')!;
  // Another school with the same classes and names: none of its rows may show.
  const other = await createSchool({ users: [{ username: 'admin', type: 'admin' }] });
  await seedFinance(other.id, {
    years: ['2025-2026'],
    classNames: CLASSES.map(([c]) => c),
    enrolments: enrolments().slice(0, 200),
  });
  token = await tokenFor(school, 'comptable');
});

async function report(query: Record<string, string | number>): Promise<Report> {
  const params = new URLSearchParams(Object.entries({ yearId, ...query }).map(([k, v]) => [k, String(v)]));
  const res = await call(school, token, 'GET', `/api/enrollments/all?${params}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return bodyOf<Report>(res);
}

describe('financial report: totals over the whole filtered set', () => {
  it('sums every enrolment of the year, not the page', async () => {
    const all = await report({ page: 1, limit: 25 });
    expect(all.pagination).toEqual({ page: 1, totalPages: 8, total: 200, limit: 25 });
    expect(all.enrollments).toHaveLength(25);
    expect(all.totals).toEqual({ adjusted_mppa: 5_880_022.5, total_paid: 2_750_008.3, balance: 3_130_014.2 });
    expect(all.classes).toEqual(['7e AF', '8e AF', '9e AF', 'NS I']);
    // Another page, the same totals.
    expect((await report({ page: 3 })).totals).toEqual(all.totals);
  });

  it('filters by balance status', async () => {
    const zero = await report({ balanceFilter: 'zero' });
    expect(zero.pagination.total).toBe(80);
    expect(zero.totals).toEqual({ adjusted_mppa: 1_950_007.5, total_paid: 1_950_007.5, balance: 0 });
    expect(zero.enrollments.every((e) => e.balance === 0)).toBe(true);

    const remaining = await report({ balanceFilter: 'nonzero' });
    expect(remaining.pagination).toEqual({ page: 1, totalPages: 5, total: 120, limit: 25 });
    expect(remaining.totals).toEqual({ adjusted_mppa: 3_930_015, total_paid: 800_000.8, balance: 3_130_014.2 });
    expect(remaining.enrollments.every((e) => e.balance !== 0)).toBe(true);
  });

  it('filters by classes: all when absent, none when empty', async () => {
    const two = await report({ selectedClasses: '8e AF,9e AF', balanceFilter: 'nonzero' });
    expect(two.pagination.total).toBe(60);
    expect(two.totals).toEqual({ adjusted_mppa: 1_965_015, total_paid: 400_000.4, balance: 1_565_014.6 });
    expect(new Set(two.enrollments.map((e) => e.className))).toEqual(new Set(['8e AF']));

    const one = await report({ selectedClasses: '9e AF' });
    expect(one.totals).toEqual({ adjusted_mppa: 1_582_522.5, total_paid: 725_007.7, balance: 857_514.8 });

    const none = await report({ selectedClasses: '' });
    expect(none.pagination).toEqual({ page: 1, totalPages: 1, total: 0, limit: 25 });
    expect(none.enrollments).toEqual([]);
    expect(none.totals).toEqual({ adjusted_mppa: 0, total_paid: 0, balance: 0 });
  });

  it('filters by exact base MPPA, in either notation', async () => {
    for (const mppaFilter of ['35000.5', '35000,50', '35 000,50']) {
      const c = await report({ mppaFilter });
      expect(c.pagination.total, mppaFilter).toBe(50);
      expect(c.totals).toEqual({ adjusted_mppa: 1_582_522.5, total_paid: 725_007.7, balance: 857_514.8 });
    }
    expect((await report({ mppaFilter: '35000' })).pagination.total).toBe(0);
    const bad = await call(school, token, 'GET', `/api/enrollments/all?yearId=${yearId}&mppaFilter=abc`);
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).message).toBe('Le filtre MPPA doit être un montant.');
  });

  it('searches names without regard to case or accents, in either order', async () => {
    const etienne = await report({ searchTerm: 'etienne' });
    expect(etienne.pagination.total).toBe(20);
    expect(etienne.totals).toEqual({ adjusted_mppa: 585_002.25, total_paid: 275_000.83, balance: 310_001.42 });
    expect(etienne.enrollments.every((e) => e.nom === 'Étienne')).toBe(true);
    expect((await report({ searchTerm: 'NOËL' })).pagination.total).toBe(20);
    expect((await report({ searchTerm: 'noel' })).pagination.total).toBe(20);
    const one = await report({ searchTerm: 'Pierre eleve 002' });
    expect(one.enrollments.map((e) => `${e.prenom} ${e.nom}`)).toEqual(['Élève 002 Pierre']);
    expect((await report({ searchTerm: 'eleve 002 pierre' })).pagination.total).toBe(1);
    // LIKE wildcards typed by a user are plain characters.
    expect((await report({ searchTerm: '%' })).pagination.total).toBe(0);
    expect((await report({ searchTerm: '_' })).pagination.total).toBe(0);
  });

  it('reads one year, or every year when none is given', async () => {
    const past = await report({ yearId: pastYearId });
    expect(past.pagination.total).toBe(20);
    expect(past.totals).toEqual({ adjusted_mppa: 400_000, total_paid: 400_000, balance: 0 });
    expect(past.enrollments[0]).toMatchObject({ year_name: '2024-2025', className: '7e AF' });
    const res = await call(school, token, 'GET', '/api/enrollments/all');
    const everything = await bodyOf<Report>(res);
    expect(everything.pagination.total).toBe(220);
    expect(everything.totals).toEqual({ adjusted_mppa: 6_280_022.5, total_paid: 3_150_008.3, balance: 3_130_014.2 });
  });
});

describe('financial report: rows and pages', () => {
  it('gives each row its base, adjustments, adjusted MPPA, paid and balance', async () => {
    const page = await report({ searchTerm: 'Élève 045' });
    expect(page.enrollments).toEqual([
      {
        id: expect.any(String),
        prenom: 'Élève 045',
        nom: 'Casséus',
        year_name: '2025-2026',
        className: '7e AF',
        mppa: 25000,
        adjustments_total: 1500,
        adjusted_mppa: 26500,
        total_paid: 0,
        balance: 26500,
      },
    ]);
    const scholarship = await report({ searchTerm: 'Élève 110' });
    expect(scholarship.enrollments[0]).toMatchObject({
      className: '9e AF',
      mppa: 35000.5,
      adjustments_total: -17500.25,
      adjusted_mppa: 17500.25,
      total_paid: 17500.25,
      balance: 0,
    });
  });

  it('pages by 25 in class order, then by name with accents folded, without overlap', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 8; page++) {
      const body = await report({ page });
      expect(body.pagination).toEqual({ page, totalPages: 8, total: 200, limit: 25 });
      expect(body.enrollments).toHaveLength(25);
      seen.push(...body.enrollments.map((e) => e.id));
    }
    expect(new Set(seen).size).toBe(200);
    const first = await report({ page: 1 });
    expect(first.enrollments[0]).toMatchObject({ nom: 'Baptiste', prenom: 'Élève 003', className: '7e AF' });
    // 'Étienne' sorts with the E, after 'Dorsainvil' and before 'Jean'.
    const names = [...new Set(first.enrollments.map((e) => e.nom))];
    expect(names).toEqual(['Baptiste', 'Casséus', 'Dorsainvil', 'Étienne', 'Jean']);
    const last = await report({ page: 8 });
    expect(new Set(last.enrollments.map((e) => e.className))).toEqual(new Set(['NS I']));
    const beyond = await report({ page: 9 });
    expect(beyond.enrollments).toEqual([]);
    expect(beyond.pagination.total).toBe(200);
    const remaining = await report({ balanceFilter: 'nonzero', page: 5 });
    expect(remaining.enrollments).toHaveLength(20);
  });

  it('refuses bad parameters with French messages', async () => {
    const cases: [string, string][] = [
      ['balanceFilter=positive', 'Filtre de solde inconnu (all, zero ou nonzero).'],
      ['page=0', 'Numéro de page invalide.'],
      ['page=x', 'Numéro de page invalide.'],
      ['limit=500', 'Taille de page invalide (1 à 100).'],
    ];
    for (const [query, message] of cases) {
      const res = await call(school, token, 'GET', `/api/enrollments/all?${query}`);
      expect(res.status, query).toBe(400);
      expect((await bodyOf(res)).message).toBe(message);
    }
  });

  it('needs report:financial', async () => {
    const staff = await createSchool({
      users: [
        { username: 'secretaire', type: 'standard', templates: ['secretary'] },
        { username: 'bulletins', type: 'standard', templates: ['report_cards'] },
        { username: 'prof', type: 'teacher' },
        { username: 'eleve', type: 'student' },
      ],
    });
    expect((await call(staff, await tokenFor(staff, 'secretaire'), 'GET', '/api/enrollments/all')).status).toBe(200);
    for (const username of ['bulletins', 'prof', 'eleve']) {
      const res = await call(staff, await tokenFor(staff, username), 'GET', '/api/enrollments/all');
      expect(res.status, username).toBe(403);
    }
  });
});
