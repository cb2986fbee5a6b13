import { describe, expect, it } from 'vitest';
import { GRACE_PERIOD_DAYS, isSchoolLocked } from '../../worker/domain/school-access';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-20T10:00:00.000Z');
const daysBefore = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

describe('school access (7-day grace after expiry)', () => {
  it('never locks a school without an expiry date', () => {
    expect(isSchoolLocked(null, now)).toBe(false);
  });

  it('keeps a school open before its expiry and during the grace period', () => {
    expect(GRACE_PERIOD_DAYS).toBe(7);
    expect(isSchoolLocked(daysBefore(-30), now)).toBe(false);
    expect(isSchoolLocked(daysBefore(0), now)).toBe(false);
    expect(isSchoolLocked(daysBefore(6), now)).toBe(false);
    expect(isSchoolLocked(daysBefore(7), now)).toBe(false);
  });

  it('locks a school once the grace period is over', () => {
    expect(isSchoolLocked(new Date(now.getTime() - 7 * DAY - 1).toISOString(), now)).toBe(true);
    expect(isSchoolLocked(daysBefore(8), now)).toBe(true);
    expect(isSchoolLocked(daysBefore(365), now)).toBe(true);
  });

  it('accepts a plain date and ignores an unreadable one', () => {
    expect(isSchoolLocked('2026-11-01', now)).toBe(true);
    expect(isSchoolLocked('2026-11-15', now)).toBe(false);
    expect(isSchoolLocked('pas une date', now)).toBe(false);
  });
});
