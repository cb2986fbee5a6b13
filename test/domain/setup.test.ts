import { describe, expect, it } from 'vitest';
import { planSetup, type SetupInput } from '../../worker/domain/setup';

const input = (overrides: Partial<SetupInput> = {}): SetupInput => ({
  yearName: '2025-2026',
  periods: ['Trimestre 1', 'Trimestre 2'],
  classes: [{ name: '7e AF' }, { name: '8e AF', order_index: 5 }],
  subjects: ['Mathématiques', 'Français'],
  curriculum: [
    { className: '7e AF', subjectName: 'Mathématiques' },
    { className: '8e af', subjectName: 'français', maxGrade: 12.34 },
  ],
  financials: [
    { className: '7e AF', mppa: 15000.1 },
    { className: '8e AF', mppa: null },
  ],
  ...overrides,
});

let n = 0;
const newId = () => `id-${++n}`;

describe('setup wizard plan', () => {
  it('plans every row, with hundredths, centimes and the default max grade', () => {
    const result = planSetup(input(), { classes: [], subjects: [] }, newId);
    if (!result.ok) throw new Error(result.message);
    const { plan } = result;
    expect(plan.year.name).toBe('2025-2026');
    expect(plan.periods.map((p) => [p.name, p.position])).toEqual([
      ['Trimestre 1', 0],
      ['Trimestre 2', 1],
    ]);
    expect(plan.newClasses.map((c) => [c.name, c.orderIndex])).toEqual([
      ['7e AF', 1],
      ['8e AF', 5],
    ]);
    expect(plan.curriculum.map((c) => c.maxGrade)).toEqual([10000, 1234]);
    expect(plan.fees.map((f) => f.mppa)).toEqual([1500010, null]);
  });

  it('reuses existing classes and subjects by name, whatever the case', () => {
    const result = planSetup(
      input(),
      { classes: [{ id: 'c7', name: '7E AF' }], subjects: [{ id: 'sm', name: 'mathématiques' }] },
      newId,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.plan.newClasses.map((c) => c.name)).toEqual(['8e AF']);
    expect(result.plan.reorderedClasses).toEqual([{ id: 'c7', name: '7E AF', orderIndex: 1 }]);
    expect(result.plan.newSubjects.map((s) => s.name)).toEqual(['Français']);
    expect(result.plan.curriculum[0]).toMatchObject({ classId: 'c7', subjectId: 'sm' });
  });

  it('answers the spec’s validation messages', () => {
    const message = (overrides: Partial<SetupInput>) => {
      const result = planSetup(input(overrides), { classes: [], subjects: [] }, newId);
      return result.ok ? null : result.message;
    };
    expect(message({ yearName: '2025-26' })).toBe('Veuillez utiliser le format AAAA-AAAA.');
    expect(message({ periods: [' '] })).toBe('Chaque période doit avoir un nom.');
    expect(message({ classes: [{ name: '' }] })).toBe('Chaque classe doit avoir un nom.');
    expect(message({ subjects: [] })).toBe('Ajoutez au moins une matière.');
    expect(message({ subjects: ['Maths', ''] })).toBe('Chaque matière doit avoir un nom.');
    expect(message({ periods: ['T1', 't1'] })).toBe('La période « t1 » apparaît deux fois.');
    expect(message({ curriculum: [{ className: 'Philo', subjectName: 'Français' }] })).toBe(
      "Le programme ou les frais citent une classe absente de l'assistant : Philo.",
    );
    expect(message({ financials: [{ className: '7e AF', mppa: -1 }] })).toBe(
      'Le montant doit être un nombre positif ou vide.',
    );
    expect(message({})).toBeNull();
  });
});
