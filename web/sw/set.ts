// The account's working set revalidated in one request (issue 39, decision 320): the page names the
// addresses of the set (app/working-data.ts) and the service worker sends them together
// (POST /api/reads), each with the ETag of its stored copy; an unchanged one comes back as a bare
// 304 (a few bytes), a changed one with its answer, stored sealed. Each copy revalidated is marked
// (X-Revalidated): for a few minutes a screen's read of it is answered from the phone without
// asking the server again. A screen's read of an address of a revalidation under way waits for it.
import { READS_PER_REQUEST } from '../../worker/domain/reads';
import { apiCacheOf, type OpenKey, sealResponse, unsealResponse, withinQuota } from '../vault/vault';

/** How long a revalidated copy answers the screens without the server (one visit's worth). */
export const FRESH_MS = 5 * 60_000;
/** The mark of a copy revalidated (its time, ms). */
export const REVALIDATED = 'X-Revalidated';

export interface SetOutcome {
  /** Addresses whose answer changed (or was stored for the first time). */
  changed: string[];
  /** Addresses unchanged since their stored copy. */
  unchanged: number;
  /** Addresses the server refused or could not answer (read again next time). */
  failed: string[];
}

export interface SetEnvironment {
  keyOf: (accountId: string) => Promise<OpenKey | null>;
  /** Copies revalidated before this moment (ms) are not fresh (the worker's start, the account's last write). */
  freshAfter?: (accountId: string) => number;
  /** A screen's read of an address on its way (sw/reads.ts): the set waits for it rather than asking twice. */
  readUnderWay?: (url: string) => Promise<unknown> | undefined;
  /** Room for the account's copies when the phone's quota is reached (vault's `dropOldestReads`). */
  makeRoom?: (accountId: string) => Promise<boolean>;
}

type Part = { status: 304 } | { path: string; status: number; etag: string | null; body: unknown };

/** What the worker answers when the server refused the set (401: the session ended elsewhere; 403: the school locked). */
export const SET_REFUSED = 'set: session refused';

/** The revalidations under way, by account and address (a screen's read waits for its address). */
const underWay = new Map<string, Promise<unknown>>();
const keyOfRead = (accountId: string, url: string) => `${accountId} ${url}`;

/** The revalidation of this address under way, if any. */
export const revalidating = (accountId: string, url: string) => underWay.get(keyOfRead(accountId, url));

/** Whether a stored copy was revalidated a moment ago, and after `after` (ms). */
export const isFresh = (stored: Response, after = 0, now = Date.now()) => {
  const at = Number(stored.headers.get(REVALIDATED));
  return Number.isFinite(at) && at > after && now - at < FRESH_MS;
};

/** An answer (or a stored copy, its body as it is) marked revalidated now. */
export const revalidatedNow = (stored: Response, now = Date.now()) => {
  const headers = new Headers(stored.headers);
  headers.set(REVALIDATED, String(now));
  return new Response(stored.body, { status: stored.status, headers });
};

/**
 * Revalidates `paths` (addresses under /api with their query) of the account, READS_PER_REQUEST a
 * request, with its token; stores what changed, marks what did not. A network failure throws
 * (what was done stays done); a refusal (the session ended elsewhere, the school suspended) throws
 * SET_REFUSED: the page then asks through its API client, which says why.
 */
export async function revalidateSet(
  env: SetEnvironment,
  account: { id: string; token: string },
  paths: readonly string[],
  origin: string,
): Promise<SetOutcome> {
  const key = await env.keyOf(account.id);
  if (!key) throw new Error('set: no key');
  const open: OpenKey = key;
  const cache = await caches.open(apiCacheOf(account.id));
  const outcome: SetOutcome = { changed: [], unchanged: 0, failed: [] };
  // What a screen read a moment ago (the shell's school, the home's lists) is not asked again.
  await Promise.all(paths.map((path) => env.readUnderWay?.(new URL(path, origin).href)?.catch(() => undefined)));
  // Nor what another revalidation is asking now (the opening's, VISIT in sw.ts): it is waited for.
  await Promise.all(paths.map((path) => revalidating(account.id, new URL(path, origin).href)?.catch(() => undefined)));
  const after = env.freshAfter?.(account.id) ?? 0;
  const fresh = await Promise.all(
    paths.map(async (path) => {
      const copy = await cache.match(new URL(path, origin).href);
      return Boolean(copy && isFresh(copy, after));
    }),
  );
  outcome.unchanged += fresh.filter(Boolean).length;
  const unique = [...new Set(paths.filter((_, i) => !fresh[i]))];
  // Taken at once (no wait between the look and the taking): what another revalidation began
  // meanwhile is its own, and waited for; the rest is this one's, a gate a request.
  const theirs = unique.filter((path) => revalidating(account.id, new URL(path, origin).href));
  const mine = unique.filter((path) => !theirs.includes(path));
  const chunks: { chunk: string[]; gate: Promise<void>; done: () => void }[] = [];
  for (let start = 0; start < mine.length; start += READS_PER_REQUEST) {
    const chunk = mine.slice(start, start + READS_PER_REQUEST);
    let done!: () => void;
    const gate = new Promise<void>((resolve) => (done = resolve));
    for (const path of chunk) underWay.set(keyOfRead(account.id, new URL(path, origin).href), gate);
    chunks.push({ chunk, gate, done });
  }
  try {
    await Promise.all(
      theirs.map((path) => revalidating(account.id, new URL(path, origin).href)?.catch(() => undefined)),
    );
    outcome.unchanged += theirs.length;
    await revalidateChunks(chunks);
  } finally {
    // A request that failed leaves the later ones unsent: their readers go on.
    for (const { chunk, gate, done } of chunks) {
      for (const path of chunk) {
        const key = keyOfRead(account.id, new URL(path, origin).href);
        if (underWay.get(key) === gate) underWay.delete(key);
      }
      done();
    }
  }
  return outcome;

  async function revalidateChunks(list: typeof chunks) {
    for (const { chunk, gate, done } of list) {
      try {
        const stored = await Promise.all(
          chunk.map(async (path) => {
            const copy = await cache.match(new URL(path, origin).href);
            // A copy the key cannot open is no copy: its ETag is not sent.
            return copy && (await unsealResponse(open, copy.clone())) ? copy : null;
          }),
        );
        const response = await fetch(new URL('/api/reads', origin).href, {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            Authorization: `Bearer ${account.token}`,
          },
          body: JSON.stringify({ paths: chunk, etags: stored.map((s) => s?.headers.get('ETag') ?? null) }),
        });
        if (response.status === 401 || response.status === 403) throw new Error(SET_REFUSED);
        if (!response.ok) throw new Error(`set: ${response.status}`);
        const { parts } = (await response.json()) as { parts: Part[] };
        const now = Date.now();
        await Promise.all(
          parts.map(async (part, i) => {
            const path = chunk[i]!;
            const url = new URL(path, origin).href;
            const copy = stored[i];
            if (part.status === 304 && copy) {
              outcome.unchanged++;
              return cache.put(url, revalidatedNow(copy, now));
            }
            if (part.status === 200 && 'body' in part) {
              outcome.changed.push(path);
              const answer = new Response(JSON.stringify(part.body), {
                headers: {
                  'Content-Type': 'application/json; charset=utf-8',
                  ...(part.etag ? { ETag: part.etag } : {}),
                  [REVALIDATED]: String(now),
                },
              });
              const sealed = await sealResponse(open, answer);
              return withinQuota(
                () => cache.put(url, sealed.clone()),
                () => env.makeRoom?.(account.id) ?? Promise.resolve(false),
              ).catch(() => void outcome.failed.push(path));
            }
            outcome.failed.push(path);
          }),
        );
      } finally {
        for (const path of chunk) {
          const key = keyOfRead(account.id, new URL(path, origin).href);
          if (underWay.get(key) === gate) underWay.delete(key);
        }
        done();
      }
    }
  }
}
