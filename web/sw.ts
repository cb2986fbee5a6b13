// The service worker (architecture guide, offline protocol; document 1 §1, §4, §8; decision 180):
// - built files: the first visit installs what the sign-in page and the app's entry need
//   (__CORE__); once signed in, the page names the screens its account can open and the worker
//   fetches their files in the background, once per version (__SCREENS__). Every built file is
//   then served from the cache; navigations answer the page ('/') from it;
// - GET /api/*: network first, revalidating the last good answer (If-None-Match: a 304 is served
//   from the copy), kept in the `api-data` cache and served with the X-From-Cache marker when the
//   network fails ('offline') or a gateway fails ('error');
// - writes that fail for lack of network go to the Workbox queue `sync-data` with their
//   Idempotency-Key and answer 202 { queued: true }; answers from the server (4xx included)
//   are never queued;
// - the queue is replayed in order on the sync event, when the worker starts and when a page
//   says it is back online; the server's idempotency keys make each change land once.
/// <reference lib="webworker" />
import { decode } from '@tsndr/cloudflare-worker-jwt';
import { Queue } from 'workbox-background-sync';
import { API_CACHE, FILES_CACHE_PREFIX as FILES_PREFIX, PUBLIC_CACHE } from './api/cache-names';
import { offlineText } from './i18n/offline';

declare const self: ServiceWorkerGlobalScope;
/** Every built file with its revision (null: the hashed name is the version). */
declare const __FILES__: Record<string, string | null>;
declare const __CORE__: string[];
declare const __SCREENS__: Record<string, string[]>;
/** The build's version: a hash of every file's name and revision. */
declare const __VERSION__: string;

/** Writes that need a live connection: signing in and replacing a temporary password. */
const NEVER_QUEUED = ['/api/login', '/api/user/force-change-password', '/api/student/force-change-password'];

// ------------------------------------------------------------------ built files

/** One cache per version: a new version fills its own, taking unchanged files from the older one. */
const FILES_CACHE = FILES_PREFIX + __VERSION__;
const REVISION = 'X-Revision';
/** Files fetched at once in the background: enough to fill a slow link, few enough for a phone. */
const PARALLEL = 4;

const isBuilt = (path: string) => Object.hasOwn(__FILES__, path);

/** A stored copy of `path` is this version's when the name is hashed or its revision matches. */
const isCurrent = (path: string, copy: Response) =>
  __FILES__[path] === null || copy.headers.get(REVISION) === __FILES__[path];

async function stored(path: string): Promise<Response | null> {
  const copy = await caches.match(path);
  return copy && isCurrent(path, copy) ? copy : null;
}

/** The first 16 hex digits of the SHA-256 of a body: a file's revision (scripts/lib/service-worker-plugin.ts). */
async function revisionOf(response: Response): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer()));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A built file from the network, or from the HTTP cache when it holds this version: hashed files
 * are immutable; another file is taken from the HTTP cache when its content has this version's
 * revision (the page has just loaded it), else revalidated. The page is asked at the address a
 * window opened it with (the same file at every address of the app), so the HTTP cache has it.
 */
async function download(path: string): Promise<Response> {
  const revision = __FILES__[path];
  if (revision === null) return fetch(path, { credentials: 'same-origin' });
  const windows = path === '/' ? await self.clients.matchAll({ type: 'window', includeUncontrolled: true }) : [];
  const opened = windows
    .map((w) => new URL(w.url))
    .find((url) => url.origin === self.location.origin && !url.pathname.startsWith('/api/'));
  const address = opened ? opened.pathname : path;
  const held = await fetch(address, { cache: 'force-cache', credentials: 'same-origin' }).catch(() => null);
  if (held?.ok && !held.redirected && (await revisionOf(held)) === revision) return held;
  return fetch(path, { cache: 'no-cache', credentials: 'same-origin' });
}

/** This version's copy of a built file, taken from an older version's cache or downloaded. */
async function ensureFile(cache: Cache, path: string): Promise<void> {
  if (await cache.match(path)) return;
  const copy = await stored(path);
  if (copy) return cache.put(path, copy);
  const response = await download(path);
  if (!response.ok || response.redirected) throw new Error(`${path}: ${response.status}`);
  await keep(cache, path, response);
}

async function keep(cache: Cache, path: string, response: Response): Promise<void> {
  const revision = __FILES__[path];
  if (!revision) return cache.put(path, response);
  const headers = new Headers(response.headers);
  headers.set(REVISION, revision);
  await cache.put(
    path,
    new Response(response.body, { status: response.status, statusText: response.statusText, headers }),
  );
}

async function ensureFiles(paths: string[]): Promise<void> {
  const cache = await caches.open(FILES_CACHE);
  const waiting = [...new Set(paths)].filter(isBuilt);
  const failures: unknown[] = [];
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let path = waiting.shift(); path; path = waiting.shift())
        await ensureFile(cache, path).catch((error) => failures.push(error));
    }),
  );
  if (failures.length) throw failures[0];
}

self.addEventListener('install', (event) => event.waitUntil(ensureFiles(__CORE__)));

self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      // Older versions' files, and the precache of the versions built with workbox-precaching.
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((n) => (n.startsWith(FILES_PREFIX) && n !== FILES_CACHE) || n.startsWith('workbox-precache'))
          .map((n) => caches.delete(n)),
      );
      await self.clients.claim();
    })(),
  ),
);

/** A built file from this version's cache, else from the network (and kept for the next time). */
async function builtFile(path: string): Promise<Response> {
  const cache = await caches.open(FILES_CACHE);
  const copy = await cache.match(path);
  if (copy) return copy;
  const response = await fetch(path, { credentials: 'same-origin' });
  if (response.ok && !response.redirected) await keep(cache, path, response.clone());
  return response;
}

self.addEventListener('message', (event) => {
  const data = event.data as {
    type?: string;
    token?: string;
    userId?: string;
    screens?: string[];
    files?: string[];
  } | null;
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
  if (data?.type === 'SCREENS') {
    // The screens the signed-in account can open (web/app/screens.ts), fetched in the background.
    const paths = [...(data.screens ?? []).flatMap((screen) => __SCREENS__[screen] ?? []), ...(data.files ?? [])];
    event.waitUntil(
      ensureFiles(paths).then(
        () => event.ports[0]?.postMessage({ ready: true }),
        () => event.ports[0]?.postMessage({ ready: false }),
      ),
    );
  }
});

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

async function networkFirst(request: Request): Promise<Response> {
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

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// One router (the built files, API reads, API writes); what it leaves goes to the network as is.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (!url.pathname.startsWith('/api/')) {
    if (request.method === 'GET' && (request.mode === 'navigate' || isBuilt(url.pathname))) {
      event.respondWith(builtFile(request.mode === 'navigate' ? '/' : url.pathname));
    }
    return;
  }
  if (request.method === 'GET') return event.respondWith(networkFirst(request));
  // A write marked X-Draft is kept by the page itself (the grade book's drafts in idb), never queued here.
  if (WRITES.has(request.method) && !NEVER_QUEUED.includes(url.pathname) && !request.headers.has('X-Draft')) {
    event.respondWith(queueWrite(request));
  }
});

/** The ids a queued body names (a created record's id, the students of a bulk action...). */
const BODY_ID_KEYS = ['id', 'student_id', 'ids', 'student_ids', 'enrollmentIds'];

/** What the queue holds, for the pages' 'en attente' marks: address, account and the ids named. */
async function pendingWrites() {
  const entries = await queue.getAll();
  return Promise.all(
    entries.map(async ({ request, metadata }) => {
      const body = (await request
        .clone()
        .json()
        .catch(() => null)) as Record<string, unknown> | null;
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
