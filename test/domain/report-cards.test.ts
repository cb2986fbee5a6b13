// The report card model (worker/domain/report-cards.ts), with figures computed by hand: subject
// percentages over the evaluations graded, the period average with the max grades as
// coefficients, base 100 versus base 10, ranks with ties, each period's and the year's average,
// the council's decision at the passing grade (49.99 / 50.00) and graduation from the last class.
import { describe, expect, it } from 'vitest';
import type { ReportData } from '../../worker/contract/grades';
import { buildReportCards, isLastClass, isReportTemplate } from '../../worker/domain/report-cards';

const PERIODS = [
  { id: 't1', name: 'Trimestre 1' },
  { id: 't2', name: 'Trimestre 2' },
  { id: 't3', name: 'Trimestre 3' },
];

const student = (id: string, nom: string) => ({
  id: `e-${id}`,
  student: {
    id: `s-${id}`,
    nom,
    prenom: 'Test',
    nisu: id === 'a' ? 'ABCD12345678E1234567' : null,
    date_of_birth: '2012-03-04',
    sexe: 'F',
  },
});

/** A grade: subject, period, evaluation, score over max (points). */
const g = (subject_id: string, period_id: string, evaluation_name: string, score: number, max_score: number) => ({
  subject_id,
  period_id,
  evaluation_name,
  score,
  max_score,
});

function data(
  subjects: [string, number][],
  grades: Record<string, ReturnType<typeof g>[]>,
  names: string[],
): ReportData {
  return {
    enrollments: names.map((id) => student(id, id.toUpperCase())),
    subjects: subjects.map(([subject_id, max_grade]) => ({ subject_id, subject_name: subject_id, max_grade })),
    gradesByEnrollment: Object.fromEntries(Object.entries(grades).map(([k, v]) => [`e-${k}`, v])),
    appreciationsByEnrollment: {},
    generalAppreciationsByEnrollment: {},
  };
}

// Maths (max 200), Français (100), Dessin (50): base 100.
const CLASS = data(
  [
    ['maths', 200],
    ['francais', 100],
    ['dessin', 50],
  ],
  {
    // T1: maths 40/50 + 110/150 = 150/200 = 75 %; français 18/20 + 62/80 = 80 %; no drawing.
    //     (75 x 200 + 80 x 100) / 300 = 76.666… -> 76.67.
    // T2: maths 100/200 = 50 %; français 30/100 = 30 %: (50 x 200 + 30 x 100) / 300 = 43.333…
    // Year: (76.666… + 43.333…) / 2 = 60.
    a: [
      g('maths', 't1', 'Devoir 1', 40, 50),
      g('maths', 't1', 'Examen', 110, 150),
      g('francais', 't1', 'Dictée', 18, 20),
      g('francais', 't1', 'Examen', 62, 80),
      g('maths', 't2', 'Examen', 100, 200),
      g('francais', 't2', 'Examen', 30, 100),
      g('histoire', 't1', 'Hors programme', 1, 100),
    ],
    // T1: maths 160/200 = 80 %, français 70/100 = 70 %: (16000 + 7000) / 300 = 76.666…: tied with A.
    // Year: T1 only, 76.67.
    b: [g('maths', 't1', 'Examen', 160, 200), g('francais', 't1', 'Examen', 70, 100)],
    // T1: maths 50 %, français 50 %, dessin 40/50 = 80 %: (10000 + 5000 + 4000) / 350 = 54.2857… -> 54.29, 3rd.
    // T2: maths 91.98/200 = 45.99 %, français 54 %: (9198 + 5400) / 300 = 48.66.
    // Year: (54.2857… + 48.66) / 2 = 51.4728… -> 51.47.
    c: [
      g('maths', 't1', 'Examen', 100, 200),
      g('francais', 't1', 'Examen', 50, 100),
      g('dessin', 't1', 'Croquis', 40, 50),
      g('maths', 't2', 'Examen', 91.98, 200),
      g('francais', 't2', 'Examen', 54, 100),
    ],
  },
  ['a', 'b', 'c', 'd'],
);

const build = (overrides: Partial<Parameters<typeof buildReportCards>[0]> = {}) =>
  buildReportCards({ data: CLASS, periods: PERIODS, periodId: 't1', passingGrade: 50, lastClass: false, ...overrides });

describe('a class’s report cards for a period', () => {
  const cards = build();
  const [a, b, c, d] = cards.cards;

  it('keeps the students in order with their identity', () => {
    expect(cards.cards.map((x) => x.nom)).toEqual(['A', 'B', 'C', 'D']);
    expect(a!.nisu).toBe('ABCD12345678E1234567');
    expect(b!.nisu).toBeNull();
    expect(a!.dateOfBirth).toBe('2012-03-04');
    expect(cards.periodName).toBe('Trimestre 1');
    expect(cards.totalCoefficient).toBe(350);
  });

  it('computes each subject over the evaluations graded, its points on the max grade and its band', () => {
    const [maths, francais, dessin] = a!.subjects;
    expect(maths).toMatchObject({ coefficient: 200, percent: 75, points: 150, onBase: 75, band: 'medium' });
    expect(maths!.evaluations).toEqual([
      { name: 'Devoir 1', score: 40, max: 50 },
      { name: 'Examen', score: 110, max: 150 },
    ]);
    expect(francais).toMatchObject({ percent: 80, points: 80, band: 'good' });
    expect(dessin).toMatchObject({ percent: null, points: null, onBase: null, band: null, evaluations: [] });
    expect(c!.subjects[2]).toMatchObject({ percent: 80, points: 40, band: 'good' });
    expect(b!.subjects[1]).toMatchObject({ percent: 70, band: 'medium' });
  });

  it('weights the period average by the max grades, over the subjects graded, on base 100', () => {
    expect(cards.base).toBe(100);
    expect(a!.percent).toBeCloseTo(76.6667, 4);
    expect(a!.average).toBe(76.67);
    expect(c!.average).toBe(54.29);
    expect(d!.average).toBeNull();
  });

  it('ranks the class, ties sharing a rank and the next one skipping; no average, no rank', () => {
    expect([a!.rank, b!.rank, c!.rank, d!.rank]).toEqual([1, 1, 3, null]);
    expect([a!.tied, b!.tied, c!.tied, d!.tied]).toEqual([true, true, false, false]);
    expect(cards.ranked).toBe(3);
  });

  it('gives every period its average and rank, and the year its mean of the periods graded', () => {
    expect(a!.periods.map((p) => p.average)).toEqual([76.67, 43.33, null]);
    expect(c!.periods.map((p) => p.average)).toEqual([54.29, 48.66, null]);
    expect(a!.periods.map((p) => p.rank)).toEqual([1, 2, null]);
    expect(c!.periods[1]!.rank).toBe(1);
    expect(b!.periods[1]!.rank).toBeNull();
    expect(a!.annualAverage).toBe(60);
    expect(b!.annualAverage).toBe(76.67);
    expect(c!.annualAverage).toBe(51.47);
    expect([a!.annualRank, b!.annualRank, c!.annualRank, d!.annualRank]).toEqual([2, 1, 3, null]);
    expect(a!.subjects[0]!.byPeriod).toEqual([75, 50, null]);
    expect(a!.subjects[0]!.annualPercent).toBe(62.5);
  });

  it('decides admitted at the passing grade, to repeat below it, nothing without averages', () => {
    expect([a!.decision, b!.decision, c!.decision, d!.decision]).toEqual(['admitted', 'admitted', 'admitted', null]);
    const strict = build({ passingGrade: 60 }).cards;
    expect(strict.map((x) => x.decision)).toEqual(['admitted', 'admitted', 'repeat', null]);
  });

  it('reads another period of the same data', () => {
    const t2 = build({ periodId: 't2' });
    expect(t2.periodName).toBe('Trimestre 2');
    expect(t2.cards.map((x) => x.average)).toEqual([43.33, null, 48.66, null]);
    expect(t2.cards.map((x) => x.rank)).toEqual([2, null, 1, null]);
    expect(t2.cards[2]!.subjects[0]!.percent).toBeCloseTo(45.99, 9);
    expect(t2.cards[2]!.subjects[0]).toMatchObject({ points: 91.98, band: 'poor' });
    expect(t2.cards[0]!.subjects[0]!.evaluations).toEqual([{ name: 'Examen', score: 100, max: 200 }]);
  });
});

describe('base 10 and the decision at the boundary', () => {
  // Two subjects of 20 and 10 points: no max grade reaches 100, base 10.
  const small = (score: number) =>
    data(
      [
        ['lecture', 20],
        ['chant', 10],
      ],
      // Lecture score/20, chant 5/10 = 50 %: (percent x 20 + 50 x 10) / 30.
      { x: [g('lecture', 't1', 'Lecture', score, 20), g('chant', 't1', 'Chant', 5, 10)] },
      ['x'],
    );

  it('shows averages on base 10', () => {
    // Lecture 15/20 = 75 %: (75 x 20 + 50 x 10) / 30 = 66.666… % -> 6.67 / 10.
    const cards = buildReportCards({
      data: small(15),
      periods: PERIODS,
      periodId: 't1',
      passingGrade: 50,
      lastClass: false,
    });
    expect(cards.base).toBe(10);
    expect(cards.cards[0]).toMatchObject({ average: 6.67, annualAverage: 6.67, rank: 1, tied: false });
    expect(cards.cards[0]!.subjects[0]).toMatchObject({ percent: 75, points: 15, onBase: 7.5 });
  });

  it('is to repeat at 49.99 %, admitted at 50.00 %, graduated from the last class', () => {
    // One subject of 100 points: the score is the percentage.
    const one = (score: number, lastClass = false) =>
      buildReportCards({
        data: data([['maths', 100]], { x: [g('maths', 't1', 'Examen', score, 100)] }, ['x']),
        periods: PERIODS,
        periodId: 't1',
        passingGrade: 50,
        lastClass,
      }).cards[0]!;
    expect(one(49.99)).toMatchObject({ annualAverage: 49.99, decision: 'repeat' });
    expect(one(50)).toMatchObject({ annualAverage: 50, decision: 'admitted' });
    expect(one(50, true).decision).toBe('graduated');
    expect(one(49.99, true).decision).toBe('repeat');
  });
});

describe('the class order and the templates', () => {
  it('finds the last class by its order, not by the list order', () => {
    const classes = [
      { name: 'NS4', order_index: 9 },
      { name: '7e AF', order_index: 1 },
      { name: '8e AF', order_index: 2 },
    ];
    expect(isLastClass(classes, 'NS4')).toBe(true);
    expect(isLastClass(classes, '8e AF')).toBe(false);
    expect(isLastClass([], 'NS4')).toBe(false);
  });

  it('knows the ten templates', () => {
    expect(isReportTemplate('creatif-compact')).toBe(true);
    expect(isReportTemplate('annuel')).toBe(true);
    expect(isReportTemplate('baroque')).toBe(false);
  });
});
