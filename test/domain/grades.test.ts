// The grade rules with figures computed by hand (issue 14; document 2 §5, §9; product decision
// 'Grades and report cards').
import { describe, expect, it } from 'vitest';
import {
  annualPercent,
  currentPeriodId,
  appreciationTier,
  decision,
  exceededTotal,
  formatPoints,
  isScoreValue,
  limitReached,
  onBase,
  percentHundredths,
  periodPercent,
  phraseIndex,
  rankLabel,
  ranks,
  reportBase,
  round2,
  sameEvaluationName,
  schoolToday,
  subjectHundredths,
  subjectPercent,
  suggestedAppreciation,
  toHundredths,
} from '../../worker/domain/grades';
import { buildReportCards } from '../../worker/domain/report-cards';

describe('a subject percentage', () => {
  it('is the sum of scores over the sum of the max scores graded', () => {
    // 15/20 + 30/50 = 45/70 = 64.2857… %
    expect(
      round2(
        subjectPercent([
          { score: 1500, max: 2000 },
          { score: 3000, max: 5000 },
        ])!,
      ),
    ).toBe(64.29);
    expect(subjectPercent([])).toBeNull();
  });
});

describe('the period average', () => {
  it('weights each subject by its max grade, over the subjects graded', () => {
    // Français 80 % x 200 + Maths 50 % x 100 = 210 / 300 = 70 %; Sciences ungraded.
    const p = periodPercent([
      { percent: 80, maxGrade: 200 },
      { percent: 50, maxGrade: 100 },
      { percent: null, maxGrade: 100 },
    ]);
    expect(p).toBe(70);
    expect(periodPercent([{ percent: null, maxGrade: 100 }])).toBeNull();
  });

  it('is shown on base 100 when a subject weighs 100 points or more, else on base 10', () => {
    expect(reportBase([100, 20])).toBe(100);
    expect(reportBase([20, 10, 99.99])).toBe(10);
    expect(onBase(70, 100)).toBe(70);
    expect(onBase(70, 10)).toBe(7);
    expect(round2(onBase(64.2857, 10))).toBe(6.43);
  });
});

describe('ranks', () => {
  it('share a rank on ties and skip the next (1er, 1er, 3ème); no average, no rank', () => {
    const r = ranks(
      new Map<string, number | null>([
        ['a', 72.5],
        ['b', 81.004],
        ['c', 81],
        ['d', null],
        ['e', 40],
      ]),
    );
    expect([...r]).toEqual([
      ['b', 1],
      ['c', 1],
      ['a', 3],
      ['e', 4],
    ]);
    expect(r.has('d')).toBe(false);
    expect(rankLabel(1)).toBe('1er');
    expect(rankLabel(2)).toBe('2ème');
  });
});

describe('the annual decision', () => {
  it('averages the periods that exist', () => {
    expect(annualPercent([60, null, 45])).toBe(52.5);
    expect(annualPercent([null])).toBeNull();
  });

  it('admits at the passing grade exactly, not a hundredth below', () => {
    expect(decision(49.99, 50, false)).toBe('repeat');
    expect(decision(50, 50, false)).toBe('admitted');
    // Decided on the two decimals shown: 49.996 prints 50,00 and passes.
    expect(decision(49.996, 50, false)).toBe('admitted');
    expect(decision(annualPercent([49.98, 50])!, 50, false)).toBe('repeat');
    expect(decision(annualPercent([50, 50.02])!, 50, false)).toBe('admitted');
  });

  it('graduates the admitted of the last class, never the failing', () => {
    expect(decision(75, 50, true)).toBe('graduated');
    expect(decision(49.99, 50, true)).toBe('repeat');
    expect(decision(60, 65, true)).toBe('repeat');
  });
});

describe('the evaluation set', () => {
  it("refuses a total above the subject's max grade and says the total", () => {
    expect(exceededTotal([2000, 3000], 5000, 10000)).toBeNull();
    expect(exceededTotal([2000, 3000], 5050, 10000)).toBe(10050);
    expect(limitReached([2000, 3000, 5000], 10000)).toBe(true);
    expect(limitReached([2000, 3000], 10000)).toBe(false);
  });

  it('compares names case-insensitively and takes scores of two decimals', () => {
    expect(sameEvaluationName('Devoir 1', ' DEVOIR 1')).toBe(true);
    expect(sameEvaluationName('Examen', 'Éxamen')).toBe(false);
    expect(isScoreValue(12.25)).toBe(true);
    expect(isScoreValue(12.255)).toBe(false);
    expect(isScoreValue(-1)).toBe(false);
    expect(formatPoints(100.5)).toBe('100,5');
  });
});

describe('the period under way', () => {
  const periods = [
    { id: 't1', start_date: '2025-09-01' },
    { id: 't2', start_date: '2026-01-05' },
    { id: 't3', start_date: '2026-04-13' },
  ];
  it("is the last period started on the day (the school's day), the first before any has started or without dates", () => {
    expect(currentPeriodId(periods, '2026-02-10')).toBe('t2');
    expect(currentPeriodId(periods, '2026-01-05')).toBe('t2');
    expect(currentPeriodId(periods, '2026-01-04')).toBe('t1');
    expect(currentPeriodId(periods, '2026-07-01')).toBe('t3');
    expect(currentPeriodId(periods, '2025-08-01')).toBe('t1');
    expect(currentPeriodId([{ id: 'a' }, { id: 'b', start_date: null }], '2026-02-10')).toBe('a');
    // Only some dated: the dated ones that have started count.
    expect(currentPeriodId([{ id: 'a' }, { id: 'b', start_date: '2026-01-05' }, { id: 'c' }], '2026-02-10')).toBe('b');
    expect(currentPeriodId([], '2026-02-10')).toBeNull();
  });

  it('reads today in Port-au-Prince: 20:00 there on 10 February is already the 11th in UTC', () => {
    expect(schoolToday(new Date('2026-02-11T01:00:00Z'))).toBe('2026-02-10');
  });
});

describe('the automatic appreciation', () => {
  it('picks the tier at 90, 80 and 60 and the phrase by the floored average modulo four (hundredths of a percent)', () => {
    expect([9500, 9000, 8999, 8000, 7990, 6000, 5999].map(appreciationTier)).toEqual([
      'top',
      'top',
      'good',
      'good',
      'average',
      'average',
      'poor',
    ]);
    expect([9000, 9190, 9200, 9500].map(phraseIndex)).toEqual([2, 3, 0, 3]);
  });

  const phrases = {
    top: ['t0', 't1', 't2', 't3'],
    good: ['g0', 'g1', 'g2', 'g3'],
    average: ['a0', 'a1', 'a2', 'a3'],
    poor: ['p0', 'p1', 'p2', 'p3'],
  } as const;

  it('reads whole-number averages exactly: 43.5 / 75 is 58 %, not 57.999… (issue 23)', () => {
    // The floating percent floors to 57 and picked the phrase of 57.
    expect(Math.floor((4350 / 7500) * 100)).toBe(57);
    expect(subjectHundredths([{ score: toHundredths(43.5), max: toHundredths(75) }])).toBe(5800);
    expect(suggestedAppreciation(5800, phrases)).toBe('p2');
    // The other whole percents the floating division floors one too low: 14.5 / 25, 14.5 / 50, 28.5 / 50, 57 / 100.
    const traps = [
      [14.5, 25],
      [14.5, 50],
      [28.5, 50],
      [57, 100],
    ] as const;
    expect(traps.map(([score, max]) => Math.floor((score / max) * 100))).toEqual([57, 28, 56, 56]);
    expect(
      traps.map(([score, max]) => subjectHundredths([{ score: toHundredths(score), max: toHundredths(max) }])),
    ).toEqual([5800, 2900, 5700, 5700]);
    // Several evaluations: (12 + 31.5) / (20 + 55) = 58 %.
    expect(
      subjectHundredths([
        { score: 1200, max: 2000 },
        { score: 3150, max: 5500 },
      ]),
    ).toBe(5800);
    // Rounded half up to the hundredth shown: 2 / 3 = 66.67 %, 89.995 % shows 90,00 % and is top.
    expect(percentHundredths(200, 300)).toBe(6667);
    expect(percentHundredths(89995, 100000)).toBe(9000);
    expect(suggestedAppreciation(9000, phrases)).toBe('t2');
    expect(subjectHundredths([])).toBeNull();
  });

  it('gives the report card the same exact average as the grade book', () => {
    const cards = buildReportCards({
      data: {
        enrollments: [
          {
            id: 'e1',
            student: { id: 's1', nom: 'Alix', prenom: 'Anne', nisu: null, date_of_birth: null, sexe: null },
          },
        ],
        subjects: [{ subject_id: 'm', subject_name: 'Mathématiques', max_grade: 75 }],
        gradesByEnrollment: {
          e1: [{ subject_id: 'm', period_id: 'p1', evaluation_name: 'Devoir', score: 43.5, max_score: 75 }],
        },
        appreciationsByEnrollment: {},
        generalAppreciationsByEnrollment: {},
      },
      periods: [{ id: 'p1', name: 'Trimestre 1' }],
      periodId: 'p1',
      passingGrade: 50,
      lastClass: false,
    });
    expect(cards.cards[0]!.subjects[0]!.hundredths).toBe(5800);
  });
});
