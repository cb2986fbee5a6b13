// The service worker (architecture guide, offline protocol; document 1 §1, §4, §8):
// - the app shell is precached, navigations answer index.html from the cache;
// - GET /api/*: network first, the last good answer kept in the `api-data` cache and served
//   with the X-From-Cache marker when the network fails ('offline') or a gateway fails ('error');
// - writes that fail for lack of network go to the Workbox queue `sync-data` with their
//   Idempotency-Key and answer 202 { queued: true }; answers from the server (4xx included)
//   are never queued;
// - the queue is replayed in order on the sync event, when the worker starts and when a page
//   says it is back online; the server's idempotency keys make each change land once.
/// <reference lib="webworker" />
import { decode } from '@tsndr/cloudflare-worker-jwt';
import { Queue } from 'workbox-background-sync';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { offlineText } from './i18n/offline';

declare const self: ServiceWorkerGlobalScope;
declare const __PRECACHE_MANIFEST__: { url: string; revision: string | null }[];

const API_CACHE = 'api-data';
/** Writes that need a live connection: signing in and replacing a temporary password. */
const NEVER_QUEUED = ['/api/login', '/api/user/force-change-password', '/api/student/force-change-password'];

cleanupOutdatedCaches();
precacheAndRoute(__PRECACHE_MANIFEST__);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; token?: string; userId?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'SESSION' && data.token && data.userId) {
    // A fresh sign-in may unblock writes the server refused with the old token.
    session = { token: data.token, userId: data.userId };
    event.waitUntil(replay().catch(() => undefined));
  }
  if (data?.type === 'CLEAR_USER_DATA') {
    session = null;
    event.waitUntil(caches.delete(API_CACHE));
  }
  if (data?.type === 'REPLAY') event.waitUntil(replay().catch(() => undefined));
  if (data?.type === 'PENDING') event.waitUntil(pendingWrites().then((list) => event.ports[0]?.postMessage(list)));
});
clientsClaim();

// ------------------------------------------------------------------ reads

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
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
  const body = (await response.clone().json().catch(() => null)) as { maintenance?: boolean } | null;
  return !body?.maintenance;
}

async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(API_CACHE);
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    return (
      (await fromCache(cache, request, 'offline')) ??
      json({ message: offlineText.neverVisited, code: 'offline_uncached', offline: true }, 503)
    );
  }
  if (response.status === 200) await cache.put(request.url, response.clone());
  else if (await isGatewayError(response)) return (await fromCache(cache, request, 'error')) ?? response;
  return response;
}

registerRoute(({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/api/') && request.method === 'GET', ({ request }) =>
  networkFirst(request),
);

// ------------------------------------------------------------------ writes

/** The account a queued write belongs to, read from its bearer token (never replayed for another). */
function userIdOf(request: Request): string | null {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  try {
    return token ? (decode<{ id?: string }>(token).payload.id ?? null) : null;
  } catch {
    return null;
  }
}

let session: { token: string; userId: string } | null = null;
let replaying: Promise<void> | null = null;

const queue = new Queue('sync-data', {
  maxRetentionTime: 7 * 24 * 60,
  onSync: () => replay(),
});

async function queueWrite(request: Request): Promise<Response> {
  try {
    return await fetch(request.clone());
  } catch {
    await queue.pushRequest({ request, metadata: { userId: userIdOf(request) } });
    return json({ queued: true }, 202);
  }
}

for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
  registerRoute(
    // A write marked X-Draft is kept by the page itself (the grade book's drafts in idb), never queued here.
    ({ url, request }) =>
      url.origin === self.location.origin && url.pathname.startsWith('/api/') && !NEVER_QUEUED.includes(url.pathname) && !request.headers.has('X-Draft'),
    ({ request }) => queueWrite(request),
    method,
  );
}

/** The ids a queued body names (a created record's id, the students of a bulk action...). */
const BODY_ID_KEYS = ['id', 'student_id', 'ids', 'student_ids', 'enrollmentIds'];

/** What the queue holds, for the pages' 'en attente' marks: address, account and the ids named. */
async function pendingWrites() {
  const entries = await queue.getAll();
  return Promise.all(
    entries.map(async ({ request, metadata }) => {
      const body = (await request.clone().json().catch(() => null)) as Record<string, unknown> | null;
      const ids = BODY_ID_KEYS.flatMap((key) => [body?.[key]].flat()).filter((v): v is string => typeof v === 'string');
      return {
        method: request.method,
        path: new URL(request.url).pathname.replace(/^\/api/, ''),
        userId: (metadata as { userId?: string } | undefined)?.userId ?? null,
        ids,
      };
    }),
  );
}

// ------------------------------------------------------------------ replay

async function broadcast(message: { type: string; messages?: string[]; size?: number }) {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  clients.forEach((client) => client.postMessage(message));
}

/** The queued request, with the current session's token when it belongs to the same account. */
function withFreshToken(request: Request, userId: string | undefined): Request {
  if (!session || session.userId !== userId) return request;
  const headers = new Headers(request.headers);
  headers.set('Authorization', `Bearer ${session.token}`);
  return new Request(request, { headers });
}

async function messageOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return body?.message ?? offlineText.syncClientErrorDefault;
}

/** Sends the queued writes in order. Throws while the network is still down (the sync retries). */
function replay(): Promise<void> {
  replaying ??= (async () => {
    let sent = 0;
    let authError = false;
    const refused: string[] = [];
    try {
      for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
        const userId = (entry.metadata as { userId?: string } | undefined)?.userId;
        let response: Response;
        try {
          response = await fetch(withFreshToken(entry.request.clone(), userId));
        } catch (error) {
          await queue.unshiftRequest(entry);
          throw error;
        }
        if (response.status === 401) {
          // Kept: it is sent again once the same account signs in anew.
          await queue.unshiftRequest(entry);
          authError = true;
          break;
        }
        if (response.status >= 500) {
          await queue.unshiftRequest(entry);
          break;
        }
        if (response.status >= 400) {
          refused.push(await messageOf(response));
          continue;
        }
        sent++;
      }
    } finally {
      replaying = null;
      if (authError) await broadcast({ type: 'SYNC_AUTH_ERROR' });
      if (refused.length) await broadcast({ type: 'SYNC_CLIENT_ERROR', messages: refused });
      else if (sent > 0) await broadcast({ type: 'SYNC_COMPLETE' });
      await broadcast({ type: 'QUEUE_SIZE', size: await queue.size() });
    }
  })();
  return replaying;
}

// Browsers without Background Sync replay when the worker starts and when a page is back online.
void replay().catch(() => undefined);
