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
  /** The packs: groups of screens' files that travel as one download (decision 363). */
  packs?: Pack[];
  /** The build's version: a hash of every file's name and revision. */
  version: string;
}

/**
 * A pack (scripts/lib/service-worker-plugin.ts): one built file that holds several, compressed
 * together: a first line, the JSON list of its files with their sizes in bytes, then their bytes
 * one after the other. Its address and list are in the service worker's build plan.
 */
export interface Pack {
  url: string;
  files: [path: string, bytes: number][];
  /** Files a page loads itself on signing in, together: taken when the page asks for one of them. */
  landing?: true;
  /** A landing pack for this account only (its role and sorted permissions), known at its sign-in. */
  account?: { role: string; permissions: string[] };
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
/** A pack is taken when at least this share of its bytes is nowhere on the phone yet. */
const PACK_WORTH = 0.75;
/** How a file is typed, as the asset server types it: the page's module scripts need it. */
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** A pack's files, cut from its bytes by its first line. */
export function unpack(data: Uint8Array<ArrayBuffer>): { path: string; body: Uint8Array<ArrayBuffer> }[] {
  const end = data.indexOf(10);
  const list = JSON.parse(new TextDecoder().decode(data.subarray(0, end))) as Pack['files'];
  let at = end + 1;
  const files = list.map(([path, bytes]) => {
    const body = data.subarray(at, at + bytes);
    at += bytes;
    if (body.length !== bytes) throw new Error(`pack: ${path} is cut short`);
    return { path, body };
  });
  if (at !== data.length) throw new Error('pack: bytes left over');
  return files;
}

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

  /** The files being stored, each once: the page and the background storing may ask for one at the same moment. */
  const storing = new Map<string, Promise<{ response: Response; fresh: boolean }>>();

  /** One file, from this version's cache, an older version's, the HTTP cache or the network; stored. `fresh` is told when it was not in this version's cache. */
  async function store(path: string, event: ExtendableEvent, fresh?: () => void): Promise<Response> {
    let once = storing.get(path);
    if (!once) {
      once = storeOnce(path, event);
      storing.set(path, once);
      void once.then(
        () => storing.delete(path),
        () => storing.delete(path),
      );
    }
    const { response, fresh: downloaded } = await once;
    if (downloaded) fresh?.();
    return response.clone();
  }

  async function storeOnce(path: string, event: ExtendableEvent): Promise<{ response: Response; fresh: boolean }> {
    // A pack bringing it is on its way (decision 363): wait for it rather than download it twice.
    await inFlight.get(path)?.catch(() => undefined);
    const cacheKey = controller.getCacheKeyForURL(path);
    const request = new Request(at(path), { credentials: 'same-origin' });
    const handler = new StrategyHandler(strategy, { request, event, params: { cacheKey } });
    try {
      const kept = await handler.cacheMatch(request);
      if (kept) return { response: kept, fresh: false };
      return { response: await strategy._handleInstall(request, handler), fresh: true };
    } finally {
      await handler.doneWaiting();
      handler.destroy();
    }
  }

  /** Whether a file is on the phone already: this version's cache, an older one's, or the HTTP cache (the page just loaded it). */
  async function onPhone(path: string, kept: readonly Cache[]): Promise<boolean> {
    const key = controller.getCacheKeyForURL(path);
    if (!key) return false;
    for (const cache of kept) if (await cache.match(key)) return true;
    if (plan.files[path] !== null) return false;
    try {
      return (await fetch(at(path), { cache: 'only-if-cached', mode: 'same-origin' })).ok;
    } catch {
      return false;
    }
  }

  /** Whether most of a pack's bytes are nowhere on the phone yet (nor on their way in another pack). */
  async function worthTaking(pack: Pack): Promise<boolean> {
    const total = pack.files.reduce((sum, [, bytes]) => sum + bytes, 0);
    const kept = await Promise.all(
      (await caches.keys()).filter((name) => name.startsWith(FILES_PREFIX)).map((name) => caches.open(name)),
    );
    let missing = 0;
    for (const [path, bytes] of pack.files) {
      if (missing >= PACK_WORTH * total) break;
      if (!inFlight.has(path) && !(await onPhone(path, kept))) missing += bytes;
    }
    return missing >= PACK_WORTH * total;
  }

  /** Fetches a pack and stores its files this version's cache lacks: how many; 0 when it failed (the files come one by one then). */
  async function take(pack: Pack): Promise<number> {
    let stored = 0;
    try {
      const response = await fetch(at(pack.url), { credentials: 'same-origin' });
      if (!response.ok) return 0;
      const cache = await caches.open(cacheName);
      for (const { path, body } of unpack(new Uint8Array(await response.arrayBuffer()))) {
        const key = controller.getCacheKeyForURL(path);
        if (!key || (await cache.match(key))) continue;
        const type = TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
        await cache.put(key, new Response(body, { headers: { 'Content-Type': type } }));
        stored++;
      }
    } catch {
      // One by one, by the caller.
    }
    return stored;
  }

  /**
   * The packs worth taking for `wanted` (decision 363): those whose every file the account opens,
   * most of whose bytes are nowhere on the phone, each fetched in one request and its files stored
   * in this version's cache; answers how many files it stored.
   */
  async function fromPacks(wanted: ReadonlySet<string>): Promise<number> {
    // The signing-in account's own landing pack first: it brings the most in one download.
    const packs = (plan.packs ?? []).filter(forThisAccount);
    packs.sort((a, b) => Number(!!b.account) - Number(!!a.account));
    const counts = await Promise.all(
      packs
        .filter((pack) => pack.files.every(([path]) => wanted.has(path)))
        .map((pack) => decide(async () => ((await worthTaking(pack)) ? { taking: claim(pack) } : {}))),
    );
    return counts.reduce<number>((sum, n) => sum + (n ?? 0), 0);
  }

  /** The files of the packs being taken, each with its pack's download. */
  const inFlight = new Map<string, Promise<number>>();
  /** The decisions, one at a time (a page asks for its first files at once): no pack is taken twice. */
  let deciding: Promise<unknown> = Promise.resolve();
  /**
   * Runs `choice` after the decisions before it (not after their downloads: the download chosen is
   * wrapped, a promise resolving to a promise would wait for it); answers when the download it
   * chose is done, with how many files it stored.
   */
  function decide(choice: () => Promise<{ taking?: Promise<number> }>): Promise<number | undefined> {
    const decided = deciding.then(choice);
    deciding = decided.catch(() => undefined);
    return decided.then((d) => d.taking);
  }
  /** Starts taking a pack: its files are said to be coming until it is done. */
  function claim(pack: Pack): Promise<number> {
    const taking = take(pack);
    for (const [file] of pack.files) inFlight.set(file, taking);
    void taking.finally(() => {
      for (const [file] of pack.files) if (inFlight.get(file) === taking) inFlight.delete(file);
    });
    return taking;
  }
  /** The account signing in on this phone, when it is one a landing pack was made for. */
  let signingIn: Pack['account'] | null = null;
  /** A pack for every account, or one made for the account signing in. */
  const forThisAccount = (pack: Pack) =>
    !pack.account ||
    (!!signingIn &&
      pack.account.role === signingIn.role &&
      pack.account.permissions.join() === signingIn.permissions.join());
  /** Every file some pack holds: the others never wait for a decision. */
  const packedFiles = new Set((plan.packs ?? []).flatMap((pack) => pack.files.map(([file]) => file)));
  /** The landing packs holding `path`: the signing-in account's own first, then those of every account. */
  const landingPacksOf = (path: string) => {
    const packs = (plan.packs ?? []).filter(
      (pack) => pack.landing && forThisAccount(pack) && pack.files.some(([file]) => file === path),
    );
    return [...packs.filter((pack) => pack.account), ...packs.filter((pack) => !pack.account)];
  };

  /** A file the page asks for: from the pack bringing it, or with the others of a landing pack when that is worth it. */
  async function withPack(path: string): Promise<void> {
    if (!packedFiles.has(path)) return;
    await decide(async () => {
      const coming = inFlight.get(path);
      if (coming) return { taking: coming };
      for (const pack of landingPacksOf(path)) if (await worthTaking(pack)) return { taking: claim(pack) };
      return {};
    });
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
    /**
     * The files of the account's screens (and its guide), fetched in the background, in packs where
     * it pays: how many were not stored yet.
     */
    async storeScreens(screens: readonly string[], files: readonly string[], event: ExtendableEvent) {
      const wanted = [...screens.flatMap((screen) => plan.screens[screen] ?? []), ...files];
      const packed = await fromPacks(new Set(wanted));
      return packed + (await storeAll(wanted, event));
    },
    /** A built file for a request: this version's copy, else stored now; the network if that fails. */
    async serve(path: string, event: ExtendableEvent): Promise<Response> {
      const copy = await controller.matchPrecache(path);
      if (copy) return copy;
      await withPack(path);
      const packed = await controller.matchPrecache(path);
      if (packed) return packed;
      return store(path, event).catch(() => fetch(at(path), { credentials: 'same-origin' }));
    },
    /** An account signs in (its role and permissions): its page's first files may come as one pack. */
    signingIn(account: { role: string; permissions: readonly string[] }) {
      signingIn = { role: account.role, permissions: [...account.permissions].sort() };
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
