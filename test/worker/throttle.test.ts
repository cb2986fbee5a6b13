import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LOCK_MS, type LoginThrottle, loginThrottle, MAX_FAILURES, WINDOW_MS } from '../../worker/durable/login-throttle';
import { bodyOf, createPlatformUser, createSchool, login, type TestSchool } from './helpers';

const WRONG = 'Mauvais#Mot2passe';
const LOCKED_MESSAGE = 'Trop de tentatives de connexion. Réessayez dans 15 minutes.';

/** Signs in with a wrong password until the answer is no longer 401; returns the attempts made. */
async function failUntilLocked(school: TestSchool, username: string) {
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 6; attempt++) {
    const res = await login(school, username, WRONG);
    statuses.push(res.status);
    if (res.status !== 401) return { statuses, res };
  }
  throw new Error(`never locked: ${statuses.join(', ')}`);
}

describe('login throttling', () => {
  it('locks an account after 5 wrong passwords, even against the right one', async () => {
    const school = await createSchool();
    const { statuses, res } = await failUntilLocked(school, 'secretaire');
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.length).toBeGreaterThanOrEqual(5);
    expect(res.status).toBe(429);
    expect(await bodyOf(res)).toMatchObject({ message: LOCKED_MESSAGE, code: 'too_many_attempts' });

    const right = await login(school, 'secretaire');
    expect(right.status).toBe(429);
    expect((await bodyOf(right)).message).toBe(LOCKED_MESSAGE);
  });

  it('throttles unknown usernames exactly like real ones', async () => {
    const school = await createSchool();
    const known = await failUntilLocked(school, 'secretaire');
    const unknown = await failUntilLocked(school, 'personne');
    expect(unknown.statuses).toEqual(known.statuses);
    const knownBody = await bodyOf(known.res);
    const unknownBody = await bodyOf(unknown.res);
    expect(Object.keys(unknownBody).sort()).toEqual(Object.keys(knownBody).sort());
    expect(unknownBody.message).toBe(knownBody.message);
    expect(unknownBody.code).toBe(knownBody.code);
  });

  it('locks one username of one school only', async () => {
    const school = await createSchool();
    const other = await createSchool();
    await failUntilLocked(school, 'secretaire');
    expect((await login(school, 'secretaire')).status).toBe(429);
    // The same username in another school, and another user of the same school, still sign in.
    expect((await login(other, 'secretaire')).status).toBe(200);
    expect((await login(school, 'comptable')).status).toBe(200);
  });

  it('locks a platform account on every host at once', async () => {
    const schoolA = await createSchool();
    const schoolB = await createSchool();
    const superadmin = await createPlatformUser();
    await failUntilLocked(schoolA, superadmin.username);
    const elsewhere = await login(schoolB, superadmin.username);
    expect(elsewhere.status).toBe(429);
    expect((await bodyOf(elsewhere)).message).toBe(LOCKED_MESSAGE);
  });

  it('locks usernames whatever their case', async () => {
    const school = await createSchool();
    await failUntilLocked(school, 'SECRETAIRE');
    expect((await login(school, 'secretaire')).status).toBe(429);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const school = await createSchool();
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await login(school, 'secretaire', WRONG)).status).toBe(401);
    expect((await login(school, 'secretaire')).status).toBe(200);
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await login(school, 'secretaire', WRONG)).status).toBe(401);
    expect((await login(school, 'secretaire')).status).toBe(200);
  });
});

describe('LoginThrottle durable object', () => {
  const throttleFor = () => loginThrottle(env, crypto.randomUUID(), 'secretaire');
  const t0 = Date.UTC(2026, 10, 1, 8, 0, 0);

  it('locks for 15 minutes after 5 failures, then lets the user try again', async () => {
    await runInDurableObject(throttleFor(), async (throttle: LoginThrottle) => {
      for (let i = 0; i < MAX_FAILURES - 1; i++) expect(await throttle.recordFailure(t0 + i * 1000)).toEqual({ allowed: true });
      const lockedAt = t0 + MAX_FAILURES * 1000;
      expect(await throttle.recordFailure(lockedAt)).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
      expect(LOCK_MS).toBe(15 * 60 * 1000);

      expect(await throttle.check(lockedAt + 60_000)).toEqual({ allowed: false, retryAfterSeconds: 14 * 60 });
      expect((await throttle.check(lockedAt + LOCK_MS - 1)).allowed).toBe(false);
      expect(await throttle.check(lockedAt + LOCK_MS)).toEqual({ allowed: true });

      // After the lock the count starts again from zero.
      expect(await throttle.recordFailure(lockedAt + LOCK_MS + 1)).toEqual({ allowed: true });
    });
  });

  it('only counts failures within the last 15 minutes', async () => {
    await runInDurableObject(throttleFor(), async (throttle: LoginThrottle) => {
      for (let i = 0; i < MAX_FAILURES - 1; i++) await throttle.recordFailure(t0 + i);
      expect(WINDOW_MS).toBe(15 * 60 * 1000);
      expect(await throttle.recordFailure(t0 + WINDOW_MS + 10)).toEqual({ allowed: true });
      expect(await throttle.check(t0 + WINDOW_MS + 10)).toEqual({ allowed: true });
    });
  });

  it('is cleared by reset', async () => {
    await runInDurableObject(throttleFor(), async (throttle: LoginThrottle) => {
      for (let i = 0; i < MAX_FAILURES; i++) await throttle.recordFailure(t0 + i);
      expect((await throttle.check(t0 + 10)).allowed).toBe(false);
      await throttle.reset();
      expect(await throttle.check(t0 + 10)).toEqual({ allowed: true });
    });
  });
});
