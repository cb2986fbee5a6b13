// Access tokens: HS256 pinned, expiry always set, token_version compared on every request. They
// live an hour; the page renews them from its device session (auth/device-session.ts).
import jwt from '@tsndr/cloudflare-worker-jwt';
import type { AccountStatus, AccountType } from '../domain/accounts';

export const TOKEN_LIFETIME_SECONDS = 60 * 60;

/** The spec's payload (document 1 §3) plus the token version and the device session. */
export interface SessionClaims {
  id: string;
  username: string;
  role: AccountType;
  status: AccountStatus;
  instance_id: string | null;
  permissions: string[];
  roles: { id: string; name: string }[];
  tv: number;
  /**
   * When the device session this token was renewed from ends (Unix seconds; absent without one):
   * not a secret, it tells the page that an expired token can still be renewed, so that the app
   * opened offline the next morning keeps its screens.
   */
  dse?: number;
  /**
   * The device session this token belongs to (decision 314): every request reads that row with the
   * account, so a token whose device session ended (signed out, 'Déconnecter', an administrator's
   * end of the sessions) is refused at once. A token without it is refused: the page renews it.
   */
  sid?: string;
}

export async function signSession(claims: SessionClaims, secret: string, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  return jwt.sign({ ...claims, iat, exp: iat + TOKEN_LIFETIME_SECONDS }, secret, { algorithm: 'HS256' });
}

/** Clocks of the signer and the checker may differ this much. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * The claims of a valid token within its lifetime, or null for anything else (never throws):
 * issued no later than now, expiring after now and at most an hour after it was issued.
 */
export async function verifySession(token: string, secret: string, now = Date.now()): Promise<SessionClaims | null> {
  try {
    const decoded = await jwt.verify<SessionClaims>(token, secret, { algorithm: 'HS256' });
    if (!decoded || decoded.header.alg !== 'HS256') return null;
    const p = decoded.payload;
    if (typeof p.exp !== 'number' || typeof p.iat !== 'number' || typeof p.id !== 'string' || typeof p.tv !== 'number')
      return null;
    const seconds = now / 1000;
    if (p.iat > seconds + CLOCK_SKEW_SECONDS || p.exp <= seconds || p.exp <= p.iat) return null;
    if (p.exp - p.iat > TOKEN_LIFETIME_SECONDS) return null;
    return p as SessionClaims;
  } catch {
    return null;
  }
}
