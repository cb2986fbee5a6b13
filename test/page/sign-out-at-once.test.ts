// Déconnexion is at once (web/session/logout.ts): the token leaves the phone's storage and the
// device session's end is sent before the sign-out counts the writes that wait (a message to the
// service worker, the drafts' store), so that a page opened or reloaded right after the tap is
// signed out even when that count is slow. Run in Node (vitest.sw.config.ts) with stand-ins.
import { afterEach, expect, it, vi } from 'vitest';

const local = new Map<string, string>();
const tab = new Map<string, string>();
const storage = (store: Map<string, string>) => ({
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
});
Object.assign(globalThis, {
  window: new EventTarget(),
  document: Object.assign(new EventTarget(), { visibilityState: 'visible' }),
  localStorage: storage(local),
  sessionStorage: storage(tab),
});

const { setSessionToken, getSession } = await import('../../web/session/session');
const { clearLocalData } = await import('../../web/session/logout');

const token = (sub: string, seconds: number) => {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { id: sub, username: sub, role: 'teacher', status: 'active', instance_id: 's', permissions: [] };
  return `${part({ alg: 'HS256' })}.${part({ ...claims, roles: [], iat: now, exp: now + seconds, dse: now + 86_400 })}.sig`;
};

afterEach(() => vi.unstubAllGlobals());

it('drops the token and sends the end of the device session before counting what waits', async () => {
  setSessionToken(token('prof', 3600));
  expect([...local.values()].some((v) => v.includes('.sig'))).toBe(true);
  // The service worker is slow to say what waits; the server is slow to answer the sign-out.
  vi.stubGlobal('navigator', { onLine: true, serviceWorker: { controller: { postMessage: () => undefined } } });
  const sent: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    sent.push(url);
    return new Promise(() => undefined);
  });
  const signingOut = clearLocalData();
  // At once, before anything is awaited: no token left in storage, the server asked to end the session.
  expect([...local.values()].some((v) => v.includes('.sig'))).toBe(false);
  expect(sent).toEqual(['/api/auth/logout']);
  void signingOut;
  // The tab's own session ends with the count (a notice saying what waits).
  await vi.waitFor(() => expect(getSession()).toBeNull(), { timeout: 15_000 });
});
