// Writes not sent yet, as the service worker's queue `sync-data` holds them, and replayed writes
// the server refused for good (decision 100; issue 28, decision 241): the screens mark the records
// concerned 'En attente' until they are sent, show a refusal where the write was made, and the
// dashboard sums them up. The page asks the worker after each queued write and whenever the worker
// reports on its queue; while the account has writes waiting, it asks the worker to send them
// again on a timer (5 s, 10 s, then every 20 s, as the grade drafts), besides 'online' and start-up.
import { useEffect, useSyncExternalStore } from 'react';
import { getSession } from '../session/session';
import type { PendingWrite, RefusedWrite } from './outbox';
import { isWorkerMessage, type PageMessage, postToWorker } from '../sw/protocol';

export type { PendingWrite, RefusedWrite };

interface Outbox {
  pending: PendingWrite[];
  refused: RefusedWrite[];
}

const ASK_TIMEOUT_MS = 2000;
/** The waits between two replays asked by the page while writes wait; the last one repeats. */
export const RETRY_DELAYS_MS = [5_000, 10_000, 20_000];

let outbox: Outbox = { pending: [], refused: [] };
const listeners = new Set<() => void>();

function ask<T>(message: PageMessage, fallback: T): Promise<T> {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!worker) return Promise.resolve(fallback);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(fallback), ASK_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<T>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    postToWorker(worker, message, channel.port2);
  });
}

function keep(next: unknown) {
  const answer = next as Partial<Outbox> | null;
  const value: Outbox = {
    pending: Array.isArray(answer?.pending) ? answer.pending : [],
    refused: Array.isArray(answer?.refused) ? answer.refused : [],
  };
  if (JSON.stringify(value) === JSON.stringify(outbox)) return;
  outbox = value;
  listeners.forEach((listener) => listener());
}

/** Reads the queue again (after a queued write, a replay, a change of worker). */
export async function refreshPending(): Promise<void> {
  keep(await ask({ type: 'PENDING' }, outbox));
}

/** Asks the worker to send the queued writes now; how the replay ended ('sent', 'offline', 'retry', 'auth'). */
export const replayNow = () => ask<string>({ type: 'REPLAY' }, 'offline');

/** How many writes of an account wait in the queue, asked of the worker now. */
export async function waitingOf(userId: string): Promise<number> {
  await refreshPending();
  return outbox.pending.filter((w) => w.userId === userId).length;
}

/** Withdraws a refused write the user has seen. */
export async function dismissRefused(id: string): Promise<void> {
  keep(await ask({ type: 'DISMISS', id }, outbox));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const mine = <T extends PendingWrite>(list: T[]) => {
  const userId = getSession()?.id;
  return list.filter((w) => w.userId === userId);
};

/** Re-reads the outbox when the worker reports on its queue or a new worker takes over. */
function useOutbox(): Outbox {
  useEffect(() => {
    void refreshPending();
    const container = navigator.serviceWorker;
    if (!container) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      if (isWorkerMessage(event.data)) void refreshPending();
    };
    const onChange = () => void refreshPending();
    container.addEventListener('message', onMessage);
    container.addEventListener('controllerchange', onChange);
    return () => {
      container.removeEventListener('message', onMessage);
      container.removeEventListener('controllerchange', onChange);
    };
  }, []);
  return useSyncExternalStore(subscribe, () => outbox);
}

/** The signed-in user's queued writes; re-read when the worker reports on its queue. */
export function usePendingWrites(): PendingWrite[] {
  return mine(useOutbox().pending);
}

/** The signed-in user's refused writes under one of `areas` (all of them without). */
export function useRefusedWrites(areas?: readonly string[]): RefusedWrite[] {
  const refused = mine(useOutbox().refused);
  return areas ? refused.filter((w) => inAreas(w, areas)) : refused;
}

const inAreas = (w: PendingWrite, areas: readonly string[]) =>
  areas.some((area) => w.path === area || w.path.startsWith(`${area}/`));

/**
 * Whether a queued write under one of `areas` ('/students', '/enrollments') concerns the record
 * `id`: the id is a segment of its address or one of the ids its body names (every one of `id`
 * when several are given: a roll call's lesson and date).
 */
export function isPendingFor(pending: readonly PendingWrite[], areas: readonly string[], ...id: string[]): boolean {
  return pending.some(
    (w) => inAreas(w, areas) && id.every((one) => w.ids.includes(one) || w.path.split('/').includes(one)),
  );
}

// ------------------------------------------------------------------ what a replay sent

const synced = new Set<(paths: string[]) => void>();

/** Told when a replay sent writes (their addresses under /api): open screens read their data again. */
export function onSynced(listener: (paths: string[]) => void): () => void {
  synced.add(listener);
  return () => {
    synced.delete(listener);
  };
}

export const announceSynced = (paths: string[]) => synced.forEach((listener) => listener(paths));
