// Renewing the access token from the device session (decision 004): POST /api/auth/refresh with
// the httpOnly cookie, once at a time (single flight in this tab, a Web Lock across tabs, since a
// credential used twice ends the device session), before the token ends and at a 401. The new
// token goes to the session store, which the service worker hears (its SESSION message).
import { adoptStoredToken, getSession, onSessionChange, renewable, signOutCount, tokenExpired } from './session';
import { acceptSession } from './data-key';
import type { Renewed } from '../../worker/contract/auth';
import { NOT_QUEUED_HEADER } from '../sw/protocol';

export type Renewal = 'renewed' | 'ended' | 'offline' | 'failed';

/** Renew this long before the access token ends. */
export const RENEW_BEFORE_SECONDS = 120;
/** After a renewal that could not reach the server, requests go on with the old token this long. */
const OFFLINE_PAUSE_MS = 10_000;

/** The renewal under way, with the sign-outs counted when it began. */
let inflight: { signOuts: number; renewal: Promise<Renewal> } | null = null;
let offlineUntil = 0;

/** Asks the server for a new token; `signOuts`: the sign-outs counted when the renewal began. */
async function refresh(signOuts: number): Promise<Renewal> {
  let res: Response;
  try {
    res = await fetch('/api/auth/refresh', {
      method: 'POST',
      credentials: 'same-origin',
      // Never queued by the service worker (NOT_QUEUED_HEADER, and declared so on the contract) (a renewal happens now or not at all).
      headers: { Accept: 'application/json', [NOT_QUEUED_HEADER]: '1' },
    });
  } catch {
    offlineUntil = Date.now() + OFFLINE_PAUSE_MS;
    return 'offline';
  }
  // The service worker's offline answer, or a gateway error: the server was not reached.
  if (res.headers.get('X-From-Cache') || (res.status >= 502 && res.status <= 504)) {
    offlineUntil = Date.now() + OFFLINE_PAUSE_MS;
    return 'offline';
  }
  if (res.status === 401) return 'ended';
  if (!res.ok) return 'failed';
  const body = (await res.json().catch(() => null)) as Renewed | null;
  // Signed out while the renewal was on its way (inactivity, the user's choice): the new token
  // would sign them back in.
  if (signOutCount() !== signOuts) return 'ended';
  // With its data key (decision 320): the account's set on the phone opens, or is cleared if it changed.
  return body?.accessToken && (await acceptSession(body)) ? 'renewed' : 'failed';
}

/** Runs `task` alone across this browser's tabs (where Web Locks exist). */
function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('portail-renew', task) as unknown as Promise<T>) : task();
}

/**
 * Renews the access token now (one renewal at a time). 'ended': the device session is over (the
 * caller signs out); 'offline': the server was not reached (the caller goes on with the old token).
 */
export function renewSession(): Promise<Renewal> {
  const signOuts = signOutCount();
  // One renewal at a time, of one session: a renewal begun before a sign-out is not joined after it.
  if (inflight?.signOuts === signOuts) return inflight.renewal;
  const renewal: Promise<Renewal> = exclusive(async () => {
    // Signed out while this tab waited for the lock: nothing to renew.
    if (signOutCount() !== signOuts) return 'ended' as const;
    // Another tab may have renewed while this one waited for the lock.
    const adopted = adoptStoredToken();
    if (adopted && !tokenExpired(adopted, RENEW_BEFORE_SECONDS)) return 'renewed' as const;
    return refresh(signOuts);
  }).finally(() => {
    if (inflight?.renewal === renewal) inflight = null;
  });
  inflight = { signOuts, renewal };
  return renewal;
}

/**
 * Before a request: renews a token that has ended (or is about to) when its device session can.
 * Recently offline, or with no device session, the request goes with the token it has.
 */
export async function ensureFreshToken(): Promise<Renewal | null> {
  const session = getSession();
  if (!session || !renewable(session) || !tokenExpired(session, 30)) return null;
  if (Date.now() < offlineUntil || (typeof navigator !== 'undefined' && !navigator.onLine)) return null;
  return renewSession();
}

// A page left open renews its token shortly before it ends, so that the service worker always
// holds a usable one for its replays; back online or shown again, an ended token is renewed.
let timer: ReturnType<typeof setTimeout> | undefined;
export function scheduleRenewal() {
  clearTimeout(timer);
  const session = getSession();
  if (!session || !renewable(session)) return;
  const inMs = Math.max(0, (session.exp - RENEW_BEFORE_SECONDS - Date.now() / 1000) * 1000);
  // Timers longer than about 24.8 days overflow; a renewal is never that far anyway.
  timer = setTimeout(
    () => {
      if (document.visibilityState === 'visible' && navigator.onLine) void renewSession();
    },
    Math.min(inMs, 2 ** 31 - 1),
  );
}

if (typeof window !== 'undefined') {
  onSessionChange(scheduleRenewal);
  scheduleRenewal();
  const renewIfEnded = () => {
    const session = getSession();
    if (session && renewable(session) && tokenExpired(session, RENEW_BEFORE_SECONDS)) void renewSession();
  };
  window.addEventListener('online', () => {
    offlineUntil = 0;
    renewIfEnded();
  });
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && renewIfEnded());
}
