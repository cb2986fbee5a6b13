// The signed-in session: the token kept locally and its decoded claims, as an external store.
import { decode } from '@tsndr/cloudflare-worker-jwt';
import { useSyncExternalStore } from 'react';

export type AccountType = 'admin' | 'teacher' | 'standard' | 'student' | 'superadmin' | 'superadmin_delegate';

export interface Session {
  token: string;
  id: string;
  username: string;
  role: AccountType;
  status: 'temporary_password' | 'active' | 'disabled';
  instance_id: string | null;
  permissions: string[];
  roles: { id: string; name: string }[];
  exp: number;
}

const TOKEN_KEY = 'accessToken';

/** The session a token carries while it is unexpired (its signature is the server's business). */
function sessionOf(token: string): Session | null {
  try {
    const claims = decode<Omit<Session, 'token' | 'exp'>>(token).payload;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return null;
    return { ...claims, exp: claims.exp, token };
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

/** Stores a new token; answers its session (null if the token is unusable). */
export function setSessionToken(token: string): Session | null {
  const session = sessionOf(token);
  if (session) localStorage.setItem(TOKEN_KEY, token);
  current = session;
  signedOut = false;
  tabStore.set(null);
  emit();
  return session;
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
/** Why the app signed the user out, for the sign-in page (null: they chose to). */
export const signOutNotice = () => tabStore.get() || null;

export function clearSession(notice = '') {
  localStorage.removeItem(TOKEN_KEY);
  current = null;
  signedOut = true;
  tabStore.set(notice || null);
  emit();
}

export function useSession(): Session | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, getSession);
}

export const isPlatform = (s: Pick<Session, 'role'>) => s.role === 'superadmin' || s.role === 'superadmin_delegate';
export const isStaff = (s: Pick<Session, 'role'>) => s.role === 'admin' || s.role === 'standard';
export const hasPermission = (s: Pick<Session, 'role' | 'permissions'>, key: string) =>
  s.role === 'admin' || s.permissions.includes(key);

/** Where a user lands after sign-in (document 1 §2, "Login"). */
export function homeOf(s: Pick<Session, 'role' | 'status'>): string {
  if (s.status === 'temporary_password') return '/force-password-change';
  if (s.role === 'teacher') return '/teacher';
  if (s.role === 'student') return '/student';
  if (isPlatform(s)) return '/superadmin';
  return '/dashboard';
}
