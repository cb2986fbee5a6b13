import { describe, expect, it } from 'vitest';
import { countdownClock, suspensionNotice } from '../../worker/domain/school-access';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const now = new Date('2026-11-20T10:00:00.000Z');
const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('suspension banner (7, 3 and 1 day thresholds)', () => {
  it('shows nothing without an expiry date or with 7 days or more left', () => {
    expect(suspensionNotice(null, now)).toEqual({ level: 'none' });
    expect(suspensionNotice('pas une date', now)).toEqual({ level: 'none' });
    expect(suspensionNotice(inMs(7 * DAY), now)).toEqual({ level: 'none' });
    expect(suspensionNotice(inMs(30 * DAY), now)).toEqual({ level: 'none' });
  });

  it('warns under 7 days, in danger style with hours under 3 days', () => {
    expect(suspensionNotice(inMs(7 * DAY - 1), now)).toEqual({ level: 'warning', days: 6 });
    expect(suspensionNotice(inMs(3 * DAY), now)).toEqual({ level: 'warning', days: 3 });
    expect(suspensionNotice(inMs(2 * DAY + 5 * HOUR + 10_000), now)).toEqual({ level: 'danger', days: 2, hours: 5 });
    expect(suspensionNotice(inMs(DAY), now)).toEqual({ level: 'danger', days: 1, hours: 0 });
  });

  it('counts down the last day, then says access has expired', () => {
    expect(suspensionNotice(inMs(DAY - 1000), now)).toEqual({ level: 'countdown', seconds: 86399 });
    expect(countdownClock(86399)).toBe('23:59:59');
    expect(countdownClock(3725)).toBe('01:02:05');
    expect(suspensionNotice(inMs(0), now)).toEqual({ level: 'expired' });
    expect(suspensionNotice(inMs(-DAY), now)).toEqual({ level: 'expired' });
  });
});
