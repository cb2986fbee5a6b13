// The built files (decisions 005, 181; issue 28): workbox-precaching's controller knows every
// built file with its revision (hashed names have none: the name is the version) and keeps them in
// one cache per version, `portail-files-<version>`. Nothing is stored for a file before it is
// asked: the install stores the install set (the sign-in page and the app's entry), the page names
// the signed-in account's screens afterwards, and a file opened before then is stored as it is
// served. Two plugins of the precache strategy keep today's economy:
// - a file an older version's cache holds under the same cache key (or, from the versions built
//   before workbox-precaching came back, under its path with the same X-Revision) is copied, not
//   downloaded: an update downloads only what changed;
// - a file is taken from the HTTP cache when the page has just loaded it: hashed files are
//   immutable (the strategy asks with the default cache mode); another file is asked with
//   'force-cache' and kept only when its content hashes to this version's revision, else asked
//   again from the server. The page ('/') is asked at the address a window opened it with (every
//   address of the app serves the same file), so the HTTP cache has it.
import { PrecacheController, type PrecacheEntry, PrecacheStrategy } from 'workbox-precaching';
import { StrategyHandler } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';

export interface BuildPlan {
  /** Every built file with its revision (null: the hashed name is the version). */
  files: Record<string, string | null>;
  /** What the first visit needs, stored at install. */
  core: string[];
  /** For each lazily loaded module, the files it needs. */
  screens: Record<string, string[]>;
  /** The build's version: a hash of every file's name and revision. */
  version: string;
}

export interface FilesEnvironment {
  /** The addresses of the app's open windows (the page is asked where a window opened it). */
  windows: () => Promise<string[]>;
}

export const FILES_PREFIX = 'portail-files-';
/** The header the versions before issue 28 stored a file's revision in. */
const LEGACY_REVISION = 'X-Revision';
const REVISION_PARAM = '__WB_REVISION__';
/** Files fetched at once in the background: enough to fill a slow link, few enough for a phone. */
const PARALLEL = 4;

/** The first 16 hex digits of the SHA-256 of a body: a file's revision (scripts/lib/service-worker-plugin.ts). */
export async function revisionOf(response: Response): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer()));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function builtFiles(plan: BuildPlan, environment: FilesEnvironment) {
  const cacheName = FILES_PREFIX + plan.version;
  const pathOf = (url: string) => new URL(url, location.href).pathname;
  const at = (path: string) => new URL(path, location.href).href;
  const isBuilt = (path: string) => Object.hasOwn(plan.files, path);

  /** An older version's copy under the same cache key, copied into this version's cache. */
  const fromOlderVersion: WorkboxPlugin = {
    async cachedResponseWillBeUsed({ cachedResponse, request }) {
      if (cachedResponse) return cachedResponse;
      const key = new URL(request.url);
      const revision = key.searchParams.get(REVISION_PARAM);
      key.searchParams.delete(REVISION_PARAM);
      for (const name of await caches.keys()) {
        if (!name.startsWith(FILES_PREFIX) || name === cacheName) continue;
        const older = await caches.open(name);
        let copy = await older.match(request.url);
        if (!copy && revision) {
          const legacy = await older.match(key.href);
          copy = legacy?.headers.get(LEGACY_REVISION) === revision ? legacy : undefined;
        }
        if (copy) {
          await (await caches.open(cacheName)).put(request.url, copy.clone());
          return copy;
        }
      }
      return null;
    },
  };

  /** A file the page has just loaded, from the HTTP cache when it is this version's. */
  const fromHttpCache: WorkboxPlugin = {
    async requestWillFetch({ request, state }) {
      const path = pathOf(request.url);
      if (!plan.files[path]) return request;
      if (state) state.path = path;
      const opened =
        path === '/' ? (await environment.windows()).map(pathOf).find((p) => !p.startsWith('/api/')) : null;
      return new Request(at(opened ?? path), { cache: 'force-cache', credentials: 'same-origin' });
    },
    async fetchDidSucceed({ response, state }) {
      const path = state?.path as string | undefined;
      if (!path) return response;
      if (response.ok && !response.redirected && (await revisionOf(response)) === plan.files[path]) return response;
      return fetch(at(path), { cache: 'no-cache', credentials: 'same-origin' });
    },
  };

  const controller = new PrecacheController({ cacheName, plugins: [fromOlderVersion, fromHttpCache] });
  const entries: PrecacheEntry[] = Object.entries(plan.files).map(([url, revision]) => ({ url, revision }));
  controller.addToCacheList(entries);
  const strategy = controller.strategy as PrecacheStrategy;

  /** One file, from this version's cache, an older version's, the HTTP cache or the network; stored. `fresh` is told when it was not in this version's cache. */
  async function store(path: string, event: ExtendableEvent, fresh?: () => void): Promise<Response> {
    const cacheKey = controller.getCacheKeyForURL(path);
    const request = new Request(at(path), { credentials: 'same-origin' });
    const handler = new StrategyHandler(strategy, { request, event, params: { cacheKey } });
    try {
      const kept = await handler.cacheMatch(request);
      if (kept) return kept;
      const stored = await strategy._handleInstall(request, handler);
      fresh?.();
      return stored;
    } finally {
      await handler.doneWaiting();
      handler.destroy();
    }
  }

  /** Stores the built files among `paths` that this version's cache lacks, four at a time; answers how many it stored. */
  async function storeAll(paths: readonly string[], event: ExtendableEvent): Promise<number> {
    const waiting = [...new Set(paths)].filter(isBuilt);
    const failures: unknown[] = [];
    let stored = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let path = waiting.shift(); path; path = waiting.shift())
          await store(path, event, () => stored++).catch((error: unknown) => failures.push(error));
      }),
    );
    if (failures.length) throw failures[0];
    return stored;
  }

  return {
    cacheName,
    isBuilt,
    /** The install set: the first visit's files. */
    install: (event: ExtendableEvent) => storeAll(plan.core, event),
    /** The files of the account's screens (and its guide), fetched in the background: how many were not stored yet. */
    storeScreens: (screens: readonly string[], files: readonly string[], event: ExtendableEvent) =>
      storeAll([...screens.flatMap((screen) => plan.screens[screen] ?? []), ...files], event),
    /** A built file for a request: this version's copy, else stored now; the network if that fails. */
    async serve(path: string, event: ExtendableEvent): Promise<Response> {
      const copy = await controller.matchPrecache(path);
      if (copy) return copy;
      return store(path, event).catch(() => fetch(at(path), { credentials: 'same-origin' }));
    },
    /** Older versions' caches, and the precache of the versions built with workbox-precaching before issue 12. */
    async deleteOlderVersions(): Promise<string[]> {
      const old = (await caches.keys()).filter(
        (n) => (n.startsWith(FILES_PREFIX) && n !== cacheName) || n.startsWith('workbox-precache'),
      );
      await Promise.all(old.map((n) => caches.delete(n)));
      return old;
    },
  };
}
