// The sign-in limits of decision 040 through the API: attempts counted before they are checked,
// per account and per proven device; an address slowed only for the accounts and devices it has
// not proven, so that a school behind one address is never locked out by others' failures.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../../worker/auth/device-session';
import { type AccountLimitState, clientOf, LOGIN_LIMITS } from '../../worker/domain/login-limits';
import { accountThrottle, addressThrottle } from '../../worker/durable/login-throttle';
import { bodyOf, call, createPlatformUser, createSchool, PASSWORD, type TestSchool, tokenFor } from './helpers';

const WRONG = 'Mauvais#Mot2passe';
const STRONG = 'Nouveau#Passe-2027';

/** A sign-in from a client address (Cloudflare's CF-Connecting-IP), with the device cookie if any. */
const loginFrom = (school: TestSchool, ip: string, username: string, password = PASSWORD, device?: string) =>
  school.fetch('/api/login', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'CF-Connecting-IP': ip,
      ...(device ? { Cookie: `${DEVICE_COOKIE}=${device}` } : {}),
    },
    body: JSON.stringify({ username, password }),
  });

/** The device cookie a successful sign-in gave the browser. */
function deviceCookieOf(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!cookie) throw new Error('no device cookie');
  return cookie.slice(DEVICE_COOKIE.length + 1).split(';')[0]!;
}

/** Each test uses its own addresses, so that one test's address never touches another's. */
const addressOf = (n: number) => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${n}`;

/** `count` failures of strangers written into an account's object, the newest `agoMs` ago, a second apart. */
async function strangersFailed(instanceId: string | null, username: string, count: number, agoMs = 1000) {
  await runInDurableObject(accountThrottle(env, instanceId, username), async (_instance, state) => {
    const stored = (await state.storage.get<AccountLimitState>('state')) ?? { devices: {}, networks: {}, others: [] };
    for (let i = 0; i < count; i++) stored.others.push({ id: `stranger-${i}`, at: Date.now() - agoMs - i * 1000 });
    await state.storage.put('state', stored);
  });
}

/** `count` failures from an address on accounts it has not proven, the last a moment ago. */
async function addressFailed(ip: string, count: number) {
  const byAddress = addressThrottle(env, clientOf(ip));
  const start = Date.now() - count - 100;
  for (let i = 0; i < count; i++) expect((await byAddress.beginAddress(`earlier-${i}`, start + i)).allowed).toBe(true);
}

/** The failures an account object holds for the attempts of devices it has not proven. */
const othersOf = (instanceId: string | null, username: string) =>
  runInDurableObject(accountThrottle(env, instanceId, username), async (_instance, state) => {
    const stored = await state.storage.get<AccountLimitState>('state');
    return stored?.others.length ?? 0;
  });

describe('login throttling', () => {
  it('counts parallel attempts before checking them: a burst gets the free tries only', async () => {
    const school = await createSchool();
    const ip = addressOf(1);
    const attempts = Array.from({ length: 30 }, (_, i) =>
      loginFrom(school, ip, 'secretaire', i === 20 ? PASSWORD : WRONG),
    );
    const answers = await Promise.all(attempts);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(LOGIN_LIMITS.freeFailures);
    // The right password, sent 21st, is refused like the rest: it was never checked.
    expect(statuses[20]).toBe(429);
    const refused = answers[20]!;
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(await bodyOf(refused)).toMatchObject({
      code: 'too_many_attempts',
      retryAfter: Number(refused.headers.get('Retry-After')),
    });
  });

  it('answers 429 at the 6th wrong password in a row, and never lets 11 through in an hour', async () => {
    const school = await createSchool();
    const ip = addressOf(2);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await loginFrom(school, ip, 'secretaire', WRONG)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429]);
    // Ten failures already within the hour: the 11th waits for the oldest to leave it, right password or not.
    await strangersFailed(school.id, 'comptable', LOGIN_LIMITS.failuresPerHour, 60_000);
    const eleventh = await loginFrom(school, ip, 'comptable');
    expect(eleventh.status).toBe(429);
    const wait = Number(eleventh.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(60);
    expect((await bodyOf(eleventh)).message).toBe(
      `Trop de tentatives de connexion. Réessayez dans ${Math.ceil(wait / 60)} minutes.`,
    );
  });

  it('lets the right password of an untouched account in after 100 failures from its address on others', async () => {
    const school = await createSchool();
    const other = await createSchool();
    const shared = addressOf(3);
    // The director's phone signed in once before, from the school's mobile network.
    const first = await loginFrom(school, shared, 'admin');
    expect(first.status).toBe(200);
    const phone = deviceCookieOf(first);
    // Then the operator's shared address sent 100 wrong passwords over other schools' accounts: five
    // through the API, the 95 others written into the address's object (each costs a hash otherwise).
    for (const username of ['admin', 'secretaire', 'comptable', 'prof', 'eleve']) {
      expect((await loginFrom(other, shared, username, WRONG)).status, username).toBe(401);
    }
    await addressFailed(shared, 95);
    // The address is now slowed for the accounts and devices it has not proven...
    const unproven = await loginFrom(other, shared, 'secretaire');
    expect(unproven.status).toBe(429);
    expect(Number(unproven.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    // ...but the director's phone signs in at once, and so does another phone on that network.
    expect((await loginFrom(school, shared, 'admin', PASSWORD, phone)).status).toBe(200);
    expect((await loginFrom(school, shared, 'admin')).status).toBe(200);
  });

  it('never holds a proven device for the failures of strangers on its account', async () => {
    const school = await createSchool();
    const office = addressOf(4);
    const first = await loginFrom(school, office, 'admin');
    const phone = deviceCookieOf(first);
    // Strangers used the account's hour: ten wrong passwords.
    await strangersFailed(school.id, 'admin', LOGIN_LIMITS.failuresPerHour);
    // A stranger, even with the right password, waits; so does a new device...
    expect((await loginFrom(school, '203.0.113.9', 'admin')).status).toBe(429);
    expect((await loginFrom(school, office, 'admin', PASSWORD, 'a-device-never-seen-00')).status).toBe(429);
    // ...the director's phone does not, from any address.
    expect((await loginFrom(school, '192.0.2.44', 'admin', PASSWORD, phone)).status).toBe(200);
  });

  it('limits unknown usernames exactly like real ones', async () => {
    const school = await createSchool();
    const ip = addressOf(5);
    const answers = async (username: string) => {
      const bodies = [];
      for (let i = 0; i < LOGIN_LIMITS.freeFailures; i++)
        bodies.push(await bodyOf(await loginFrom(school, ip, username, WRONG)));
      return bodies;
    };
    expect(await answers('personne')).toEqual(await answers('secretaire'));
    expect(await othersOf(school.id, 'personne')).toBe(LOGIN_LIMITS.freeFailures);
    expect(await othersOf(school.id, 'secretaire')).toBe(LOGIN_LIMITS.freeFailures);
  });

  it('limits one username of one school only', async () => {
    const school = await createSchool();
    const other = await createSchool();
    const ip = addressOf(6);
    await strangersFailed(school.id, 'secretaire', LOGIN_LIMITS.failuresPerHour);
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
    expect(await othersOf(null, superadmin.username)).toBe(5);
    expect((await loginFrom(schoolA, ip, superadmin.username)).status).toBe(429);
  });

  it('limits usernames whatever their case', async () => {
    const school = await createSchool();
    const ip = addressOf(8);
    for (let i = 0; i < 3; i++) expect((await loginFrom(school, ip, 'SECRETAIRE', WRONG)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await loginFrom(school, ip, 'Secretaire', WRONG)).status).toBe(401);
    expect(await othersOf(school.id, 'secretaire')).toBe(5);
  });

  it('gives the device that signed in its own count, starting from nothing', async () => {
    const school = await createSchool();
    const ip = addressOf(9);
    // Four wrong passwords on the account already (written: each real one costs a hash).
    await strangersFailed(school.id, 'secretaire', 4, 60_000);
    const signedIn = await loginFrom(school, ip, 'secretaire');
    expect(signedIn.status).toBe(200);
    const phone = deviceCookieOf(signedIn);
    // Its own five free tries, whatever the account's other attempts hold.
    for (let i = 0; i < 5; i++) expect((await loginFrom(school, ip, 'secretaire', WRONG, phone)).status).toBe(401);
    expect((await loginFrom(school, ip, 'secretaire', PASSWORD, phone)).status).toBe(429);
    expect((await loginFrom(school, ip, 'secretaire')).status).toBe(200);
  });

  it('stops an address past its allowance only on accounts it has not proven', async () => {
    const school = await createSchool();
    const ip = addressOf(10);
    expect((await loginFrom(school, ip, 'comptable')).status).toBe(200);
    await addressFailed(ip, LOGIN_LIMITS.addressFreeFailures);
    const refused = await loginFrom(school, ip, 'secretaire');
    expect(refused.status).toBe(429);
    // Refused by the address: the account did not count it.
    expect(await othersOf(school.id, 'secretaire')).toBe(0);
    // An account proven from this network, and another address, are not held back.
    expect((await loginFrom(school, ip, 'comptable')).status).toBe(200);
    expect((await loginFrom(school, addressOf(11), 'secretaire')).status).toBe(200);
  });
});

describe('wrong current passwords', () => {
  it('count with the account’s other attempts on the password change, then answer 429 with the wait', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'secretaire');
    const change = (currentPassword: string) =>
      call(school, token, 'PUT', '/api/user/change-password', { currentPassword, newPassword: STRONG });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await change(WRONG)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right one now waits: the session cannot be used to guess faster.
    const right = await change(PASSWORD);
    expect(right.status).toBe(429);
    const wait = Number(right.headers.get('Retry-After'));
    expect(await bodyOf(right)).toEqual({
      message: `Trop de mots de passe incorrects. Réessayez dans ${wait} secondes.`,
      code: 'too_many_attempts',
      retryAfter: wait,
    });
    // The sign-in of a new device counts with them.
    expect((await loginFrom(school, addressOf(12), 'secretaire')).status).toBe(429);
  });

  it('take a right current password back, so a successful change leaves no failure behind', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'comptable');
    expect(
      (await call(school, token, 'PUT', '/api/user/change-password', { currentPassword: WRONG, newPassword: STRONG }))
        .status,
    ).toBe(400);
    const changed = await call(school, token, 'PUT', '/api/user/change-password', {
      currentPassword: PASSWORD,
      newPassword: STRONG,
    });
    expect(changed.status).toBe(200);
    expect(await othersOf(school.id, 'comptable')).toBe(1);
  });

  it('count on the forced change too: the temporary password offered again is a guess', async () => {
    const school = await createSchool({
      users: [
        {
          username: 'nouveau',
          type: 'standard',
          status: 'temporary_password',
          tempPasswordExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      ],
    });
    await strangersFailed(school.id, 'nouveau', LOGIN_LIMITS.failuresPerHour);
    const token = await tokenFor(school, 'nouveau');
    const res = await call(school, token, 'PUT', '/api/user/force-change-password', { newPassword: STRONG });
    expect(res.status).toBe(429);
    expect((await bodyOf(res)).code).toBe('too_many_attempts');
  });
});
