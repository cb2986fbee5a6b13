// The account's working set on the phone, unreadable without its owner (issue 39, decision 320).
// Everything an account keeps on the phone (the offline copy of its reads in Cache Storage, its
// queued writes, its grade drafts, the refusals of its replayed writes) is sealed with its data
// key: AES-GCM, a fresh 96-bit IV for each seal. The key comes from the server with a sign-in, a
// renewal or a password change (worker/auth/data-key.ts), is imported non-extractable (its bits
// cannot be read back, only used) and kept in IndexedDB while the account is signed in, so that
// the service worker finds it when it starts. Sign-out deletes the key and keeps what it sealed:
// the next person on the phone cannot read it, and the same account signing in again on this
// phone gets the same key back. A key with another id (a password change, 'Déconnecter tous les
// appareils', an administrator's end of the sessions) finds a set it cannot open: it is cleared.
// Shared by the page and the service worker.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** A data key as it arrives (contract/auth.ts): its id and its 256 bits, base64url. */
export interface DataKeyAnswer {
  id: string;
  key: string;
}

/** A usable key: its id, and the key itself (non-extractable). */
export interface OpenKey {
  id: string;
  key: CryptoKey;
}

/** The header that marks a sealed body: the id of the key that sealed it. */
export const SEALED = 'X-Sealed';
/** The most accounts whose sets a phone keeps (the least recently signed in go first). */
export const MAX_SETS = 3;
/** The cache of an account's reads. */
export const apiCacheOf = (accountId: string) => `api-data-${accountId}`;
/** The caches of every account's reads. */
export const isApiCache = (name: string) => name.startsWith('api-data-');

interface VaultDb extends DBSchema {
  /** The keys of the accounts signed in on this phone. */
  keys: { key: string; value: { accountId: string; id: string; key: CryptoKey } };
  /** The accounts whose sets the phone keeps: the key id that sealed them, and their last sign-in. */
  sets: { key: string; value: { accountId: string; keyId: string; usedAt: number } };
}

let database: Promise<IDBPDatabase<VaultDb>> | null = null;
const db = () =>
  (database ??= openDB<VaultDb>('portail-vault', 1, {
    upgrade(d) {
      d.createObjectStore('keys', { keyPath: 'accountId' });
      d.createObjectStore('sets', { keyPath: 'accountId' });
    },
  }));

/** The keys read from IndexedDB, by account (a sign-in or a sign-out on another page clears it). */
const known = new Map<string, Promise<OpenKey | null>>();

const fromBase64Url = (text: string) => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/** The key the server gave, imported so that its bits never leave the browser again. */
export async function importDataKey(answer: DataKeyAnswer): Promise<OpenKey> {
  const key = await crypto.subtle.importKey('raw', fromBase64Url(answer.key), { name: 'AES-GCM' }, false, [
    'encrypt',
    'decrypt',
  ]);
  return { id: answer.id, key };
}

/** The account's key while it is signed in on this phone, else null. */
export function keyOf(accountId: string | null | undefined): Promise<OpenKey | null> {
  if (!accountId) return Promise.resolve(null);
  let found = known.get(accountId);
  if (!found) {
    found = db()
      .then((d) => d.get('keys', accountId))
      .then((row) => (row ? { id: row.id, key: row.key } : null))
      .catch(() => null);
    known.set(accountId, found);
    // No key (yet): asked again next time, since a sign-in in another context may bring it.
    void found.then((key) => key === null && known.get(accountId) === found && known.delete(accountId));
  }
  return found;
}

/** Forgets the keys read (another context changed them). */
export const forgetKnownKeys = () => known.clear();

/** What `unlock` found of the account's set: kept (same key), cleared (another key), new, and the sets dropped for room. */
export interface Unlocked {
  set: 'kept' | 'cleared' | 'new';
  dropped: string[];
}

/**
 * Keeps the account's key for its session on this phone. The account's set sealed with another
 * key cannot be opened: `clear` empties it. The least recently used sets beyond MAX_SETS are
 * dropped too (`clear` for each; their keys are gone already: signed out).
 */
export async function unlock(
  accountId: string,
  open: OpenKey,
  clear: (accountId: string) => Promise<void>,
): Promise<Unlocked> {
  const d = await db();
  const before = await d.get('sets', accountId);
  const set: Unlocked['set'] = !before ? 'new' : before.keyId === open.id ? 'kept' : 'cleared';
  if (set === 'cleared') await clear(accountId);
  await d.put('keys', { accountId, id: open.id, key: open.key });
  await d.put('sets', { accountId, keyId: open.id, usedAt: Date.now() });
  known.set(accountId, Promise.resolve(open));
  const sets = (await d.getAll('sets')).sort((a, b) => b.usedAt - a.usedAt);
  const dropped = sets.slice(MAX_SETS).map((s) => s.accountId);
  for (const other of dropped) {
    await clear(other);
    await d.delete('sets', other);
    await d.delete('keys', other);
    known.delete(other);
  }
  return { set, dropped };
}

const isQuotaError = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';

/**
 * Stores with `put` within the phone's storage quota: when the browser refuses for lack of room,
 * `makeRoom` drops another account's reads and `put` is tried again, until it fits or nothing is
 * left to drop (the refusal then stands: this copy is not kept, the answer still reaches the
 * screen). `put` makes its own copy of what it stores: it may run more than once.
 */
export async function withinQuota(put: () => Promise<void>, makeRoom: () => Promise<boolean>): Promise<void> {
  for (;;) {
    try {
      return await put();
    } catch (error) {
      if (!isQuotaError(error) || !(await makeRoom())) throw error;
    }
  }
}

/**
 * Room for `accountId`'s reads: the stored reads of the account least recently signed in on this
 * phone (another one) are deleted, oldest first. Its queued writes stay (unsent work, sealed with a
 * key it gets back at its next sign-in). False when no other account's reads are left.
 */
export async function dropOldestReads(accountId: string): Promise<boolean> {
  const d = await db();
  const oldest = (await d.getAll('sets'))
    .filter((s) => s.accountId !== accountId)
    .sort((a, b) => a.usedAt - b.usedAt)[0];
  if (!oldest) return false;
  await caches.delete(apiCacheOf(oldest.accountId));
  await d.delete('sets', oldest.accountId);
  return true;
}

/** Sign-out: the account's key is forgotten on this phone; what it sealed stays, unreadable. */
export async function lock(accountId: string): Promise<void> {
  known.delete(accountId);
  await (await db()).delete('keys', accountId);
}

// ------------------------------------------------------------------------------ sealing

const VERSION = 1;

/** `data` sealed: a version byte, the IV (12 bytes), then the ciphertext with its tag. */
export async function seal(open: OpenKey, data: BufferSource | string): Promise<Uint8Array<ArrayBuffer>> {
  const plain = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, open.key, plain));
  const out = new Uint8Array(1 + iv.length + cipher.length);
  out[0] = VERSION;
  out.set(iv, 1);
  out.set(cipher, 1 + iv.length);
  return out;
}

/** The bytes `seal` sealed; throws when they were sealed with another key or changed. */
export async function unseal(open: OpenKey, sealed: BufferSource): Promise<ArrayBuffer> {
  const bytes = sealed instanceof Uint8Array ? sealed : new Uint8Array(sealed as ArrayBuffer);
  if (bytes[0] !== VERSION) throw new Error('vault: unknown seal');
  return crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(1, 13) }, open.key, bytes.slice(13));
}

/** A value sealed as JSON. */
export const sealJson = (open: OpenKey, value: unknown) => seal(open, JSON.stringify(value));

/** A value `sealJson` sealed. */
export async function unsealJson<T>(open: OpenKey, sealed: BufferSource): Promise<T> {
  return JSON.parse(new TextDecoder().decode(await unseal(open, sealed))) as T;
}

/** The headers a stored answer keeps in the clear: what the service worker needs without the key. */
const CLEAR_HEADERS = ['Content-Type', 'ETag', 'X-From-Cache', 'X-Revalidated'];

/** An answer with its body sealed, to store (its ETag stays readable: a revalidation needs no key). */
export async function sealResponse(open: OpenKey, response: Response): Promise<Response> {
  const headers = new Headers({ [SEALED]: open.id });
  for (const name of CLEAR_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(await seal(open, await response.arrayBuffer()), { status: response.status, headers });
}

/** A stored answer opened with the key; null when it is not sealed with it (another key, or never sealed). */
export async function unsealResponse(open: OpenKey | null, stored: Response): Promise<Response | null> {
  if (!open || stored.headers.get(SEALED) !== open.id) return null;
  try {
    const body = await unseal(open, await stored.arrayBuffer());
    const headers = new Headers(stored.headers);
    headers.delete(SEALED);
    return new Response(body, { status: stored.status, headers });
  } catch {
    return null;
  }
}

/** The header of a queued write's token, sealed (a Background Sync replay may run with no page open). */
const SEALED_AUTH = 'X-Sealed-Auth';

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** A write to keep in a queue: its body and its token sealed (the token names the account's user). */
export async function sealRequest(open: OpenKey, request: Request): Promise<Request> {
  const headers = new Headers(request.headers);
  const auth = headers.get('Authorization');
  headers.delete('Authorization');
  if (auth) headers.set(SEALED_AUTH, toBase64(await seal(open, auth)));
  headers.set(SEALED, open.id);
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.clone().arrayBuffer();
  return new Request(request.url, {
    method: request.method,
    headers,
    ...(body && body.byteLength > 0 ? { body: await seal(open, body) } : {}),
  });
}

/** A queued write opened for its replay; null when its key is not here (its account signed out). */
export async function unsealRequest(open: OpenKey | null, request: Request): Promise<Request | null> {
  if (!request.headers.has(SEALED)) return request;
  if (!open || request.headers.get(SEALED) !== open.id) return null;
  const headers = new Headers(request.headers);
  headers.delete(SEALED);
  const auth = headers.get(SEALED_AUTH);
  headers.delete(SEALED_AUTH);
  if (auth) {
    const token = await unseal(
      open,
      Uint8Array.from(atob(auth), (c) => c.charCodeAt(0)),
    ).catch(() => null);
    if (token) headers.set('Authorization', new TextDecoder().decode(token));
  }
  const sealed = await request.clone().arrayBuffer();
  const body = sealed.byteLength > 0 ? await unseal(open, sealed).catch(() => null) : null;
  if (sealed.byteLength > 0 && body === null) return null;
  return new Request(request.url, { method: request.method, headers, ...(body ? { body } : {}) });
}
