// What the page and the service worker say to each other, typed once (both import this module,
// decisions 351, 353): the header that keeps a write out of the offline queue, the messages the page
// posts to the worker and those the worker posts to the pages.

/**
 * A write the service worker must never queue: set by the client (web/api/client.ts) on every
 * call to an endpoint the contract declares `offline: 'never'` or `'draft'`, and on the session's
 * own calls (renewal, sign-out, backup download) made outside the client. It replaces `X-Draft`,
 * which said the same for passwords and promotions too.
 */
export const NOT_QUEUED_HEADER = 'X-Not-Queued';

/** What a page posts to the service worker (web/sw.ts answers on the port, when one is sent). */
export type PageMessage =
  /** Take over now: the reader tapped 'Mettre à jour'. */
  | { type: 'SKIP_WAITING' }
  /** The signed-in account's current token: queued writes may be replayed with it. */
  | { type: 'SESSION'; token: string; userId: string }
  /** An account signs in, before its page loads its first screen: which one (decision 363). */
  | { type: 'SIGNING_IN'; token: string }
  /** A page kept an account's data key (web/vault): read the keys again. */
  | { type: 'VAULT' }
  /** The account signed out: its key is gone. */
  | { type: 'SIGNED_OUT' }
  /** The account's set goes (answer: true when done). */
  | { type: 'CLEAR_SET'; userId: string }
  /** Send the waiting writes now (answer: the ReplayOutcome, or 'offline'). */
  | { type: 'REPLAY' }
  /** A page opened (its first message): the account's known set is revalidated. */
  | { type: 'VISIT'; userId: string; token: string }
  /** The account's working set in one request (answer: SetOutcome or `{ error }`). */
  | { type: 'REVALIDATE'; userId: string; token: string; paths: string[] }
  /** The waiting writes and the refused ones (answer: the outbox). */
  | { type: 'PENDING' }
  /** A refused write dismissed by the user (answer: the outbox). */
  | { type: 'DISMISS'; id: string }
  /** The screens and files the account can open, to store (answer: `{ ready, stored }`). */
  | { type: 'SCREENS'; screens: string[]; files: string[] };

/** How a replay ended: every write that could go went ('sent'), or why it stopped. */
export type ReplayOutcome = 'sent' | 'offline' | 'retry' | 'auth';

/** What the service worker posts to every page. */
export type WorkerMessage =
  | { type: 'SYNC_COMPLETE'; sent: number; paths: string[] }
  | { type: 'SYNC_CLIENT_ERROR'; messages: string[] }
  | { type: 'SYNC_AUTH_ERROR' }
  | { type: 'QUEUE_SIZE'; size: number; outcome: ReplayOutcome };

const WORKER_MESSAGE_TYPES: ReadonlySet<string> = new Set<WorkerMessage['type']>([
  'SYNC_COMPLETE',
  'SYNC_CLIENT_ERROR',
  'SYNC_AUTH_ERROR',
  'QUEUE_SIZE',
]);

/** Whether a message a page received is one of the service worker's. */
export const isWorkerMessage = (data: unknown): data is WorkerMessage =>
  typeof data === 'object' && data !== null && WORKER_MESSAGE_TYPES.has((data as { type?: string }).type ?? '');

/** Posts a message to the service worker, with the port of its answer when one is awaited. */
export function postToWorker(
  worker: { postMessage(message: unknown, transfer: Transferable[]): void } | null | undefined,
  message: PageMessage,
  answerPort?: MessagePort,
): void {
  worker?.postMessage(message, answerPort ? [answerPort] : []);
}
