// The month of the home screen's figures, in the schools' time zone.
import { describe, expect, it } from 'vitest';
import { currentMonth, monthRange } from '../../worker/domain/dashboard';

describe('the month of the figures', () => {
  it('turns at midnight in Port-au-Prince and bounds payment dates', () => {
    // 03:30 UTC on 1 March is still 28 February in Haiti (UTC-5).
    expect(currentMonth(new Date('2026-03-01T03:30:00Z'))).toBe('2026-02');
    expect(currentMonth(new Date('2026-03-01T06:00:00Z'))).toBe('2026-03');
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
    expect(monthRange('2025-12')).toEqual({ from: '2025-12-01', to: '2026-01-01' });
  });
});
