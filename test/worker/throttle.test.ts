// The sign-in limits of decision 040 through the API: attempts counted before they are checked,
// growing delays per account and client, the real user never locked out by strangers.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { type AccountLimitState, clientOf, delayAfter, LOGIN_LIMITS } from '../../worker/domain/login-limits';
import { accountThrottle, addressThrottle } from '../../worker/durable/login-throttle';
import { bodyOf, createPlatformUser, createSchool, PASSWORD, type TestSchool } from './helpers';

const WRONG = 'Mauvais#Mot2passe';

/** A sign-in from a client address (Cloudflare's CF-Connecting-IP). */
const loginFrom = (school: TestSchool, ip: string, username: string, password = PASSWORD) =>
  school.fetch('/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
    body: JSON.stringify({ username, password }),
  });

/** Each test uses its own addresses, so that the hourly ceiling of one test never touches another. */
const addressOf = (n: number) => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${n}`;

/**
 * Ten wrong passwords from a client on an account, each made as soon as it was allowed, the last
 * 2 s ago: the next try must wait 32 s. Written with their times, so no test waits for delays.
 */
async function failedRecently(instanceId: string | null, username: string, ip: string) {
  const byAccount = accountThrottle(env, instanceId, username);
  const delays = Array.from({ length: 10 }, (_, n) => delayAfter(n, LOGIN_LIMITS.freeFailures));
  let at = Date.now() - delays.reduce((a, b) => a + b, 0) - 2000;
  for (let i = 0; i < 10; i++) {
    at += delays[i]!;
    expect(await byAccount.beginAccount(clientOf(ip), `failure-${i}`, at)).toEqual({ allowed: true });
  }
}

/** The failures an account object holds for a client. */
async function failuresOf(instanceId: string | null, username: string, ip: string) {
  return runInDurableObject(accountThrottle(env, instanceId, username), async (_instance, state) => {
    const stored = await state.storage.get<AccountLimitState>('state');
    return stored?.clients[clientOf(ip).address]?.failures ?? 0;
  });
}

/** Wrong passwords from one client until the answer is no longer 401; returns the statuses. */
async function failUntilRefused(school: TestSchool, ip: string, username: string) {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 8; attempt++) {
    const res = await loginFrom(school, ip, username, WRONG);
    statuses.push(res.status);
    if (res.status !== 401) return { statuses, res };
  }
  throw new Error(`never refused: ${statuses.join(', ')}`);
}

describe('login throttling', () => {
  it('counts parallel attempts before checking them: a burst gets the free tries only', async () => {
    const school = await createSchool();
    const ip = addressOf(1);
    const attempts = Array.from({ length: 60 }, (_, i) =>
      loginFrom(school, ip, 'secretaire', i === 49 ? PASSWORD : WRONG),
    );
    const answers = await Promise.all(attempts);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(LOGIN_LIMITS.freeFailures);
    // The right password, sent 50th, is refused like the rest: it was never checked.
    expect(statuses[49]).toBe(429);
    const refused = answers[49]!;
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(await bodyOf(refused)).toMatchObject({
      code: 'too_many_attempts',
      retryAfter: Number(refused.headers.get('Retry-After')),
    });
  });

  it('makes a client wait after 5 wrong passwords, and says how long in Retry-After', async () => {
    const school = await createSchool();
    const { statuses, res } = await failUntilRefused(school, addressOf(2), 'secretaire');
    expect(statuses.slice(0, LOGIN_LIMITS.freeFailures)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    const wait = Number(res.headers.get('Retry-After'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(await bodyOf(res)).toEqual({
      message: `Trop de tentatives de connexion. Réessayez dans ${wait} seconde${wait > 1 ? 's' : ''}.`,
      code: 'too_many_attempts',
      retryAfter: wait,
    });
  });

  it('doubles the wait after each further failure, and the right password waits too', async () => {
    const school = await createSchool();
    const ip = addressOf(12);
    await failedRecently(school.id, 'secretaire', ip);
    // The next try must wait 32 s after the last failure: about 30 s from now.
    const right = await loginFrom(school, ip, 'secretaire');
    expect(right.status).toBe(429);
    const wait = Number(right.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(31);
    expect((await bodyOf(right)).message).toBe(`Trop de tentatives de connexion. Réessayez dans ${wait} secondes.`);
  });

  it('never locks the real user out from a known client because of a stranger’s failures', async () => {
    const school = await createSchool();
    const office = addressOf(3);
    // The director signed in from the school's office before.
    expect((await loginFrom(school, office, 'admin')).status).toBe(200);
    // Then strangers from many addresses tried wrong passwords on 'admin', each as soon as allowed
    // (written with their times: the test must not wait for the real delays).
    const byAccount = accountThrottle(env, school.id, 'admin');
    const strangers = 18;
    const delays = Array.from({ length: strangers }, (_, n) => delayAfter(n, LOGIN_LIMITS.strangerFreeFailures));
    let at = Date.now() - delays.reduce((a, b) => a + b, 0) - 1000;
    for (let i = 0; i < strangers; i++) {
      at += delays[i]!;
      expect(await byAccount.beginAccount(clientOf(`198.51.${i}.7`), `stranger-${i}`, at)).toEqual({ allowed: true });
    }
    // A new client now waits minutes, even with the right password...
    const newcomer = await loginFrom(school, '192.0.2.44', 'admin');
    expect(newcomer.status).toBe(429);
    expect(Number(newcomer.headers.get('Retry-After'))).toBeGreaterThan(60);
    const stranger = await loginFrom(school, '203.0.113.9', 'admin', WRONG);
    expect(stranger.status).toBe(429);
    // ...but the director, from the office, signs in at once.
    expect((await loginFrom(school, office, 'admin')).status).toBe(200);
  });

  it('limits unknown usernames exactly like real ones', async () => {
    const school = await createSchool();
    const ip = addressOf(4);
    const answers = async (username: string) => {
      const bodies = [];
      for (let i = 0; i < LOGIN_LIMITS.freeFailures; i++)
        bodies.push(await bodyOf(await loginFrom(school, ip, username, WRONG)));
      return bodies;
    };
    expect(await answers('personne')).toEqual(await answers('secretaire'));
    expect(await failuresOf(school.id, 'personne', ip)).toBe(LOGIN_LIMITS.freeFailures);
    expect(await failuresOf(school.id, 'secretaire', ip)).toBe(LOGIN_LIMITS.freeFailures);
  });

  it('limits one username of one school only', async () => {
    const school = await createSchool();
    const other = await createSchool();
    const ip = addressOf(6);
    await failedRecently(school.id, 'secretaire', ip);
    expect((await loginFrom(school, ip, 'secretaire')).status).toBe(429);
    // The same username in another school, and another user of the same school, still sign in.
    expect((await loginFrom(other, ip, 'secretaire')).status).toBe(200);
    expect((await loginFrom(school, ip, 'comptable')).status).toBe(200);
  });

  it('counts a platform account’s attempts on every host together', async () => {
    const schoolA = await createSchool();
    const schoolB = await createSchool();
    const superadmin = await createPlatformUser();
    const ip = addressOf(7);
    for (let i = 0; i < 3; i++) expect((await loginFrom(schoolA, ip, superadmin.username, WRONG)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await loginFrom(schoolB, ip, superadmin.username, WRONG)).status).toBe(401);
    // One object holds them: the sixth try waits, whichever host it comes through.
    expect(await failuresOf(null, superadmin.username, ip)).toBe(5);
  });

  it('limits usernames whatever their case', async () => {
    const school = await createSchool();
    const ip = addressOf(8);
    for (let i = 0; i < 3; i++) expect((await loginFrom(school, ip, 'SECRETAIRE', WRONG)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await loginFrom(school, ip, 'Secretaire', WRONG)).status).toBe(401);
    expect(await failuresOf(school.id, 'secretaire', ip)).toBe(5);
  });

  it('forgets a client’s failures after it signs in', async () => {
    const school = await createSchool();
    const ip = addressOf(9);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LOGIN_LIMITS.freeFailures - 1; i++)
        expect((await loginFrom(school, ip, 'secretaire', WRONG)).status).toBe(401);
      expect((await loginFrom(school, ip, 'secretaire')).status).toBe(200);
    }
  });

  it('stops one address from checking passwords past its hourly ceiling, over every account', async () => {
    const school = await createSchool();
    const ip = addressOf(10);
    // The address has already had its 100 checks this hour (on any accounts of any school).
    const byAddress = addressThrottle(env, clientOf(ip));
    for (let i = 0; i < LOGIN_LIMITS.addressCeiling; i++)
      expect((await byAddress.beginAddress(`earlier-${i}`)).allowed).toBe(true);
    const refused = await loginFrom(school, ip, 'secretaire');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3000);
    // Another address is not held back.
    expect((await loginFrom(school, addressOf(11), 'secretaire')).status).toBe(200);
  });
});
