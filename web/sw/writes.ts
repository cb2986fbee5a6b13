// API writes (architecture guide, offline protocol; decisions 006, 100; issue 28): a write that
// cannot reach the server waits in the Workbox queue `sync-data` (with its Idempotency-Key and
// its account) and the page gets 202 { queued: true }; the queue goes out in order, one write at
// a time, with the signed-in account's current token when the write is that account's.
// - Order: while a write of the same account waits (or a replay is under way), a new write joins
//   the queue behind it instead of overtaking it; the replay that follows sends it, and the page
//   gets the server's own answer when it lands in that replay.
// - Outcomes of a replayed write: network failure, 5xx, 408 or 429 → kept at the head, the replay
//   stops and says so (the Background Sync event fails, so the browser tries again with its
//   backoff; the page asks again on its timer); 401 → kept, the page is told (it renews the session
//   and posts SESSION, which replays); any other 4xx → final: dropped, its French message kept
//   with what it concerned, for the screen that made it to show; success → sent.
// - Sealed (decision 320): a queued write's body and token, and a refusal's message and ids, are
//   kept sealed with the data key of the account that made it; while that account is
//   signed out on this phone its writes wait, unreadable, for its next sign-in here (the others'
//   go on in their order).
// Nothing here touches the service worker's globals but `fetch` and `crypto`: the queue, the
// store of refused writes, the session, the accounts' keys and the messages to the pages are given
// (test/sw).
import { offlineText } from '../i18n/offline';
import { type OpenKey, sealJson, sealRequest, unsealJson, unsealRequest } from '../vault/vault';
import { json } from './reads';
import type { PendingWrite, RefusedWrite } from '../api/outbox';
import type { ReplayOutcome, WorkerMessage } from './protocol';

export type { PendingWrite, RefusedWrite };

export interface WriteMetadata {
  /** The account that made the write (the `id` claim of its token). */
  userId?: string | null;
  /** The write's Idempotency-Key: how a page waiting for its answer finds it. */
  id?: string;
}

export interface QueueEntry {
  request: Request;
  timestamp?: number;
  metadata?: WriteMetadata;
}

/** What the replay needs of workbox-background-sync's Queue. */
export interface WriteQueue {
  pushRequest(entry: QueueEntry): Promise<void>;
  unshiftRequest(entry: QueueEntry): Promise<void>;
  shiftRequest(): Promise<QueueEntry | undefined>;
  getAll(): Promise<QueueEntry[]>;
  size(): Promise<number>;
}

/** A refusal as the phone keeps it: its account and time in the clear, the rest sealed. */
export interface StoredRefusal {
  id: string;
  userId: string | null;
  at: string;
  keyId: string;
  sealed: Uint8Array<ArrayBuffer>;
}

export interface RefusedStore {
  add(write: StoredRefusal): Promise<void>;
  all(): Promise<StoredRefusal[]>;
  remove(id: string): Promise<void>;
}

/** What the worker posts to the pages about its writes (web/sw/protocol.ts). */
export type SyncMessage = WorkerMessage;
export type { ReplayOutcome };

export interface WritesEnvironment {
  queue: WriteQueue;
  refused: RefusedStore;
  /** The signed-in account's session, as the page last posted it. */
  session: () => { token: string; userId: string } | null;
  /** The account of a request, read from its bearer token. */
  userIdOf: (request: Request) => string | null;
  /** An account's data key while it is signed in on this phone (web/vault). */
  keyOf: (accountId: string) => Promise<OpenKey | null>;
  broadcast: (message: SyncMessage) => Promise<void>;
}

/** The ids a queued body names (a created record's id, the students of a bulk action, a roll call's lesson and date...). */
const BODY_ID_KEYS = ['id', 'student_id', 'ids', 'student_ids', 'enrollmentIds', 'timetable_entry_id', 'date'];

const pathOf = (request: Request) => new URL(request.url).pathname.replace(/^\/api/, '');

/** What a write concerns; `request` null when it is sealed for an account signed out here (its ids unknown). */
async function describe(request: Request | null, entry: Request, userId: string | null): Promise<PendingWrite> {
  if (!request) return { method: entry.method, path: pathOf(entry), userId, ids: [] };
  const body = (await request
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  const ids = BODY_ID_KEYS.flatMap((key) => [body?.[key]].flat()).filter((v): v is string => typeof v === 'string');
  return { method: request.method, path: pathOf(request), userId, ids };
}

async function messageOf(response: Response): Promise<string> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { message?: string } | null;
  return body?.message ?? offlineText.syncClientErrorDefault;
}

/** Answers the server gives for a moment (a gateway, maintenance, the limits): tried again later. */
const isTransient = (status: number) => status >= 500 || status === 408 || status === 429;

export function writes(environment: WritesEnvironment) {
  const { queue, refused } = environment;
  let replaying: Promise<ReplayOutcome> | null = null;
  /** Writes whose page waits for the answer (they joined the queue while online), by key. */
  const waiting = new Set<string>();
  const answered = new Map<string, Response>();

  /** The queued request, with the current session's token when it belongs to the same account. */
  function withFreshToken(request: Request, userId: string | null | undefined): Request {
    const session = environment.session();
    if (!session || session.userId !== userId) return request;
    const headers = new Headers(request.headers);
    headers.set('Authorization', `Bearer ${session.token}`);
    return new Request(request, { headers });
  }

  /** A queued write as it can be sent: opened with its account's key; null while that key is not here. */
  async function opened(entry: QueueEntry): Promise<Request | null> {
    const userId = entry.metadata?.userId ?? null;
    return unsealRequest(userId ? await environment.keyOf(userId) : null, entry.request.clone() as Request);
  }

  async function run(): Promise<ReplayOutcome> {
    let outcome: ReplayOutcome = 'sent';
    const sentPaths = new Set<string>();
    const messages: string[] = [];
    // The writes of accounts signed out here: put back at the head, in their order, after the round.
    const waitingForKey: QueueEntry[] = [];
    try {
      for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
        const { userId = null, id } = entry.metadata ?? {};
        const request = await opened(entry);
        if (!request) {
          waitingForKey.push(entry);
          continue;
        }
        let response: Response;
        try {
          response = await fetch(withFreshToken(request.clone() as Request, userId));
        } catch {
          await queue.unshiftRequest(entry);
          outcome = 'offline';
          break;
        }
        if (response.status === 401 || isTransient(response.status)) {
          // Kept at the head: sent again once the account's session is renewed, or later.
          await queue.unshiftRequest(entry);
          outcome = response.status === 401 ? 'auth' : 'retry';
          break;
        }
        const awaited = id !== undefined && waiting.has(id);
        if (awaited) answered.set(id, response);
        if (response.ok || response.status < 400) {
          sentPaths.add(pathOf(entry.request));
          continue;
        }
        // Refused for good. A page waiting for the answer shows it itself; otherwise it is kept
        // for the screen that made the write.
        if (awaited) continue;
        const message = await messageOf(response);
        messages.push(message);
        const open = userId ? await environment.keyOf(userId) : null;
        if (open) {
          const write: RefusedWrite = {
            ...(await describe(request, entry.request, userId)),
            id: id ?? crypto.randomUUID(),
            status: response.status,
            message,
            at: new Date().toISOString(),
          };
          await refused.add({
            id: write.id,
            userId,
            at: write.at,
            keyId: open.id,
            sealed: await sealJson(open, write),
          });
        }
      }
    } finally {
      for (const entry of waitingForKey.reverse()) await queue.unshiftRequest(entry);
      if (outcome === 'auth') await environment.broadcast({ type: 'SYNC_AUTH_ERROR' });
      if (messages.length) await environment.broadcast({ type: 'SYNC_CLIENT_ERROR', messages });
      if (sentPaths.size)
        await environment.broadcast({ type: 'SYNC_COMPLETE', sent: sentPaths.size, paths: [...sentPaths] });
      await environment.broadcast({ type: 'QUEUE_SIZE', size: await queue.size(), outcome });
    }
    return outcome;
  }

  /** Sends the queued writes in order; one replay at a time (a second call shares the first). */
  function replay(): Promise<ReplayOutcome> {
    replaying ??= run().finally(() => {
      replaying = null;
    });
    return replaying;
  }

  async function waitsFor(userId: string | null): Promise<boolean> {
    if (replaying) return true;
    return (await queue.getAll()).some((entry) => (entry.metadata?.userId ?? null) === userId);
  }

  const queued = () => json({ queued: true }, 202);

  /** A write as the queue keeps it: sealed with its account's key (without one yet, as it came). */
  async function kept(request: Request, userId: string | null): Promise<Request> {
    const open = userId ? await environment.keyOf(userId) : null;
    return open ? sealRequest(open, request) : request;
  }

  /** A write from a page: sent now, or behind the account's waiting writes, or queued when offline. */
  async function send(request: Request): Promise<Response> {
    const userId = environment.userIdOf(request);
    const id = request.headers.get('Idempotency-Key') ?? crypto.randomUUID();
    if (!(await waitsFor(userId))) {
      try {
        return await fetch(request.clone() as Request);
      } catch {
        await queue.pushRequest({ request: await kept(request, userId), metadata: { userId, id } });
        return queued();
      }
    }
    waiting.add(id);
    try {
      await queue.pushRequest({ request: await kept(request, userId), metadata: { userId, id } });
      // A replay under way may end before reaching it: then the next one sends it.
      for (let round = 0; round < 3; round++) {
        const outcome = await replay();
        const answer = answered.get(id);
        if (answer) return answer;
        if (outcome !== 'sent') return queued();
      }
      return queued();
    } finally {
      waiting.delete(id);
      answered.delete(id);
    }
  }

  /**
   * What the queue holds and what was refused, for the pages' 'En attente' and refusal marks: the
   * writes of every account (those of an account signed out here without their ids), the
   * refusals of the accounts signed in.
   */
  async function pending(): Promise<{ pending: PendingWrite[]; refused: RefusedWrite[] }> {
    const entries = await queue.getAll();
    const opens = new Map<string, OpenKey | null>();
    const keyFor = async (userId: string | null) => {
      if (!userId) return null;
      if (!opens.has(userId)) opens.set(userId, await environment.keyOf(userId));
      return opens.get(userId)!;
    };
    const refusals = await refused.all();
    const readable = await Promise.all(
      refusals.map(async (r) => {
        const open = await keyFor(r.userId);
        if (!open || open.id !== r.keyId) return null;
        return unsealJson<RefusedWrite>(open, r.sealed).catch(() => null);
      }),
    );
    return {
      pending: await Promise.all(
        entries.map(async (entry) =>
          describe(await opened(entry).catch(() => null), entry.request, entry.metadata?.userId ?? null),
        ),
      ),
      refused: readable.filter((r): r is RefusedWrite => r !== null),
    };
  }

  /** An account's set cleared (its key changed): its queued writes and its refusals go. */
  async function clearAccount(accountId: string): Promise<void> {
    const kept: QueueEntry[] = [];
    for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest())
      if ((entry.metadata?.userId ?? null) !== accountId) kept.push(entry);
    for (const entry of kept) await queue.pushRequest(entry);
    for (const r of await refused.all()) if (r.userId === accountId) await refused.remove(r.id);
  }

  return { send, replay, pending, clearAccount, dismiss: (id: string) => refused.remove(id) };
}

export type Writes = ReturnType<typeof writes>;
