// Reads of the directory that need not wait for its primary (decision 332): through D1 sessions,
// which read any replica at least as new as where they start. A school screen's read of the
// platform's data (the staff's platform announcement) starts anywhere: a moment late is harmless.
// The console's reads start at this browser's last bookmark, kept in a cookie: after a platform
// account's write, at the primary (its own writes seen), then wherever its previous read was (never
// older). Writes, sign-ins and the access checks keep the primary (`c.var.directory`).
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import type { Account } from '../auth/session';
import type { Db } from '../db/client';
import { directorySession } from '../db/databases';
import type { AppBindings } from '../env';
import { WRITE_METHODS } from './idempotency';

export const BOOKMARK_COOKIE = 'portail_directory';
/** A read after a write of the browser's own: the primary. */
export const AT_PRIMARY = 'first-primary';
const ANYWHERE = 'first-unconstrained';
/** What D1 answers as a bookmark: hexadecimal groups separated by hyphens. */
const BOOKMARK = /^[0-9a-f]+(-[0-9a-f]+){1,7}$/i;
/** Long after any replica caught up: a browser idle this long reads anywhere again. */
const BOOKMARK_MAX_AGE = 60 * 60;
const cookieOptions = {
  path: '/api',
  httpOnly: true,
  secure: true,
  sameSite: 'Strict',
  maxAge: BOOKMARK_MAX_AGE,
} as const;

const opened = new WeakMap<Request, { db: Db; session: D1DatabaseSession }>();

/** Where this browser's console reads start: its bookmark, the primary after its write, else anywhere. */
function startOf(c: Context): string {
  const cookie = getCookie(c, BOOKMARK_COOKIE);
  return cookie && (cookie === AT_PRIMARY || (cookie.length <= 200 && BOOKMARK.test(cookie))) ? cookie : ANYWHERE;
}

/** The console's reads of the directory in this request: one D1 session, from this browser's bookmark. */
export function consoleDirectory<E extends AppBindings>(c: Context<E>): Db {
  let open = opened.get(c.req.raw);
  if (!open) opened.set(c.req.raw, (open = directorySession(c.env, startOf(c))));
  return open.db;
}

/**
 * A school screen's read of the platform's data: any replica; the primary when the session cannot
 * answer (a replica unreachable, a busy local database): the screen is not refused for where its
 * banner was read.
 */
export async function fromAnyReplica<T>(
  c: { env: Env; var: { directory: Db } },
  read: (db: Db) => Promise<T>,
): Promise<T> {
  try {
    return await read(directorySession(c.env, ANYWHERE).db);
  } catch {
    return read(c.var.directory);
  }
}

/**
 * After an API request: a platform account's write sends this browser's next console read to the
 * primary; a console read gives it its session's bookmark (the next one starts there, never older).
 */
export function keepBookmark(c: Context<AppBindings>): void {
  const account = c.get('account') as Account | undefined;
  const value =
    WRITE_METHODS.has(c.req.method) && account?.instanceId === null
      ? AT_PRIMARY
      : (opened.get(c.req.raw)?.session.getBookmark() ?? null);
  if (value && value !== getCookie(c, BOOKMARK_COOKIE)) {
    c.res.headers.append('Set-Cookie', serialize(BOOKMARK_COOKIE, value, cookieOptions));
  }
}
