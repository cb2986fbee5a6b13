import { describe, expect, it } from 'vitest';
import {
  accountAttempt,
  accountRelease,
  type AccountLimitState,
  accountStateOf,
  accountSuccess,
  accountWait,
  addressAttempt,
  addressRelease,
  type AddressLimitState,
  type Attempter,
  clientOf,
  emptyAccountState,
  emptyAddressState,
  LOGIN_LIMITS,
} from '../../worker/domain/login-limits';

const t0 = Date.UTC(2026, 10, 2, 7, 30);
const phone: Attempter = { ...clientOf('41.77.10.20'), device: 'phone-of-the-director-0' };
const stranger: Attempter = { ...clientOf('203.0.113.9'), device: null };
const MINUTE = 60_000;

/** Failed attempts, each as soon as it is allowed; returns the state, the waits seen and the time. */
function failRepeatedly(state: AccountLimitState, who: Attempter, count: number, start = t0) {
  let now = start;
  const waits: number[] = [];
  for (let i = 0; i < count; i++) {
    let step = accountAttempt(state, who, `a${i}-${now}`, now);
    while (!step.verdict.allowed) {
      waits.push(step.verdict.retryAfterSeconds);
      now += step.verdict.retryAfterSeconds * 1000;
      step = accountAttempt(step.state, who, `a${i}-${now}`, now);
    }
    state = step.state;
  }
  return { state, waits, now };
}

/** The account after the director's phone signed in once. */
function signedInOnce(who = phone, at = t0) {
  const attempt = accountAttempt(emptyAccountState(), who, 'first', at);
  return accountSuccess(attempt.state, who, 'first', at);
}

describe('wrong passwords on an account', () => {
  it('are free five times, then wait 30 s doubling, and never more than 10 in an hour', () => {
    const { waits, now } = failRepeatedly(emptyAccountState(), stranger, 12);
    // 30 s, 1, 2, 4, 8 min, then the hour's allowance: the oldest failure must leave the window.
    expect(waits.slice(0, 5)).toEqual([30, 60, 120, 240, 480]);
    expect(waits[5]).toBe(60 * 60 - (30 + 60 + 120 + 240 + 480));
    // Twelve failures took more than an hour: never more than 10 in any hour.
    expect(now - t0).toBeGreaterThan(LOGIN_LIMITS.windowMs);
  });

  it('count an attempt when it starts, so a burst gets only the free attempts', () => {
    let state = emptyAccountState();
    const verdicts = [];
    for (let i = 0; i < 60; i++) {
      const step = accountAttempt(state, stranger, `burst-${i}`, t0);
      state = step.state;
      verdicts.push(step.verdict.allowed);
    }
    expect(verdicts.filter(Boolean)).toHaveLength(LOGIN_LIMITS.freeFailures);
  });

  it('of every device the account has not proven count together: strangers share 10 an hour', () => {
    let state = emptyAccountState();
    for (let i = 0; i < 5; i++)
      state = failRepeatedly(state, { ...clientOf(`198.51.100.${i}`), device: null }, 1).state;
    const next = accountAttempt(state, { ...clientOf('192.0.2.1'), device: 'some-new-phone-000000' }, 'x', t0 + 1000);
    expect(next.verdict).toEqual({ allowed: false, retryAfterSeconds: 29 });
  });

  it('never hold a device the account has proven, whatever strangers did', () => {
    let state = signedInOnce();
    state = failRepeatedly(state, stranger, 10).state;
    const strangerAgain = accountAttempt(state, stranger, 'again', t0 + 20 * MINUTE);
    expect(strangerAgain.verdict.allowed).toBe(false);
    const director = accountAttempt(state, phone, 'director', t0 + 20 * MINUTE);
    expect(director.verdict).toEqual({ allowed: true });
    expect(director.proven).toBe(true);
  });

  it('from a proven device count on that device alone, and its success forgets them', () => {
    let state = signedInOnce();
    const failed = failRepeatedly(state, phone, 5);
    expect(accountAttempt(failed.state, phone, 'sixth', failed.now).verdict.allowed).toBe(false);
    // A stranger is not held by the device's failures...
    expect(accountAttempt(failed.state, stranger, 'other', failed.now).verdict.allowed).toBe(true);
    // ...and the device's right password, once allowed, forgets them.
    const later = failed.now + 30_000;
    const right = accountAttempt(failed.state, phone, 'right', later);
    expect(right.verdict.allowed).toBe(true);
    state = accountSuccess(right.state, phone, 'right', later);
    expect(state.devices[phone.device!]!.failures).toEqual([]);
  });

  it('are forgotten an hour later', () => {
    const { state, now } = failRepeatedly(emptyAccountState(), stranger, 10);
    expect(accountWait(state.others, now)).toBeGreaterThan(0);
    expect(accountAttempt(state, stranger, 'later', now + LOGIN_LIMITS.windowMs).verdict).toEqual({ allowed: true });
  });

  it('tell whether the attempt is proven: a known device, or a network the account signed in from', () => {
    const state = signedInOnce();
    expect(accountAttempt(state, phone, 'a', t0).proven).toBe(true);
    expect(accountAttempt(state, { ...clientOf('41.77.10.99'), device: null }, 'b', t0).proven).toBe(true);
    expect(accountAttempt(state, stranger, 'c', t0).proven).toBe(false);
    expect(accountAttempt(state, { ...stranger, device: 'another-phone-0000000' }, 'd', t0).proven).toBe(false);
    // Proven for 90 days after the last success.
    expect(accountAttempt(state, phone, 'e', t0 + LOGIN_LIMITS.provenForMs + 1).proven).toBe(false);
  });

  it('give an attempt back when it is released or succeeds, keeping the others', () => {
    const failed = failRepeatedly(emptyAccountState(), stranger, 3);
    const started = accountAttempt(failed.state, stranger, 'released', failed.now);
    expect(started.state.others).toHaveLength(4);
    expect(accountRelease(started.state, 'released', failed.now).others).toHaveLength(3);
    const succeeded = accountSuccess(
      started.state,
      { ...stranger, device: 'now-proven-0000000000' },
      'released',
      failed.now,
    );
    expect(succeeded.others).toHaveLength(3);
    expect(Object.keys(succeeded.devices)).toEqual(['now-proven-0000000000']);
  });

  it('read the first version’s stored state, keeping its known networks', () => {
    const old = { clients: { '1.2.3.4': { failures: 3, last: t0 } }, known: { '41.77.10.0/24': t0 }, strangers: [] };
    expect(accountStateOf(old)).toEqual({ devices: {}, networks: { '41.77.10.0/24': t0 }, others: [] });
    expect(accountStateOf(undefined)).toEqual(emptyAccountState());
  });
});

describe('an address', () => {
  it('may fail 100 times an hour on accounts it has not proven, then waits 10 s doubling up to a minute', () => {
    let state: AddressLimitState = emptyAddressState();
    for (let i = 0; i < LOGIN_LIMITS.addressFreeFailures; i++) {
      const step = addressAttempt(state, `spray-${i}`, t0 + i);
      expect(step.verdict.allowed).toBe(true);
      state = step.state;
    }
    const last = t0 + LOGIN_LIMITS.addressFreeFailures - 1;
    expect(addressAttempt(state, 'next', last).verdict).toEqual({ allowed: false, retryAfterSeconds: 10 });
    let now = last + 10_000;
    const waits = [];
    for (let i = 0; i < 8; i++) {
      const step = addressAttempt(state, `more-${i}`, now);
      expect(step.verdict.allowed).toBe(true);
      state = step.state;
      const refused = addressAttempt(state, 'probe', now).verdict;
      if (refused.allowed) throw new Error('expected a wait');
      waits.push(refused.retryAfterSeconds);
      now += refused.retryAfterSeconds * 1000;
    }
    expect(waits).toEqual([20, 40, 60, 60, 60, 60, 60, 60]);
  });

  it('gives a place back for an attempt released, and forgets failures after an hour', () => {
    let state = emptyAddressState();
    for (let i = 0; i < LOGIN_LIMITS.addressFreeFailures; i++) state = addressAttempt(state, `a${i}`, t0).state;
    expect(addressAttempt(state, 'x', t0).verdict.allowed).toBe(false);
    expect(addressAttempt(addressRelease(state, 'a0'), 'x', t0).verdict.allowed).toBe(true);
    expect(addressAttempt(state, 'x', t0 + LOGIN_LIMITS.windowMs).verdict.allowed).toBe(true);
  });
});

describe('clientOf', () => {
  it('keys IPv4 clients by address and their network by /24', () => {
    expect(clientOf(' 41.77.10.20 ')).toEqual({ address: '41.77.10.20', network: '41.77.10.0/24' });
    expect(clientOf('::ffff:41.77.10.20')).toEqual({ address: '41.77.10.20', network: '41.77.10.0/24' });
  });

  it('keys IPv6 clients by their /64 and their network by /48', () => {
    expect(clientOf('2001:db8:abcd:12:1::5')).toEqual({
      address: '2001:db8:abcd:12::/64',
      network: '2001:db8:abcd::/48',
    });
    expect(clientOf('2001:DB8:ABCD:0012:ffff::1').address).toBe('2001:db8:abcd:12::/64');
  });

  it('treats a missing or malformed address as one unknown client', () => {
    for (const value of [null, undefined, '', 'pas une adresse', '1:2:3']) {
      expect(clientOf(value)).toEqual({ address: 'unknown', network: 'unknown' });
    }
  });
});
