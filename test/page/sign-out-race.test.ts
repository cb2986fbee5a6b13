// A sign-out while a call or a token renewal is on its way (web/session/renew.ts, web/api/client.ts).
// The inactivity guard signs the user out a moment after the page began renewing the token of a
// session that is an hour old: the renewal's answer must not sign them back in, and a call
// answered 401 afterwards must not replace the reason they were given. Run in Node
// (vitest.sw.config.ts) with a stand-in network and storage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { local, token } from './stand-in-page';

const { api, ApiError } = await import('../../web/api/client');
const { renewSession } = await import('../../web/session/renew');
const { clearSession, getSession, setSessionToken, signOutNotice } = await import('../../web/session/session');
const { on } = await import('../../web/session/events');

const INACTIVITY = 'Vous avez été déconnecté pour inactivité.';

/** The network: each answer waits until `open()` is called. */
let open: () => void;
let answer: (url: string) => Response;
let calls: string[];
const expired: (string | undefined)[] = [];
on('session-expired', (reason) => expired.push(reason));

beforeEach(() => {
  calls = [];
  expired.length = 0;
  const gate = new Promise<void>((resolve) => (open = resolve));
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    await gate;
    return answer(url);
  });
  // A token that ends in a minute: the page renews it (RENEW_BEFORE_SECONDS).
  setSessionToken(token('secretaire', 60));
});

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('a sign-out while an answer is on its way', () => {
  it('a token renewal answered after the sign-out does not sign the user back in', async () => {
    answer = () => json(200, { accessToken: token('secretaire', 3600) });
    const renewal = renewSession();
    clearSession(INACTIVITY);
    open();
    expect(await renewal).toBe('ended');
    expect(calls).toEqual(['/api/auth/refresh']);
    expect(getSession()).toBeNull();
    expect(local.get('accessToken')).toBeUndefined();
    expect(signOutNotice()).toBe(INACTIVITY);
  });

  it('a call answered 401 after the sign-out keeps the reason the user was given', async () => {
    answer = () => json(401, { code: 'unauthorized', message: 'Session expirée.' });
    const read = api.get('/dashboard');
    await vi.waitFor(() => expect(calls).toEqual(['/api/dashboard']));
    clearSession(INACTIVITY);
    open();
    await expect(read).rejects.toBeInstanceOf(ApiError);
    expect(calls).toEqual(['/api/dashboard']);
    expect(expired).toEqual([]);
    expect(signOutNotice()).toBe(INACTIVITY);
  });

  it('a sign-out during the renewal that follows a 401 keeps its reason, and a new session renews on its own', async () => {
    // The call's 401 comes at once; the renewal waits for `open()`.
    let refreshes = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      if (url !== '/api/auth/refresh') return json(401, { code: 'unauthorized', message: '' });
      refreshes += 1;
      await gate;
      return json(200, { accessToken: token('secretaire', 3600) });
    });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const read = api.get('/dashboard');
    await vi.waitFor(() => expect(calls).toEqual(['/api/dashboard', '/api/auth/refresh']));
    clearSession(INACTIVITY);
    // Signed in again before the old renewal answered: its renewal is its own.
    setSessionToken(token('secretaire', 60));
    const own = renewSession();
    expect(refreshes).toBe(1);
    open();
    await expect(read).rejects.toBeInstanceOf(ApiError);
    expect(expired).toEqual([]);
    expect(await own).toBe('renewed');
    expect(refreshes).toBe(2);
    expect(getSession()?.exp).toBeGreaterThan(Date.now() / 1000 + 600);
  });

  it('signed in, a call answered 401 that cannot be renewed still ends the session', async () => {
    answer = (url) => (url === '/api/auth/refresh' ? json(401, {}) : json(401, { code: 'unauthorized', message: '' }));
    open();
    await expect(api.get('/dashboard')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toEqual(['/api/dashboard', '/api/auth/refresh']);
    expect(expired).toHaveLength(1);
  });
});
