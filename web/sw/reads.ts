// API reads (GET /api/*; architecture guide, offline protocol; decisions 100, 181, 320): network
// first, revalidating the last good answer (If-None-Match: a 304 is answered with the stored copy),
// kept in the account's cache `api-data-<account>` sealed with its data key (web/vault; or in
// `public-data` for a read without an account, which outlives a sign-out) and served with the
// X-From-Cache marker when the network fails ('offline') or a gateway fails ('error'); a read never
// stored, or stored for an account whose key is not here, answers the 'never visited' notice.
import { PUBLIC_CACHE } from '../api/cache-names';
import { offlineText } from '../i18n/offline';
import { apiCacheOf, type OpenKey, sealResponse, unsealResponse, withinQuota } from '../vault/vault';
import { isFresh, revalidatedNow, revalidating } from './set';

/** How a read finds its account and the account's key (the vault's; stand-ins in the tests). */
export interface ReadKeys {
  accountOf: (request: Request) => string | null;
  keyOf: (accountId: string) => Promise<OpenKey | null>;
  /**
   * Copies revalidated before this moment (ms) no longer answer without the server: the worker's
   * start, or the account's last write (a write may change any read).
   */
  freshAfter?: (accountId: string) => number;
  /** Room for the account's copy when the phone's quota is reached (vault's `dropOldestReads`); none: the copy is not kept. */
  makeRoom?: (accountId: string) => Promise<boolean>;
}

export const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });

/** The stored answer with its marker: 'offline' (the request failed) or 'error' (a gateway error). */
function marked(copy: Response | null, marker: 'offline' | 'error'): Response | null {
  if (!copy) return null;
  const headers = new Headers(copy.headers);
  headers.set('X-From-Cache', marker);
  return new Response(copy.body, { status: copy.status, headers });
}

/** 502-504 from a gateway, not the platform's maintenance answer (which the page must see). */
async function isGatewayError(response: Response): Promise<boolean> {
  if (response.status < 502 || response.status > 504) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { maintenance?: boolean } | null;
  return !body?.maintenance;
}

/** The request, asking the server whether the stored answer is still the current one. */
function withStoredTag(request: Request, copy: Response | undefined): Request {
  const tag = copy?.headers.get('ETag');
  if (!tag || request.headers.has('If-None-Match')) return request;
  const headers = new Headers(request.headers);
  headers.set('If-None-Match', tag);
  return new Request(request, { headers });
}

/** The reads on their way, by account and address: a second read of one address waits for the first. */
const onTheirWay = new Map<string, Promise<Response>>();

/** A read of this address on its way, if any (the working set's revalidation waits for it: sw/set.ts). */
export function readUnderWay(url: string): Promise<Response> | undefined {
  for (const [key, read] of onTheirWay) if (key.endsWith(` ${url}`)) return read;
  return undefined;
}

/**
 * A read, answered by the server (revalidating the stored copy) or, failing that, by the copy.
 * Two screens (or a screen and the background reads) asking for one address at once share one
 * request (decision 271); a page's own revalidation (If-None-Match) is never shared.
 */
export function networkFirst(request: Request, keys: ReadKeys): Promise<Response> {
  if (request.headers.has('If-None-Match')) return answer(request, keys);
  const key = `${request.headers.get('Authorization') ?? ''} ${request.url}`;
  let shared = onTheirWay.get(key);
  if (!shared) {
    shared = answer(request, keys).finally(() => onTheirWay.delete(key));
    onTheirWay.set(key, shared);
  }
  return shared.then((response) => response.clone());
}

/** Where a read is kept: a public read in `public-data`; an account's in its cache, sealed with its key. */
async function storeOf(request: Request, keys: ReadKeys) {
  if (!request.headers.has('Authorization')) {
    const cache = await caches.open(PUBLIC_CACHE);
    return {
      read: async () => (await cache.match(request.url, { ignoreVary: true })) ?? null,
      keep: (response: Response) => cache.put(request.url, response),
      mark: async () => undefined,
    };
  }
  const accountId = keys.accountOf(request);
  const open = accountId ? await keys.keyOf(accountId) : null;
  // An account's read without its key (signed out on this phone meanwhile): neither read nor kept.
  if (!accountId || !open) return { read: async () => null, keep: async () => undefined, mark: async () => undefined };
  const cache = await caches.open(apiCacheOf(accountId));
  return {
    read: async () => {
      const stored = await cache.match(request.url, { ignoreVary: true });
      return stored ? unsealResponse(open, stored) : null;
    },
    // The server's answer, just read: fresh for the rest of the visit (sw/set.ts).
    keep: async (response: Response) => {
      const sealed = await sealResponse(open, revalidatedNow(response));
      await withinQuota(
        () => cache.put(request.url, sealed.clone()),
        () => keys.makeRoom?.(accountId) ?? Promise.resolve(false),
      );
    },
    mark: async () => {
      const stored = await cache.match(request.url, { ignoreVary: true });
      if (stored) await cache.put(request.url, revalidatedNow(stored));
    },
  };
}

/** A read the page asks of the server whatever the phone holds (its own revalidation, a screen's reload). */
const asksTheServer = (request: Request) =>
  request.headers.has('If-None-Match') || request.headers.get('Cache-Control') === 'no-cache';

async function answer(request: Request, keys: ReadKeys): Promise<Response> {
  // Part of the working set's revalidation under way (sw/set.ts): its answer comes with it.
  const accountId = request.headers.has('Authorization') ? keys.accountOf(request) : null;
  const batch = accountId && !asksTheServer(request) ? revalidating(accountId, request.url) : undefined;
  if (batch) await batch.catch(() => undefined);
  const store = await storeOf(request, keys);
  const copy = await store.read();
  // Revalidated a moment ago with the rest of the set: the phone's copy is the server's answer
  // (offline, the request is tried all the same, so that the page learns it is offline).
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  if (copy && accountId && online && isFresh(copy, keys.freshAfter?.(accountId) ?? 0) && !asksTheServer(request))
    return copy;
  let response: Response;
  try {
    response = await fetch(withStoredTag(request, copy ?? undefined));
  } catch {
    return (
      marked(copy, 'offline') ??
      json({ message: offlineText.neverVisited, code: 'offline_uncached', offline: true }, 503)
    );
  }
  // Unchanged since the stored answer: the page gets the stored answer (a few hundred bytes moved).
  if (response.status === 304 && copy && !request.headers.has('If-None-Match')) {
    await store.mark();
    return copy;
  }
  // A copy the phone cannot keep (its storage full) leaves the answer as it is: the screen gets it.
  if (response.status === 200) await store.keep(response.clone()).catch(() => undefined);
  else if (await isGatewayError(response)) return marked(copy, 'error') ?? response;
  return response;
}
