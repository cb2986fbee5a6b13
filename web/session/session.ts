// The signed-in session: the access token kept locally and its decoded claims, as an external
// store. An access token lives an hour; the device session it was renewed from lives weeks
// (decision 004). While that device session lasts, an expired access token is still a session:
// offline, the app opens the screens already visited; online, the token is renewed
// (session/renew.ts) before it is sent.
import { decode } from '@tsndr/cloudflare-worker-jwt';
import { useSyncExternalStore } from 'react';

export type AccountType =
  'admin' | 'teacher' | 'standard' | 'student' | 'superadmin' | 'superadmin_delegate' | 'guardian';

export interface Session {
  token: string;
  id: string;
  username: string;
  role: AccountType;
  status: 'temporary_password' | 'active' | 'disabled';
  instance_id: string | null;
  permissions: string[];
  roles: { id: string; name: string }[];
  /** The access token's end (Unix seconds, the server's clock). */
  exp: number;
  /** The device session's end (Unix seconds, the server's clock), when the token came with one. */
  dse?: number;
}

const TOKEN_KEY = 'accessToken';
/** A sign-out whose device session the server has not yet ended (session/logout.ts). */
export const SIGN_OUT_PENDING_KEY = 'signOutPending';
/** The server's clock minus this device's, in seconds, measured when the token arrived. */
const SKEW_KEY = 'accessTokenSkew';

const readSkew = () => {
  const value = Number(localStorage.getItem(SKEW_KEY));
  return Number.isFinite(value) ? value : 0;
};
let skew = readSkew();

/** Now on the server's clock (Unix seconds), as this device best knows it: phones' clocks drift. */
export const serverNow = () => Date.now() / 1000 + skew;

/** The access token has ended, or ends within `marginSeconds`. */
export const tokenExpired = (s: Pick<Session, 'exp'>, marginSeconds = 0) => s.exp <= serverNow() + marginSeconds;

/** The access token can be renewed: its device session has not ended. */
export const renewable = (s: Pick<Session, 'dse'>) => typeof s.dse === 'number' && s.dse > serverNow();

/** The session a token carries while it is unexpired or renewable (its signature is the server's business). */
function sessionOf(token: string): Session | null {
  try {
    const claims = decode<Omit<Session, 'token'>>(token).payload;
    if (!claims || typeof claims.exp !== 'number') return null;
    const session: Session = { ...claims, exp: claims.exp, token };
    return tokenExpired(session) && !renewable(session) ? null : session;
  } catch {
    return null;
  }
}

let current: Session | null = (() => {
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? sessionOf(token) : null;
})();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const getSession = () => current;

/** The account a token the server just gave is for (before it is stored), or null. */
export const accountOfToken = (token: string): string | null => sessionOf(token)?.id ?? null;

/** Stores a token the server just gave; answers its session (null if the token is unusable). */
export function setSessionToken(token: string): Session | null {
  try {
    // The token was issued a moment ago: its `iat` is the server's now.
    const { iat } = decode<{ iat?: number }>(token).payload ?? {};
    if (typeof iat === 'number') {
      skew = iat - Date.now() / 1000;
      localStorage.setItem(SKEW_KEY, String(Math.round(skew)));
    }
  } catch {
    // An unreadable token: sessionOf refuses it below.
  }
  const session = sessionOf(token);
  if (session) {
    localStorage.setItem(TOKEN_KEY, token);
    // A new session's cookie replaced the one a pending sign-out was for.
    localStorage.removeItem(SIGN_OUT_PENDING_KEY);
  }
  current = session;
  signedOut = false;
  tabStore.set(null);
  emit();
  return session;
}

/** Another tab's renewal: the token it stored, when it is newer than this tab's. */
export function adoptStoredToken(): Session | null {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token || token === current?.token) return current;
  const session = sessionOf(token);
  if (session && current && session.id === current.id && session.exp > current.exp) {
    skew = readSkew();
    current = session;
    emit();
  }
  return current;
}

// Set when the user signs out (or is signed out): guards then send to /login rather than /.
// When the app signed the user out (an expired session, inactivity), the reason is kept for this
// tab, a reload included, and the sign-in page shows it.
const SIGNED_OUT_KEY = 'signedOut';
const tabStore = {
  get: () => {
    try {
      return sessionStorage.getItem(SIGNED_OUT_KEY);
    } catch {
      return null;
    }
  },
  set: (value: string | null) => {
    try {
      if (value === null) sessionStorage.removeItem(SIGNED_OUT_KEY);
      else sessionStorage.setItem(SIGNED_OUT_KEY, value);
    } catch {
      // Storage refused (private mode): the flag lives in memory only.
    }
  },
};
let signedOut = Boolean(tabStore.get());
export const wasSignedOut = () => signedOut;
// A call or a renewal still on its way at a sign-out belongs to the session that ended: its answer
// neither signs the user back in nor replaces the reason they were signed out (session/renew.ts,
// api/client.ts).
let signOuts = 0;
/** How many times this tab signed out: compared before and after a request. */
export const signOutCount = () => signOuts;
/** Why the app signed the user out, for the sign-in page (null: they chose to). */
export const signOutNotice = () => tabStore.get() || null;

/**
 * The token leaves the phone's storage at once, before the sign-out's slower steps (counting the
 * writes that wait): a page opened or reloaded meanwhile is signed out. `clearSession` ends the tab's.
 */
export function dropStoredToken() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(SKEW_KEY);
}

export function clearSession(notice = '') {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(SKEW_KEY);
  current = null;
  signedOut = true;
  signOuts += 1;
  tabStore.set(notice || null);
  emit();
}

/** Calls `listener` on every change of the session (a sign-in, a renewal, a sign-out). */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(onSessionChange, getSession);
}

export const isPlatform = (s: Pick<Session, 'role'>) => s.role === 'superadmin' || s.role === 'superadmin_delegate';
export const hasPermission = (s: Pick<Session, 'role' | 'permissions'>, key: string) =>
  s.role === 'admin' || s.permissions.includes(key);

/** Where a user lands after sign-in (document 1 §2, "Login"). */
export function homeOf(s: Pick<Session, 'role' | 'status'>): string {
  if (s.status === 'temporary_password') return '/force-password-change';
  if (s.role === 'teacher') return '/teacher';
  if (s.role === 'student') return '/student';
  if (s.role === 'guardian') return '/guardian';
  if (isPlatform(s)) return '/superadmin';
  return '/dashboard';
}
