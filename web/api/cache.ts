// The offline copy of API reads: the account's Cache Storage cache `api-data-<account>`, sealed
// with its data key (web/vault, decision 320). The service worker fills it (network first) for the
// pages it controls; the page stores the reads it makes before the worker controls it, so the copy
// starts with the first visit (decision 100). A screen whose write was queued patches the same copy
// so that, offline, it keeps showing the change (architecture guide, offline protocol).
import { getSession } from '../session/session';
import { apiCacheOf, dropOldestReads, keyOf, sealResponse, unsealResponse, withinQuota } from '../vault/vault';
import { PUBLIC_CACHE } from './cache-names';

const urlOf = (path: string) => new URL(`/api${path}`, location.origin).toString();

/** The account's cache and key (the signed-in account's by default); null without them. */
async function accountStore(accountId: string | null | undefined = getSession()?.id) {
  if (!accountId || typeof caches === 'undefined') return null;
  const open = await keyOf(accountId);
  if (!open) return null;
  return { cache: await caches.open(apiCacheOf(accountId)), open };
}

/** Rewrites the cached answer of a GET (path under /api, with its query) if there is one. */
export async function updateCachedGet<T>(path: string, update: (data: T) => T): Promise<void> {
  const store = await accountStore();
  if (!store) return;
  const url = urlOf(path);
  const stored = await store.cache.match(url);
  const cached = stored ? await unsealResponse(store.open, stored) : null;
  if (!cached) return;
  const data = (await cached.json()) as T;
  const next = new Response(JSON.stringify(update(data)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-From-Cache': 'optimistic' },
  });
  await store.cache.put(url, await sealResponse(store.open, next));
}

/**
 * Keeps the answer of a read the service worker did not see (no worker controls the page yet:
 * the first visit, or a worker still installing on a slow network). `accountId` is the account
 * the read was made for (null: a public read): a copy is never left behind for a user who signed
 * out meanwhile (a renewed token is the same account).
 */
export async function keepCopy(path: string, response: Response, accountId: string | null): Promise<void> {
  if (typeof caches === 'undefined') return;
  const signedOut = () => accountId !== null && getSession()?.id !== accountId;
  try {
    const url = urlOf(path);
    if (accountId === null) return void (await (await caches.open(PUBLIC_CACHE)).put(url, response));
    if (signedOut()) return;
    const store = await accountStore(accountId);
    if (!store) return;
    const sealed = await sealResponse(store.open, response);
    await withinQuota(
      () => store.cache.put(url, sealed.clone()),
      () => dropOldestReads(accountId),
    );
    if (signedOut()) await store.cache.delete(url);
  } catch {
    // Storage refused or full: only the offline copy of this read is missing.
  }
}

/** The cached answers of the GETs whose path (under /api) starts with `prefix`, with their path. */
export async function cachedAnswers<T>(prefix: string): Promise<{ path: string; data: T }[]> {
  const store = await accountStore();
  if (!store) return [];
  const start = urlOf(prefix);
  const requests = (await store.cache.keys()).filter((r) => r.url.startsWith(start));
  const answers = await Promise.all(
    requests.map(async (r) => {
      const stored = await store.cache.match(r);
      const opened = stored ? await unsealResponse(store.open, stored) : null;
      const data = (await opened?.json().catch(() => null)) as T | null;
      const url = new URL(r.url);
      return data === null || data === undefined
        ? null
        : { path: url.pathname.slice('/api'.length) + url.search, data };
    }),
  );
  return answers.filter((a) => a !== null);
}

/** The stored answer of an address under /api (with its query) for the signed-in account, or null. */
export async function storedAnswer<T>(address: string): Promise<T | null> {
  const store = await accountStore();
  if (!store) return null;
  const stored = await store.cache.match(new URL(address, location.origin).href);
  const opened = stored ? await unsealResponse(store.open, stored) : null;
  return ((await opened?.json().catch(() => null)) ?? null) as T | null;
}
