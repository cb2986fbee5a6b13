// The school's clock on the server (issue 26; decision 210): a payment recorded in the Haitian
// evening, when UTC is already tomorrow, is dated that Haitian day; a payment dated tomorrow (the
// school's tomorrow) is refused during the whole Haitian day, morning and evening. The clock is
// mocked: the Worker runs in the tests' isolate and reads the same Date.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedPayment, SavedSheet } from '../../worker/contract/finance';
import { seedFinance } from './finance-fixture';
import { bodyOf, call, createSchool, tokenFor } from './helpers';

/** 15 January 2026 at 19:30 in Port-au-Prince (UTC-5): 00:30 UTC on the 16th. */
const EVENING = new Date('2026-01-15T19:30:00-05:00');
/** The same Haitian day at 08:00: 13:00 UTC, the same UTC day. */
const MORNING = new Date('2026-01-15T08:00:00-05:00');
const TODAY = '2026-01-15';
const TOMORROW = '2026-01-16';

async function cashierSchool() {
  const school = await createSchool({
    users: [{ username: 'comptable', type: 'standard', templates: ['accountant'] }],
  });
  const fixture = await seedFinance(school.id, {
    years: ['2025-2026'],
    classNames: ['9e AF'],
    enrolments: [{ nom: 'Joseph', prenom: 'Marie', className: '9e AF', mppa: 3_100_000 }],
  });
  const token = await tokenFor(school, 'comptable');
  return { school, token, path: `/api/enrollments/${fixture.enrollmentIds[0]}/payments` };
}

describe("payments are dated by the school's day (Port-au-Prince)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('dates a payment recorded at 19:30 in Haiti that Haitian day, not the UTC day after', async () => {
    vi.setSystemTime(EVENING);
    expect(new Date().toISOString().slice(0, 10)).toBe(TOMORROW); // what UTC says
    const { school, token, path } = await cashierSchool();

    const quick = await call(school, token, 'POST', path, { amount: 500 });
    expect(quick.status).toBe(201);
    const sheet = await bodyOf<SavedPayment>(quick);
    expect(sheet.payment.date).toBe(TODAY);

    // The ledger's new line without a date is stamped the same day.
    const ledger = await call(school, token, 'PUT', path, {
      version: sheet.enrollment.version,
      payments: [...sheet.enrollment.payments, { label: 'Versement 2', amount: 250 }],
      adjustments: [],
    });
    expect(ledger.status).toBe(200);
    expect((await bodyOf<SavedSheet>(ledger)).enrollment.payments.map((p) => p.date)).toEqual([TODAY, TODAY]);
  });

  it("refuses a payment dated the school's tomorrow, in the Haitian evening and morning alike", async () => {
    for (const now of [EVENING, MORNING]) {
      vi.setSystemTime(now);
      const { school, token, path } = await cashierSchool();
      const refused = await call(school, token, 'POST', path, { amount: 500, date: TOMORROW });
      expect(refused.status, now.toISOString()).toBe(400);
      expect((await bodyOf(refused)).message).toBe('La date du versement ne peut pas être dans le futur.');
      const ledger = await call(school, token, 'PUT', path, {
        version: 0,
        payments: [{ label: 'Versement 1', amount: 500, date: TOMORROW }],
        adjustments: [],
      });
      expect(ledger.status, now.toISOString()).toBe(400);
      // Today is accepted.
      const accepted = await call(school, token, 'POST', path, { amount: 500, date: TODAY });
      expect(accepted.status, now.toISOString()).toBe(201);
      expect((await bodyOf<SavedPayment>(accepted)).payment.date).toBe(TODAY);
    }
  });
});
