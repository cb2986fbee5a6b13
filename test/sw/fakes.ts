// Stand-ins for what the service worker's modules use of the browser: Cache Storage, the network
// (a fake server that records every request with its cache mode and answers from handlers), the
// Workbox queue's storage and an extendable event. The modules themselves run unchanged
// (web/sw/*.ts, with Workbox inside), in Node.
import { vi } from 'vitest';
import type { QueueEntry, RefusedStore, StoredRefusal, WriteQueue } from '../../web/sw/writes';
import type { OpenKey } from '../../web/vault/vault';

export const ORIGIN = 'https://ecole.test';

class FakeCache {
  readonly entries = new Map<string, Response>();
  /** Each entry's bytes, for the phone's storage quota (FakeCaches.quota). */
  readonly sizes = new Map<string, number>();
  constructor(private readonly storage: { room: (bytes: number) => boolean } = { room: () => true }) {}
  private keyOf = (request: RequestInfo | URL) =>
    new URL(typeof request === 'string' || request instanceof URL ? request : request.url, ORIGIN).href;
  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(this.keyOf(request))?.clone();
  }
  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    // As a browser does: the body is read whole when stored.
    const body = await response.arrayBuffer();
    if (!this.storage.room(body.byteLength - (this.sizes.get(this.keyOf(request)) ?? 0)))
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.sizes.set(this.keyOf(request), body.byteLength);
    const copy = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    this.entries.set(this.keyOf(request), copy);
  }
  async delete(request: RequestInfo | URL): Promise<boolean> {
    this.sizes.delete(this.keyOf(request));
    return this.entries.delete(this.keyOf(request));
  }
  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

export class FakeCaches {
  readonly caches = new Map<string, FakeCache>();
  /** The bytes the phone lets Cache Storage hold (null: no limit), as a browser's storage quota. */
  quota: number | null = null;
  private readonly storage = {
    room: (bytes: number) =>
      this.quota === null ||
      [...this.caches.values()].reduce((sum, c) => sum + [...c.sizes.values()].reduce((a, b) => a + b, 0), 0) + bytes <=
        this.quota,
  };
  async open(name: string): Promise<FakeCache> {
    if (!this.caches.has(name)) this.caches.set(name, new FakeCache(this.storage));
    return this.caches.get(name)!;
  }
  async has(name: string) {
    return this.caches.has(name);
  }
  async delete(name: string) {
    return this.caches.delete(name);
  }
  async keys() {
    return [...this.caches.keys()];
  }
  async match(request: RequestInfo | URL, options: { cacheName?: string } = {}) {
    const names = options.cacheName ? [options.cacheName] : [...this.caches.keys()];
    for (const name of names) {
      const found = await this.caches.get(name)?.match(request);
      if (found) return found;
    }
    return undefined;
  }
  /** The paths (with their query) a cache holds. */
  async paths(name: string): Promise<string[]> {
    const cache = this.caches.get(name);
    return cache ? [...cache.entries.keys()].map((url) => url.slice(ORIGIN.length)).sort() : [];
  }
}

export interface Seen {
  method: string;
  path: string;
  cache: RequestCache;
  headers: Record<string, string>;
  body: string;
  /** The answer's status; 0 when the request failed (offline). */
  status: number;
}

export type Handler = (request: Request) => Response | Promise<Response>;

/** The network: handlers by 'METHOD /path' (or '/path' for GET); `offline` makes every request fail. */
export class FakeNetwork {
  readonly seen: Seen[] = [];
  offline = false;
  /** The paths the browser's HTTP cache holds: only they answer a request made 'only-if-cached'. */
  readonly httpCache = new Set<string>();
  readonly handlers = new Map<string, Handler>();
  on(route: string, handler: Handler | Response) {
    this.handlers.set(
      route.includes(' ') ? route : `GET ${route}`,
      typeof handler === 'function' ? handler : () => handler.clone(),
    );
    return this;
  }
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(
      typeof input === 'string' || input instanceof URL ? new URL(input, ORIGIN) : input,
      init,
    );
    const url = new URL(request.url);
    const seen: Seen = {
      method: request.method,
      path: url.pathname + url.search,
      cache: request.cache,
      headers: Object.fromEntries(request.headers),
      body: request.method === 'GET' ? '' : await request.clone().text(),
      status: 0,
    };
    this.seen.push(seen);
    if (request.cache === 'only-if-cached' && !this.httpCache.has(url.pathname)) throw new TypeError('Failed to fetch');
    if (this.offline) throw new TypeError('Failed to fetch');
    const handler = this.handlers.get(`${request.method} ${url.pathname}`);
    const response = handler ? await handler(request) : new Response('absent', { status: 404 });
    seen.status = response.status;
    return response;
  };
  paths(method = 'GET') {
    return this.seen.filter((s) => s.method === method).map((s) => `${s.path} ${s.cache}`);
  }
}

/** The service worker's globals, on fresh stand-ins. */
export function serviceWorkerGlobals() {
  const caches = new FakeCaches();
  const network = new FakeNetwork();
  vi.stubGlobal('location', new URL(`${ORIGIN}/`));
  vi.stubGlobal('caches', caches);
  vi.stubGlobal('fetch', network.fetch);
  vi.stubGlobal('self', globalThis);
  vi.stubGlobal('navigator', { onLine: true });
  return { caches, network };
}

/** An event whose lifetime promises are kept (install, message). */
export function extendableEvent(type = 'install') {
  const promises: Promise<unknown>[] = [];
  return { type, waitUntil: (p: Promise<unknown>) => void promises.push(p), promises } as unknown as ExtendableEvent;
}

/** The Workbox queue's behaviour (push at the tail, shift and unshift at the head), in memory. */
export class MemoryQueue implements WriteQueue {
  readonly entries: QueueEntry[] = [];
  async pushRequest(entry: QueueEntry) {
    this.entries.push({ timestamp: Date.now(), ...entry, request: entry.request.clone() as Request });
  }
  async unshiftRequest(entry: QueueEntry) {
    this.entries.unshift({ ...entry, request: entry.request.clone() as Request });
  }
  async shiftRequest() {
    return this.entries.shift();
  }
  async getAll() {
    return this.entries.map((e) => ({ ...e, request: e.request.clone() as Request }));
  }
  async size() {
    return this.entries.length;
  }
}

export class MemoryRefused implements RefusedStore {
  readonly writes: StoredRefusal[] = [];
  async add(write: StoredRefusal) {
    this.writes.push(write);
  }
  async all() {
    return [...this.writes];
  }
  async remove(id: string) {
    this.writes.splice(
      this.writes.findIndex((w) => w.id === id),
      1,
    );
  }
}

/** An account's data key as the vault holds it: AES-GCM, non-extractable (web/vault, decision 320). */
export async function testKey(id = 'cle-1'): Promise<OpenKey> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  return { id, key };
}

/** The accounts' keys on the phone: `keys.set(account, key)` signs in, `keys.delete(account)` signs out. */
export function keyRing() {
  const keys = new Map<string, OpenKey>();
  return { keys, keyOf: async (accountId: string) => keys.get(accountId) ?? null };
}

/** Whether some text appears in the bytes (a stored copy read in the clear). */
export const holdsText = async (response: Response | undefined, text: string) =>
  Boolean(response) && new TextDecoder().decode(await response!.arrayBuffer()).includes(text);
