// Signing out leaves nothing of a school's data readable on a shared phone: the token goes, the
// device session ends (on the server, its cookie forgotten: decision 004), and the account's data
// key is forgotten (decision 320): its working set, its queued writes and its grade drafts stay on
// the phone, sealed, unreadable by whoever signs in next, and open again at the same account's
// next sign-in here. The sign-in page says how many writes wait (decision 006: unsent work stays).
import type { NavigateFunction } from 'react-router';
import { FILES_CACHE_PREFIX, PUBLIC_CACHE } from '../api/cache-names';
import { waitingOf } from '../api/pending';
import { offlineText } from '../i18n/offline';
import { isApiCache } from '../vault/vault';
import { closeSet } from './data-key';
import { textsNow } from './language';
import { clearSession, dropStoredToken, getSession, SIGN_OUT_PENDING_KEY } from './session';
import { NOT_QUEUED_HEADER } from '../sw/protocol';

/**
 * Ends the device session on the server. Offline, it stays pending and is sent when the app is
 * next online (a new sign-in replaces the cookie and drops it), so that a phone signed out without
 * network cannot be renewed later.
 */
export async function endDeviceSession(): Promise<void> {
  try {
    localStorage.setItem(SIGN_OUT_PENDING_KEY, '1');
    // Never queued by the service worker (NOT_QUEUED_HEADER, and declared so on the contract) (a sign-in may come before the replay).
    const res = await fetch('/api/auth/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', [NOT_QUEUED_HEADER]: '1' },
    });
    // 401: no device session left to end.
    if ((res.ok || res.status === 401) && !res.headers.get('X-From-Cache'))
      localStorage.removeItem(SIGN_OUT_PENDING_KEY);
  } catch {
    // Offline: sent again later.
  }
}

if (typeof window !== 'undefined') {
  const sendPending = () => {
    if (localStorage.getItem(SIGN_OUT_PENDING_KEY)) void endDeviceSession();
  };
  sendPending();
  window.addEventListener('online', sendPending);
}

/** The account's writes not sent yet: queued in the worker, and grade drafts. */
async function unsent(userId: string): Promise<number> {
  const { pendingDraftsOf } = await import('../screens/gradebook/drafts-store');
  const [queued, drafts] = await Promise.all([
    waitingOf(userId).catch(() => 0),
    pendingDraftsOf(userId).catch(() => 0),
  ]);
  return queued + drafts;
}

export async function clearLocalData(notice?: string) {
  const session = getSession();
  // Signed out on the phone and on the server at once; the count of what waits comes after.
  dropStoredToken();
  void endDeviceSession();
  const waiting = session ? await unsent(session.id) : 0;
  const said = [notice, waiting ? textsNow('offline', offlineText).waitingAtSignOut(waiting) : '']
    .filter(Boolean)
    .join(' ');
  clearSession(said);
  try {
    if (session) await closeSet(session.id);
    if ('caches' in window) {
      const names = await caches.keys();
      // The built files (the app itself) and the public answers hold no school data; the
      // accounts' sets are sealed; anything else (an older version's copy in the clear) goes.
      const kept = (name: string) => name.startsWith(FILES_CACHE_PREFIX) || name === PUBLIC_CACHE || isApiCache(name);
      await Promise.all(names.filter((n) => !kept(n)).map((n) => caches.delete(n)));
    }
  } catch {
    // Storage may be unavailable (private mode): the token is already gone.
  }
}

/** Signs out and goes to the sign-in page, which shows `notice` (why the user was signed out). */
export async function signOut(navigate: NavigateFunction, notice?: string) {
  await clearLocalData(notice);
  await navigate('/login', { replace: true });
}
