// The month of the home screen's figures, in the schools' time zone.
import { describe, expect, it } from 'vitest';
import { monthRange } from '../../worker/domain/dashboard';

describe('the month of the figures', () => {
  it('bounds payment dates', () => {
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
    expect(monthRange('2025-12')).toEqual({ from: '2025-12-01', to: '2026-01-01' });
  });
});
