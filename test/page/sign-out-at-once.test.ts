// Déconnexion is at once (web/session/logout.ts): the token leaves the phone's storage and the
// device session's end is sent before the sign-out counts the writes that wait (a message to the
// service worker, the drafts' store), so that a page opened or reloaded right after the tap is
// signed out even when that count is slow. Run in Node (vitest.sw.config.ts) with stand-ins.
import { afterEach, expect, it, vi } from 'vitest';
import { local, token } from './stand-in-page';

const { setSessionToken, getSession } = await import('../../web/session/session');
const { clearLocalData } = await import('../../web/session/logout');

afterEach(() => vi.unstubAllGlobals());

it('drops the token and sends the end of the device session before counting what waits', async () => {
  setSessionToken(token('prof', 3600, 'teacher'));
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
