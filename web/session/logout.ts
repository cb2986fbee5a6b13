// Signing out leaves nothing of a school's data on a shared phone: the token, the device session
// (ended on the server, its cookie forgotten: decision 004) and the offline copy of the API reads.
// Queued writes stay: they are the user's unsent work (decision 006).
import type { NavigateFunction } from 'react-router';
import { FILES_CACHE_PREFIX, PUBLIC_CACHE } from '../api/cache-names';
import { clearSession, SIGN_OUT_PENDING_KEY } from './session';

/**
 * Ends the device session on the server. Offline, it stays pending and is sent when the app is
 * next online (a new sign-in replaces the cookie and drops it), so that a phone signed out without
 * network cannot be renewed later.
 */
export async function endDeviceSession(): Promise<void> {
  try {
    localStorage.setItem(SIGN_OUT_PENDING_KEY, '1');
    // X-Draft: the service worker never queues it (a sign-in may come before the replay).
    const res = await fetch('/api/auth/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-Draft': '1' },
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

export async function clearLocalData(notice?: string) {
  clearSession(notice);
  void endDeviceSession();
  try {
    if ('caches' in window) {
      const names = await caches.keys();
      // The built files (the app itself) and the public answers hold no school data; the rest goes.
      const kept = (name: string) => name.startsWith(FILES_CACHE_PREFIX) || name === PUBLIC_CACHE;
      await Promise.all(names.filter((n) => !kept(n)).map((n) => caches.delete(n)));
    }
    navigator.serviceWorker?.controller?.postMessage({ type: 'CLEAR_USER_DATA' });
  } catch {
    // Storage may be unavailable (private mode): the token is already gone.
  }
}

/** Signs out and goes to the sign-in page, which shows `notice` (why the user was signed out). */
export async function signOut(navigate: NavigateFunction, notice?: string) {
  await clearLocalData(notice);
  await navigate('/login', { replace: true });
}
