// Families (decision 360, 361): a guardian's phone written one way, and the year's fees as instalments.
import { describe, expect, it } from 'vitest';
import { guardianPhone, instalmentsOf, phoneShown } from '../../worker/domain/guardians';

describe('guardian phone', () => {
  it('reads a Haitian number however it is typed', () => {
    for (const typed of ['3712 3456', '+509 37-12-34-56', '00509 37123456', '509.3712.3456', '(509) 3712-3456'])
      expect(guardianPhone(typed), typed).toBe('+50937123456');
    for (const wrong of ['1234', '+1 305 555 0100', '17123456', '3712345', '371234567', ''])
      expect(guardianPhone(wrong), wrong).toBeNull();
    expect(phoneShown('+50937123456')).toBe('+509 3712 3456');
  });
});

describe('instalments', () => {
  const periods = [
    { name: 'Trimestre 1', start_date: '2025-09-01' },
    { name: 'Trimestre 2', start_date: '2026-01-05' },
    { name: 'Trimestre 3', start_date: '2026-04-06' },
  ];
  it('split the adjusted fees over the dated periods, the cents left on the last, settled in order', () => {
    expect(instalmentsOf(1_000_000, 400_000, periods, '2025-08-01')).toEqual([
      { name: 'Trimestre 1', due_date: '2025-09-01', amount: 333_333, left: 0 },
      { name: 'Trimestre 2', due_date: '2026-01-05', amount: 333_333, left: 266_666 },
      { name: 'Trimestre 3', due_date: '2026-04-06', amount: 333_334, left: 333_334 },
    ]);
  });
  it('make one instalment at the year start without dated periods; none when nothing is owed', () => {
    expect(instalmentsOf(50_000, 0, [{ name: 'T1', start_date: null }], '2025-08-01')).toEqual([
      { name: '', due_date: '2025-08-01', amount: 50_000, left: 50_000 },
    ]);
    expect(instalmentsOf(0, 0, periods, '2025-08-01')).toEqual([]);
    expect(instalmentsOf(90_000, 120_000, periods, '2025-08-01').every((i) => i.left === 0)).toBe(true);
  });
});
