// Signing out leaves nothing of a school's data on a shared phone: the token and the offline copy
// of the API reads. Queued writes stay: they are the user's unsent work (decision 006).
import type { NavigateFunction } from 'react-router';
import { FILES_CACHE_PREFIX, PUBLIC_CACHE } from '../api/cache-names';
import { clearSession } from './session';

export async function clearLocalData(notice?: string) {
  clearSession(notice);
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
