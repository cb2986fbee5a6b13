// API reads (GET /api/*; architecture guide, offline protocol; decisions 100, 181): network first,
// revalidating the last good answer (If-None-Match: a 304 is answered with the stored copy), kept in
// `api-data` (or `public-data` for a read without an account, which outlives a sign-out) and
// served with the X-From-Cache marker when the network fails ('offline') or a gateway fails
// ('error'); a read never stored answers the 'never visited' notice.
import { API_CACHE, PUBLIC_CACHE } from '../api/cache-names';
import { offlineText } from '../i18n/offline';

export const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });

/** The stored answer with its marker: 'offline' (the request failed) or 'error' (a gateway error). */
async function fromCache(cache: Cache, request: Request, marker: 'offline' | 'error'): Promise<Response | null> {
  const cached = await cache.match(request.url, { ignoreVary: true });
  if (!cached) return null;
  const headers = new Headers(cached.headers);
  headers.set('X-From-Cache', marker);
  return new Response(cached.body, { status: cached.status, headers });
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
function revalidating(request: Request, copy: Response | undefined): Request {
  const tag = copy?.headers.get('ETag');
  if (!tag || request.headers.has('If-None-Match')) return request;
  const headers = new Headers(request.headers);
  headers.set('If-None-Match', tag);
  return new Request(request, { headers });
}

/** The reads on their way, by account and address: a second read of one address waits for the first. */
const onTheirWay = new Map<string, Promise<Response>>();

/**
 * A read, answered by the server (revalidating the stored copy) or, failing that, by the copy.
 * Two screens (or a screen and the background reads) asking for one address at once share one
 * request (decision 271); a page's own revalidation (If-None-Match) is never shared.
 */
export function networkFirst(request: Request): Promise<Response> {
  if (request.headers.has('If-None-Match')) return answer(request);
  const key = `${request.headers.get('Authorization') ?? ''} ${request.url}`;
  let shared = onTheirWay.get(key);
  if (!shared) {
    shared = answer(request).finally(() => onTheirWay.delete(key));
    onTheirWay.set(key, shared);
  }
  return shared.then((response) => response.clone());
}

async function answer(request: Request): Promise<Response> {
  // A read without an account is public (it outlives a sign-out); any other holds school data.
  const cache = await caches.open(request.headers.has('Authorization') ? API_CACHE : PUBLIC_CACHE);
  const copy = await cache.match(request.url, { ignoreVary: true });
  let response: Response;
  try {
    response = await fetch(revalidating(request, copy));
  } catch {
    return (
      (await fromCache(cache, request, 'offline')) ??
      json({ message: offlineText.neverVisited, code: 'offline_uncached', offline: true }, 503)
    );
  }
  // Unchanged since the stored answer: the page gets the stored answer (a few hundred bytes moved).
  if (response.status === 304 && copy && !request.headers.has('If-None-Match')) return copy;
  if (response.status === 200) await cache.put(request.url, response.clone());
  else if (await isGatewayError(response)) return (await fromCache(cache, request, 'error')) ?? response;
  return response;
}
