// Whether the app can reach the server. `navigator.onLine` alone is not enough: Chromium can
// report true after an offline reload, and a captive Wi-Fi portal or a dead mobile link says
// "online" while every request fails. So the app is offline when the browser says so OR when the
// last request failed at the network level (fetch threw, or the service worker answered from its
// offline copy or queued a write); the next real answer from the server, or the browser's
// `online` event, brings it back.
import { useSyncExternalStore } from 'react';

let networkDown = false;
const listeners = new Set<() => void>();

export const isOnline = () => navigator.onLine && !networkDown;

// The state listeners last heard, so that each change is announced once whichever source moved.
let announced = typeof navigator === 'undefined' ? true : isOnline();

function set(down: boolean) {
  networkDown = down;
  if (isOnline() === announced) return;
  announced = isOnline();
  listeners.forEach((listener) => listener());
}

/** A request could not reach the server. */
export const reportNetworkDown = () => set(true);
/** The server answered a request. */
export const reportNetworkUp = () => set(false);

// The browser's own events: `offline` is always right; `online` is a reason to try again.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set(false));
  window.addEventListener('offline', () => set(networkDown));
}

/** Calls `listener` on every change of `isOnline()`. */
export function onConnectivityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useOnline = () => useSyncExternalStore(onConnectivityChange, isOnline);
