// Device sessions (decision 004): a sign-in starts a long-lived session for the browser it came
// from; the page renews its short access token from it (POST /api/auth/refresh) without the
// password. Its credential travels only in an httpOnly, Secure, SameSite=Strict cookie scoped to
// /api/auth, and rotates at every renewal: `<id>.<generation>.<mac>`, the mac an HMAC of the id
// and the generation under the session secret, so the database keeps only the current generation
// (no secret at rest). A credential one generation old is answered again for REUSE_GRACE_SECONDS
// (a renewal whose answer was lost on a mobile network, two tabs at once); any older one, or one
// past the grace, is a stolen copy used twice: the device session ends.
import type { BatchItem } from 'drizzle-orm/batch';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client';
import * as deviceSessions from '../db/device-sessions';
import type { AppBindings } from '../env';
import { base64Url, dataKeyFor, hmac } from './data-key';
import { signSession } from './jwt';
import { type Account, claimsFor } from './session';

/** A device unused this long signs in again; each renewal moves the end. */
export const DEVICE_SESSION_IDLE_SECONDS = 30 * 24 * 60 * 60;
/** However often it is used, a device session ends this long after its sign-in. */
export const DEVICE_SESSION_MAX_SECONDS = 180 * 24 * 60 * 60;
/** The previous credential is still answered this long after a rotation (the same new one). */
export const REUSE_GRACE_SECONDS = 30;
/** The most device sessions an account keeps (the least recently used go first). */
export const MAX_DEVICE_SESSIONS = 10;

export const SESSION_COOKIE = 'portail_session';
export const SESSION_COOKIE_PATH = '/api/auth';
/** The device's identity for the sign-in limits (decision 040): sent to the sign-in route only. */
export const DEVICE_COOKIE = 'portail_device';
export const DEVICE_COOKIE_PATH = '/api/login';
const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;

const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** 128 random bits, 22 characters. */
export const randomId = () => base64Url(crypto.getRandomValues(new Uint8Array(16)));

async function macOf(secret: string, id: string, generation: number): Promise<string> {
  return base64Url((await hmac(secret, `device-session:${id}:${generation}`)).slice(0, 16));
}

export const credentialOf = async (secret: string, id: string, generation: number) =>
  `${id}.${generation}.${await macOf(secret, id, generation)}`;

/** The id and generation a credential names, if its mac is ours (never throws). */
export async function parseCredential(
  secret: string,
  value: string | undefined,
): Promise<{ id: string; generation: number } | null> {
  const [id, gen, mac, extra] = (value ?? '').split('.');
  if (!id || !gen || !mac || extra !== undefined || !ID_PATTERN.test(id) || !/^\d{1,9}$/.test(gen)) return null;
  const generation = Number(gen);
  const expected = new TextEncoder().encode(await macOf(secret, id, generation));
  const given = new TextEncoder().encode(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { id, generation } : null;
}

const cookieOptions = { path: SESSION_COOKIE_PATH, httpOnly: true, secure: true, sameSite: 'Strict' } as const;

export function setSessionCookie(c: Context<AppBindings>, credential: string, expiresAt: number, now: number) {
  setCookie(c, SESSION_COOKIE, credential, { ...cookieOptions, maxAge: Math.max(0, expiresAt - now) });
}

/** The same cookie on an answer already made (a write's, from `commit`), when it succeeded. */
export function withSessionCookie(res: Response, session: NewDeviceSession, now: number): Response {
  if (res.ok) {
    res.headers.append(
      'Set-Cookie',
      serialize(SESSION_COOKIE, session.credential, { ...cookieOptions, maxAge: Math.max(0, session.expiresAt - now) }),
    );
  }
  return res;
}

/** The cookie forgotten on an answer already made (a write's, from `commit`), when it succeeded. */
export function withoutSessionCookie(res: Response): Response {
  if (res.ok) res.headers.append('Set-Cookie', serialize(SESSION_COOKIE, '', { ...cookieOptions, maxAge: 0 }));
  return res;
}

export function clearSessionCookie(c: Context<AppBindings>) {
  deleteCookie(c, SESSION_COOKIE, cookieOptions);
}

export const sessionCookieOf = (c: Context<AppBindings>) => getCookie(c, SESSION_COOKIE);

/** The device's id for the sign-in limits, when the browser sent a well-formed one. */
export function deviceIdOf(c: Context<AppBindings>): string | null {
  const value = getCookie(c, DEVICE_COOKIE);
  return value && ID_PATTERN.test(value) ? value : null;
}

export function setDeviceCookie(c: Context<AppBindings>, id: string) {
  setCookie(c, DEVICE_COOKIE, id, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    maxAge: DEVICE_COOKIE_MAX_AGE,
  });
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The end of a device session used now: idle limit, within the limit from its sign-in. */
export const endOf = (createdAt: number, now: number) =>
  Math.min(now + DEVICE_SESSION_IDLE_SECONDS, createdAt + DEVICE_SESSION_MAX_SECONDS);

/** The most of a browser's User-Agent a device session keeps (it names the device in the Sécurité list). */
export const USER_AGENT_MAX = 256;

/** The request's User-Agent as a device session keeps it: cut, or null without one. */
export const userAgentOf = (c: { req: { header(name: string): string | undefined } }) =>
  c.req.header('User-Agent')?.slice(0, USER_AGENT_MAX) || null;

/**
 * An access token for an account from one of its device sessions: it names the session (`sid`,
 * ended with it: decision 314) and says until when the session can renew it (`dse`).
 */
export const accessTokenFor = (
  c: { env: Env },
  account: Account,
  session: Pick<NewDeviceSession, 'id' | 'expiresAt'>,
  now = Date.now(),
) => signSession({ ...claimsFor(account), dse: session.expiresAt, sid: session.id }, c.env.JWT_SECRET, now);

export interface NewDeviceSession {
  id: string;
  expiresAt: number;
  credential: string;
  /** The batch's statements: the account's stale sessions go, this one comes. */
  statements: BatchItem<'sqlite'>[];
}

/**
 * A device session by id, and the database holding it. A device session is kept with its account:
 * a school account's in its school's database, a platform account's in the directory (it signs
 * in on every host). So: the request's school's database, else the directory; undefined when
 * neither has it.
 */
export async function findDeviceSession(c: { var: { db: Db; directory: Db } }, id: string) {
  for (const db of new Set([c.var.db, c.var.directory])) {
    const row = await deviceSessions.find(db, id);
    if (row) return { db, row };
  }
  return undefined;
}

/**
 * A new device session for an account at the token version it will have once the batch ran.
 * `replaceAll`: the account's other device sessions go in the same batch (a password change);
 * otherwise only the stale ones (ended, or of an older token version) and those beyond the cap.
 * Its statements are for the account's database: its school's, or the directory.
 */
export async function newDeviceSession(
  c: { var: { db: Db; directory: Db }; env: Env; req: { header(name: string): string | undefined } },
  account: Pick<Account, 'id' | 'instanceId' | 'tokenVersion'>,
  {
    replaceAll = false,
    now = nowSeconds(),
    deviceId = null,
  }: { replaceAll?: boolean; now?: number; deviceId?: string | null } = {},
): Promise<NewDeviceSession> {
  const db = account.instanceId ? c.var.db : c.var.directory;
  const id = randomId();
  const expiresAt = endOf(now, now);
  return {
    id,
    expiresAt,
    credential: await credentialOf(c.env.JWT_SECRET, id, 0),
    statements: [
      replaceAll
        ? deviceSessions.removeAccount(db, account.id)
        : deviceSessions.pruneAccount(db, account.id, account.tokenVersion, now, MAX_DEVICE_SESSIONS - 1),
      deviceSessions.insert(db, {
        id,
        instanceId: account.instanceId,
        accountId: account.id,
        tokenVersion: account.tokenVersion,
        generation: 0,
        rotatedAt: now,
        expiresAt,
        createdAt: now,
        userAgent: userAgentOf(c),
        deviceId,
      }),
    ],
  };
}

/** The account's data key on the device of a device session (decision 320): the session's own id stands for a device never named. */
export const dataKeyOf = (
  c: { env: Env },
  account: Pick<Account, 'id' | 'dataEpoch'>,
  session: { id: string; deviceId?: string | null },
) =>
  dataKeyFor(c.env.JWT_SECRET, {
    accountId: account.id,
    deviceId: session.deviceId ?? session.id,
    epoch: account.dataEpoch,
  });
