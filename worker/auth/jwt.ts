// Session tokens: HS256 pinned, expiry always set, token_version compared on every request.
import jwt from '@tsndr/cloudflare-worker-jwt';

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export type AccountType = 'admin' | 'teacher' | 'standard' | 'student' | 'superadmin' | 'superadmin_delegate';
export type AccountStatus = 'temporary_password' | 'active' | 'disabled';

/** The spec's payload (document 1 §3) plus the token version. */
export interface SessionClaims {
  id: string;
  username: string;
  role: AccountType;
  status: AccountStatus;
  instance_id: string | null;
  permissions: string[];
  roles: { id: string; name: string }[];
  tv: number;
}

export async function signSession(claims: SessionClaims, secret: string, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return jwt.sign({ ...claims, iat, exp: iat + TOKEN_LIFETIME_SECONDS }, secret, { algorithm: 'HS256' });
}

/** The claims of a valid, unexpired token, or null for anything else (never throws). */
export async function verifySession(token: string, secret: string): Promise<SessionClaims | null> {
  try {
    const decoded = await jwt.verify<SessionClaims>(token, secret, { algorithm: 'HS256' });
    if (!decoded || decoded.header.alg !== 'HS256') return null;
    const p = decoded.payload;
    if (typeof p.exp !== 'number' || typeof p.id !== 'string' || typeof p.tv !== 'number') return null;
    return p as SessionClaims;
  } catch {
    return null;
  }
}
