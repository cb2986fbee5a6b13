// Signing out leaves nothing of a school's data on a shared phone: token, caches, local store.
import { clearSession } from './session';

/** Name of the IndexedDB store the offline layer keeps its data in. */
export const LOCAL_DB_NAME = 'ecole-portail';

export async function clearLocalData() {
  clearSession();
  try {
    if ('caches' in window) {
      const names = await caches.keys();
      // The precached app shell holds no school data; everything else goes.
      await Promise.all(names.filter((n) => !n.startsWith('workbox-precache')).map((n) => caches.delete(n)));
    }
    indexedDB.deleteDatabase(LOCAL_DB_NAME);
    navigator.serviceWorker?.controller?.postMessage({ type: 'CLEAR_USER_DATA' });
  } catch {
    // Storage may be unavailable (private mode): the token is already gone.
  }
}
