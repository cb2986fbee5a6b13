// The offline copy of API reads: the Cache Storage cache `api-data`. The service worker fills it
// (network first) for the pages it controls; the page stores the reads it makes before the worker
// controls it, so the copy starts with the first visit (decision 100). A screen whose write was
// queued patches the same copy so that, offline, it keeps showing the change (architecture
// guide, offline protocol).
import { getSession } from '../session/session';
import { API_CACHE } from './cache-names';

export { API_CACHE };

const urlOf = (path: string) => new URL(`/api${path}`, location.origin).toString();

/** Rewrites the cached answer of a GET (path under /api, with its query) if there is one. */
export async function updateCachedGet<T>(path: string, update: (data: T) => T): Promise<void> {
  if (!('caches' in window)) return;
  const cache = await caches.open(API_CACHE);
  const url = urlOf(path);
  const cached = await cache.match(url);
  if (!cached) return;
  const data = (await cached.json()) as T;
  await cache.put(
    url,
    new Response(JSON.stringify(update(data)), {
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-From-Cache': 'optimistic' },
    }),
  );
}

/**
 * Keeps the answer of a read the service worker did not see (no worker controls the page yet:
 * the first visit, or a worker still installing on a slow network). `accountId` is the account
 * the read was made for: a copy is never left behind for a user who signed out meanwhile (a
 * renewed token is the same account).
 */
export async function keepCopy(path: string, response: Response, accountId: string | null): Promise<void> {
  if (!('caches' in window)) return;
  const signedOut = () => accountId !== null && getSession()?.id !== accountId;
  try {
    if (signedOut()) return;
    const cache = await caches.open(API_CACHE);
    const url = urlOf(path);
    await cache.put(url, response);
    if (signedOut()) await cache.delete(url);
  } catch {
    // Storage refused or full: only the offline copy of this read is missing.
  }
}

/** The cached answers of the GETs whose path (under /api) starts with `prefix`, with their path. */
export async function cachedAnswers<T>(prefix: string): Promise<{ path: string; data: T }[]> {
  if (!('caches' in window)) return [];
  const cache = await caches.open(API_CACHE);
  const start = urlOf(prefix);
  const requests = (await cache.keys()).filter((r) => r.url.startsWith(start));
  const answers = await Promise.all(
    requests.map(async (r) => {
      const data = (await (await cache.match(r))?.json().catch(() => null)) as T | null;
      const url = new URL(r.url);
      return data === null ? null : { path: url.pathname.slice('/api'.length) + url.search, data };
    }),
  );
  return answers.filter((a) => a !== null);
}
