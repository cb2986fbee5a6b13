// The service worker (architecture guide, offline protocol; document 1 §1, §4, §8; decisions 005,
// 006, 100, 181, 240): the modules of web/sw/ wired to the worker's events.
// - built files (sw/files.ts, workbox-precaching): the install stores the sign-in page and the
//   app's entry; once signed in, the page names the screens its account can open and they are
//   stored in the background, once per version; every built file, and every navigation (the
//   page, '/'), is then served from this version's cache;
// - GET /api/* (sw/reads.ts): network first, revalidated with the stored copy's ETag;
// - writes (sw/writes.ts): sent in order behind the account's waiting writes, queued in the
//   Workbox queue `sync-data` when the network fails, replayed on the Background Sync event, when
//   the worker starts and when a page asks (its timer, 'online', a new session).
// workbox-routing's router sends each request to its handler; what it leaves goes to the network.
/// <reference lib="webworker" />
import { decode } from '@tsndr/cloudflare-worker-jwt';
import { Queue } from 'workbox-background-sync';
import { NavigationRoute, Route, Router } from 'workbox-routing';
import { LEGACY_API_CACHE } from './api/cache-names';
import { alertOf, notificationOf, openAlert } from './sw/alerts';
import { builtFiles, type Pack } from './sw/files';
import { revalidateSet } from './sw/set';
import { apiCacheOf, dropOldestReads, forgetKnownKeys, keyOf } from './vault/vault';
import { networkFirst, readUnderWay } from './sw/reads';
import { queuedOffline } from './sw/queueing';
import { refusedStore } from './sw/refused';
import { type SyncMessage, writes } from './sw/writes';
import type { PageMessage } from './sw/protocol';

declare const self: ServiceWorkerGlobalScope;
declare const __FILES__: Record<string, string | null>;
declare const __CORE__: string[];
declare const __SCREENS__: Record<string, string[]>;
declare const __VERSION__: string;
declare const __PACKS__: Pack[];

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

const windows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

const files = builtFiles(
  { files: __FILES__, core: __CORE__, screens: __SCREENS__, packs: __PACKS__, version: __VERSION__ },
  { windows: async () => (await windows()).map((w) => w.url) },
);

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

async function broadcast(message: SyncMessage) {
  (await windows()).forEach((client) => client.postMessage(message));
}

const outbox = writes({
  // The Background Sync event fails while writes still wait, so that the browser tries again.
  queue: new Queue('sync-data', {
    maxRetentionTime: 7 * 24 * 60,
    onSync: async () => {
      // Browsers without Background Sync call this from the queue's constructor: after it, then.
      await null;
      const outcome = await outbox.replay();
      if (outcome !== 'sent') throw new Error(`sync-data: ${outcome}`);
    },
  }),
  refused: refusedStore(),
  session: () => session,
  userIdOf,
  keyOf,
  broadcast,
});

/**
 * When this worker started, the last opening of a page (a navigation: an opening of the app or a
 * reload) and each account's last write from a page (ms): older revalidations are stale. So a
 * visit is one page: its opening asks the server once (the set's revalidation, which learns a
 * session ended elsewhere or a school locked), and a reload always reads the server again.
 */
const startedAt = Date.now();
let lastNavigation = 0;
const lastWrite = new Map<string, number>();

/** How a read finds its account and the account's key (web/vault, decision 320), and which copies are fresh. */
const readKeys = {
  accountOf: userIdOf,
  keyOf,
  freshAfter: (accountId: string) => Math.max(startedAt, lastNavigation, lastWrite.get(accountId) ?? 0),
  makeRoom: dropOldestReads,
};

/** Each account's set as its pages named it (app/working-data.ts), revalidated at the next opening. */
const setPaths = new Map<string, Set<string>>();
const MAX_REMEMBERED = 400;
function rememberSet(accountId: string, paths: readonly string[]) {
  const known = setPaths.get(accountId) ?? new Set<string>();
  for (const path of paths) if (known.size < MAX_REMEMBERED) known.add(path);
  setPaths.set(accountId, known);
}
const setEnvironment = { keyOf, freshAfter: readKeys.freshAfter, readUnderWay, makeRoom: dropOldestReads };

// ------------------------------------------------------------------ lifecycle

self.addEventListener('install', (event) => event.waitUntil(files.install(event)));

self.addEventListener('activate', (event) =>
  event.waitUntil(
    files
      .deleteOlderVersions()
      // The reads kept in the clear before decision 320: gone.
      .then(() => caches.delete(LEGACY_API_CACHE))
      .then(() => self.clients.claim()),
  ),
);

self.addEventListener('message', (event) => {
  const data = event.data as PageMessage | null;
  const answer = (value: unknown) => event.ports[0]?.postMessage(value);
  switch (data?.type) {
    case 'SKIP_WAITING':
      void self.skipWaiting();
      break;
    case 'SESSION':
      // A fresh sign-in or a renewed token may unblock writes the server refused with the old one;
      // its data key may be new (web/vault): read again.
      if (data.token && data.userId) session = { token: data.token, userId: data.userId };
      forgetKnownKeys();
      event.waitUntil(outbox.replay().catch(() => undefined));
      break;
    case 'SIGNING_IN': {
      // Its page's first files (the layout, the home screen) may come as one pack (sw/files.ts).
      try {
        const claims = decode<{ role?: string; permissions?: string[] }>(data.token).payload;
        if (claims.role) files.signingIn({ role: claims.role, permissions: claims.permissions ?? [] });
      } catch {
        // Not a token: the files come as they are asked.
      }
      break;
    }
    case 'VAULT':
      // A page kept an account's key (web/vault): read again.
      forgetKnownKeys();
      break;
    case 'SIGNED_OUT':
      // The account's key is gone (web/vault): what it sealed stays, unreadable; its writes wait.
      session = null;
      forgetKnownKeys();
      break;
    case 'CLEAR_SET':
      // The account's set could not be opened with its new key (or makes room): it goes.
      if (data.userId)
        event.waitUntil(
          Promise.all([caches.delete(apiCacheOf(data.userId)), outbox.clearAccount(data.userId)]).then(
            () => answer(true),
            () => answer(false),
          ),
        );
      break;
    case 'REPLAY':
      event.waitUntil(outbox.replay().then(answer, () => answer('offline')));
      break;
    case 'VISIT':
      // A page opened (its first message): the set its account named before is revalidated at
      // once, in one request, and the screens' first reads wait for it (sw/reads.ts) instead of
      // asking one by one. Unknown to this worker (it started since), the page's own set follows.
      if (data.userId && data.token && setPaths.has(data.userId) && self.navigator.onLine !== false)
        event.waitUntil(
          revalidateSet(
            setEnvironment,
            { id: data.userId, token: data.token },
            [...setPaths.get(data.userId)!],
            self.location.origin,
          ).catch(() => undefined),
        );
      break;
    case 'REVALIDATE':
      // The account's working set in one request (sw/set.ts): its outcome to the page.
      if (data.userId && data.token && Array.isArray(data.paths)) rememberSet(data.userId, data.paths);
      if (data.userId && data.token && Array.isArray(data.paths))
        event.waitUntil(
          revalidateSet(setEnvironment, { id: data.userId, token: data.token }, data.paths, self.location.origin).then(
            answer,
            (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
          ),
        );
      else answer({ error: 'no session' });
      break;
    case 'PENDING':
      event.waitUntil(outbox.pending().then(answer));
      break;
    case 'DISMISS':
      if (data.id) event.waitUntil(outbox.dismiss(data.id).then(() => outbox.pending().then(answer)));
      break;
    case 'SCREENS':
      // The screens the signed-in account can open (app/offline-screens.tsx), stored in the background.
      event.waitUntil(
        files.storeScreens(data.screens ?? [], data.files ?? [], event).then(
          (stored) => answer({ ready: true, stored }),
          () => answer({ ready: false, stored: 0 }),
        ),
      );
      break;
  }
});

// ------------------------------------------------------------------ the families' alerts (decision 361)

self.addEventListener('push', (event) => {
  const alert = alertOf(event.data?.text());
  if (!alert) return;
  const { title, options } = notificationOf(alert);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    openAlert(event.notification.data, self.location.origin, {
      windows: async () =>
        (await windows()).map((w) => ({
          url: w.url,
          focus: () => w.focus(),
          navigate: (url: string) => w.navigate(url),
        })),
      open: (url) => self.clients.openWindow(url),
    }),
  );
});

// ------------------------------------------------------------------ routes

const router = new Router();
const sameOrigin = (url: URL) => url.origin === self.location.origin;
const isApi = (url: URL) => sameOrigin(url) && url.pathname.startsWith('/api/');

// Every address of the app is the page; a built file is this version's copy.
router.registerRoute(
  new NavigationRoute(
    ({ event }) => {
      lastNavigation = Date.now();
      return files.serve('/', event as ExtendableEvent);
    },
    { denylist: [/^\/api\//] },
  ),
);
router.registerRoute(
  new Route(
    ({ url }) => sameOrigin(url) && files.isBuilt(url.pathname),
    ({ url, event }) => files.serve(url.pathname, event as ExtendableEvent),
  ),
);
router.registerRoute(
  new Route(
    ({ url }) => isApi(url),
    ({ request }) => networkFirst(request as Request, readKeys),
  ),
);
// A write is queued offline unless its endpoint is declared never queued (sw/queueing.ts).
for (const method of WRITES) {
  router.registerRoute(
    new Route(
      ({ url, request }) => isApi(url) && queuedOffline(request as Request),
      ({ request }) => {
        const userId = userIdOf(request as Request);
        if (userId) lastWrite.set(userId, Date.now());
        return outbox.send(request as Request);
      },
      method,
    ),
  );
}
router.addFetchListener();

// Browsers without Background Sync replay when the worker starts and when a page asks.
void outbox.replay().catch(() => undefined);
