// 'Application prête hors ligne' (issue 29): said once the signed-in role's screens are stored on
// the phone (app/offline-screens.tsx), not at the worker's install, seconds before them. The
// screens' storing tells it here; the service worker's banner (ServiceWorkerBridge) listens.
type Listener = (fresh: boolean) => void;

const listeners = new Set<Listener>();

/** The role's screens are stored; `fresh` when some of them were downloaded just now. */
export function screensStored(fresh: boolean): void {
  listeners.forEach((listener) => listener(fresh));
}

export function onScreensStored(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
