// App-wide events raised by the API client and the session (expiry, maintenance).
import type { MaintenanceLevel } from '../../worker/contract/platform';

export interface MaintenanceEvent {
  message: string;
  level: MaintenanceLevel;
  /** Raised by a failed sign-in: the screen then covers /login and / too. */
  fromLogin: boolean;
}

type Events = {
  /** The session ended: why, when it is not a plain expiry (a suspended or expired school). */
  'session-expired': string | undefined;
  maintenance: MaintenanceEvent;
  'maintenance-over': void;
};

const target = new EventTarget();

export function emit<K extends keyof Events>(name: K, detail?: Events[K]) {
  target.dispatchEvent(new CustomEvent(name, { detail }));
}

export function on<K extends keyof Events>(name: K, handler: (detail: Events[K]) => void): () => void {
  const listener = (e: Event) => handler((e as CustomEvent<Events[K]>).detail);
  target.addEventListener(name, listener);
  return () => target.removeEventListener(name, listener);
}
