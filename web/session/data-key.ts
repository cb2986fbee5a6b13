// The page's side of the data key (issue 39, decision 320): a sign-in, a renewal or a password
// change brings the account's key for this device; it opens the account's set on the phone (or
// clears a set sealed with a key that changed) and is kept for the service worker. Sign-out
// forgets it: what it sealed stays, unreadable without it.
import { type DataKeyAnswer, apiCacheOf, importDataKey, keyOf, lock, unlock } from '../vault/vault';
import { accountOfToken, type Session, getSession, setSessionToken } from './session';
import { type PageMessage, postToWorker } from '../sw/protocol';

/** Asks the service worker and waits for its answer (false without one). */
function askWorker(message: PageMessage): Promise<unknown> {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), 5000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    postToWorker(worker, message, channel.port2);
  });
}

/** An account's set on this phone, gone: its reads, its grade drafts, its queued writes and refusals. */
async function clearSet(accountId: string): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(apiCacheOf(accountId));
  const { clearDrafts } = await import('../screens/gradebook/drafts');
  await clearDrafts(accountId);
  await askWorker({ type: 'CLEAR_SET', userId: accountId });
}

/** Keeps the key the server gave for the account: its set opens (or, sealed with another key, goes). */
export async function openSet(accountId: string, answer: DataKeyAnswer): Promise<void> {
  try {
    await unlock(accountId, await importDataKey(answer), clearSet);
  } catch {
    // No IndexedDB or Web Crypto (a private window): nothing is kept on the phone.
  }
  postToWorker(navigator.serviceWorker?.controller, { type: 'VAULT' });
}

/** A sign-in's (or a password change's, or a renewal's) answer: the session, with its set opened. */
export async function acceptSession(answer: { accessToken: string; dataKey: DataKeyAnswer }): Promise<Session | null> {
  // The set opens before the session starts: the screens' first reads find the key.
  const accountId = accountOfToken(answer.accessToken);
  if (accountId) await openSet(accountId, answer.dataKey);
  // Before the session starts (and its first screen loads): the worker knows whose it is.
  postToWorker(navigator.serviceWorker?.controller, { type: 'SIGNING_IN', token: answer.accessToken });
  return setSessionToken(answer.accessToken);
}

/** Sign-out: the account's key is forgotten on this phone. */
export async function closeSet(accountId: string): Promise<void> {
  await lock(accountId).catch(() => undefined);
  postToWorker(navigator.serviceWorker?.controller, { type: 'SIGNED_OUT' });
}

/** Whether the signed-in account's key is on this phone (a session signed in before decision 320 has none). */
export async function hasKey(session: Session | null = getSession()): Promise<boolean> {
  return Boolean(session && (await keyOf(session.id)));
}
