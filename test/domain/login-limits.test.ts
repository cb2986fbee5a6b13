import { describe, expect, it } from 'vitest';
import {
  accountAttempt,
  type AccountLimitState,
  accountSuccess,
  addressAttempt,
  type AddressLimitState,
  addressRelease,
  clientOf,
  delayAfter,
  emptyAccountState,
  emptyAddressState,
  LOGIN_LIMITS,
} from '../../worker/domain/login-limits';

const t0 = Date.UTC(2026, 10, 2, 7, 30);
const home = clientOf('41.77.10.20');
const stranger = clientOf('203.0.113.9');

/** Failed attempts from a client, each as soon as it is allowed; returns the state and the waits seen. */
function failRepeatedly(state: AccountLimitState, client = stranger, count = 1, start = t0) {
  let now = start;
  const waits: number[] = [];
  for (let i = 0; i < count; i++) {
    let step = accountAttempt(state, client, `a${i}`, now);
    while (!step.verdict.allowed) {
      waits.push(step.verdict.retryAfterSeconds);
      now += step.verdict.retryAfterSeconds * 1000;
      step = accountAttempt(step.state, client, `a${i}`, now);
    }
    state = step.state;
  }
  return { state, waits, now };
}

describe('sign-in delays per account and client', () => {
  it('lets a client fail 5 times, then doubles the wait from 1 second up to 15 minutes', () => {
    expect([0, 4, 5, 6, 7, 14, 15, 40].map((n) => delayAfter(n, LOGIN_LIMITS.freeFailures))).toEqual([
      0, 0, 1000, 2000, 4000, 512_000, 900_000, 900_000,
    ]);
    const { waits } = failRepeatedly(emptyAccountState(), stranger, 9);
    expect(waits).toEqual([1, 2, 4, 8]);
  });

  it('counts an attempt when it starts, so a burst gets only the free attempts', () => {
    let state = emptyAccountState();
    const verdicts = [];
    for (let i = 0; i < 60; i++) {
      const step = accountAttempt(state, stranger, `burst-${i}`, t0);
      state = step.state;
      verdicts.push(step.verdict.allowed);
    }
    expect(verdicts.filter(Boolean)).toHaveLength(LOGIN_LIMITS.freeFailures);
  });

  it('forgets a client’s failures when it gives the right password, and remembers its network', () => {
    const failed = failRepeatedly(emptyAccountState(), home, 4);
    const attempt = accountAttempt(failed.state, home, 'right', failed.now);
    expect(attempt.verdict.allowed).toBe(true);
    const state = accountSuccess(attempt.state, home, 'right', failed.now);
    expect(state.clients[home.address]).toBeUndefined();
    expect(Object.keys(state.known)).toEqual(['41.77.10.0/24']);
    // Its earlier failures still count for the account; the successful attempt does not.
    expect(state.strangers.map((s) => s.id)).toEqual(['a0', 'a1', 'a2', 'a3']);
  });

  it('never makes a known client wait for the failures of others', () => {
    const signedIn = accountAttempt(emptyAccountState(), home, 'first', t0);
    let state = accountSuccess(signedIn.state, home, 'first', t0);
    // Forty clients try one wrong password each: the unknown clients now wait, the known one does not.
    for (let i = 0; i < 40; i++) state = failRepeatedly(state, clientOf(`198.51.100.${i}`), 1, t0 + i).state;
    const now = t0 + 60_000;
    expect(accountAttempt(state, clientOf('192.0.2.77'), 'newcomer', now).verdict.allowed).toBe(false);
    expect(accountAttempt(state, clientOf('41.77.10.99'), 'same-network', now).verdict).toEqual({ allowed: true });
  });

  it('holds unknown clients together to a growing wait after 10 failures in a day', () => {
    let state = emptyAccountState();
    for (let i = 0; i < LOGIN_LIMITS.strangerFreeFailures; i++)
      state = failRepeatedly(state, clientOf(`198.51.100.${i}`), 1, t0).state;
    const refused = accountAttempt(state, clientOf('192.0.2.1'), 'eleventh', t0);
    expect(refused.verdict).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(accountAttempt(state, clientOf('192.0.2.1'), 'eleventh', t0 + 1000).verdict.allowed).toBe(true);
    // A day later the failures no longer count.
    expect(
      accountAttempt(state, clientOf('192.0.2.1'), 'later', t0 + LOGIN_LIMITS.strangerWindowMs).verdict.allowed,
    ).toBe(true);
  });
});

describe('ceiling per client address', () => {
  it('allows 100 password checks an hour from one address, over every account', () => {
    let state: AddressLimitState = emptyAddressState();
    for (let i = 0; i < LOGIN_LIMITS.addressCeiling; i++) {
      const step = addressAttempt(state, `n${i}`, t0 + i * 1000);
      expect(step.verdict.allowed).toBe(true);
      state = step.state;
    }
    const refused = addressAttempt(state, 'over', t0 + 100_000);
    expect(refused.verdict).toEqual({ allowed: false, retryAfterSeconds: 3500 });
    // A check that did not happen, or succeeded, gives its place back.
    expect(addressAttempt(addressRelease(state, 'n5'), 'again', t0 + 100_000).verdict.allowed).toBe(true);
    expect(addressAttempt(state, 'hour-later', t0 + LOGIN_LIMITS.addressWindowMs).verdict.allowed).toBe(true);
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
