// The promotion's rules on hand-made figures: the next year by name, the next class by order,
// admitted at the passing grade (on the report cards' annual average), failed below, 'Sans notes'
// without any grade (never decided by default, issue 38), overrides, destinations.
import { describe, expect, it } from 'vitest';
import type { ReportData } from '../../worker/contract/grades';
import {
  classBase,
  classResults,
  classTargets,
  destination,
  nextYearName,
  outcomeOf,
} from '../../worker/domain/promotion';

const periods = [
  { id: 'p1', name: 'Trimestre 1' },
  { id: 'p2', name: 'Trimestre 2' },
];

const student = (id: string, nom: string) => ({
  id: `e-${id}`,
  student: { id, nom, prenom: 'A', nisu: null, date_of_birth: null, sexe: null },
});
const mark = (subject_id: string, period_id: string, score: number, max_score: number) => ({
  subject_id,
  period_id,
  evaluation_name: 'Devoir',
  score,
  max_score,
});

// Maths counts 100 points, French 50: the period average weighs subjects by their max grade.
const data: ReportData = {
  enrollments: [student('s1', 'Alpha'), student('s2', 'Beta'), student('s3', 'Gamma'), student('s4', 'Delta')],
  subjects: [
    { subject_id: 'maths', subject_name: 'Maths', max_grade: 100 },
    { subject_id: 'fr', subject_name: 'Français', max_grade: 50 },
  ],
  gradesByEnrollment: {
    // P1: maths 60 %, français 30 % -> (60*100 + 30*50) / 150 = 50 %; P2: maths 40 %, no français -> 40 %. Annual 45 %.
    'e-s1': [mark('maths', 'p1', 12, 20), mark('fr', 'p1', 6, 20), mark('maths', 'p2', 8, 20)],
    // P1 only: 15/20 = 75 %; annual 75 % (mean of the periods that exist).
    'e-s2': [mark('maths', 'p1', 15, 20)],
    // Exactly the passing grade: 50 % in both periods.
    'e-s3': [mark('fr', 'p1', 10, 20), mark('maths', 'p2', 5, 10)],
    // s4: no grade at all.
  },
  appreciationsByEnrollment: {},
  generalAppreciationsByEnrollment: {},
};

describe('promotion rules', () => {
  it('takes the next year by name and nothing from an odd name', () => {
    expect(nextYearName('2025-2026')).toBe('2026-2027');
    expect(nextYearName('2099-2100')).toBe('2100-2101');
    expect(nextYearName('2025-2027')).toBeNull();
    expect(nextYearName('Année 1')).toBeNull();
  });

  it('maps each class to the next by order and the last to none; a map replaces a default and names only known classes', () => {
    const classes = [
      { id: 'c7', name: '7e' },
      { id: 'c8', name: '8e' },
      { id: 'c9', name: '9e' },
    ];
    expect([...classTargets(classes).targets]).toEqual([
      ['c7', 'c8'],
      ['c8', 'c9'],
      ['c9', null],
    ]);
    expect(classTargets(classes, { c7: 'c9', c8: null }).targets.get('c7')).toBe('c9');
    expect(classTargets(classes, { c8: null }).targets.get('c8')).toBeNull();
    expect(classTargets(classes, { c7: 'zz' }).unknown).toBe('zz');
    expect(classTargets(classes, { zz: 'c7' }).unknown).toBe('zz');
  });

  it('admits at the passing grade on the two decimals shown, fails below, decides nothing without any grade', () => {
    expect(outcomeOf(50, 50)).toBe('admitted');
    expect(outcomeOf(49.996, 50)).toBe('admitted');
    expect(outcomeOf(49.99, 50)).toBe('failed');
    expect(outcomeOf(null, 50)).toBe('ungraded');
    expect(outcomeOf(0, 0)).toBe('admitted');
  });

  it("computes each student's annual average as the report cards do", () => {
    const results = classResults(data, periods, 50);
    expect(results.map((r) => [r.studentId, r.percent, r.computed, r.outcome])).toEqual([
      ['s1', 45, 'failed', 'failed'],
      ['s2', 75, 'admitted', 'admitted'],
      ['s3', 50, 'admitted', 'admitted'],
      ['s4', null, 'ungraded', 'ungraded'],
    ]);
    // The report's base is 100 (a subject counts 100 points): averages shown on 100; on 10 below.
    expect(classBase(data)).toBe(100);
    expect(classBase({ ...data, subjects: [{ subject_id: 'fr', subject_name: 'Français', max_grade: 20 }] })).toBe(10);
    expect(results.find((r) => r.studentId === 's1')!.average).toBe(45);
    // A higher passing grade fails the 50 %, and the 75 % still passes.
    expect(classResults(data, periods, 60).map((r) => r.computed)).toEqual([
      'failed',
      'admitted',
      'failed',
      'ungraded',
    ]);
  });

  it("lets the director override an outcome; an override equal to the grades' is not marked", () => {
    const results = classResults(data, periods, 50, { s1: 'admitted', s2: 'failed', s3: 'admitted' });
    expect(results.map((r) => [r.studentId, r.outcome, r.overridden])).toEqual([
      ['s1', 'admitted', true],
      ['s2', 'failed', true],
      ['s3', 'admitted', false],
      ['s4', 'ungraded', false],
    ]);
    // A pupil without grades is decided only by the director's choice.
    expect(classResults(data, periods, 50, { s4: 'failed' }).find((r) => r.studentId === 's4')).toMatchObject({
      computed: 'ungraded',
      outcome: 'failed',
      overridden: true,
    });
  });

  it('sends the admitted to the target class (none: graduated) and the failed back to their class', () => {
    expect(destination('admitted', 'c7', 'c8')).toBe('c8');
    expect(destination('failed', 'c7', 'c8')).toBe('c7');
    expect(destination('admitted', 'c9', null)).toBeNull();
    expect(destination('failed', 'c9', null)).toBe('c9');
    // 'Sans notes' without a choice: nowhere (left out of the execution).
    expect(destination('ungraded', 'c7', 'c8')).toBeUndefined();
  });
});
