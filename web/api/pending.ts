// Writes made offline and not sent yet, as the service worker's queue `sync-data` holds them
// (decision 100): the screens mark the records they concern 'en attente' until they are synced.
// The page asks the worker after each queued write and whenever the worker reports on its queue.
import { useEffect, useSyncExternalStore } from 'react';
import { getSession } from '../session/session';

export interface PendingWrite {
  method: string;
  /** The address under /api, without the query: '/students/abc', '/enrollments/xyz/payments'. */
  path: string;
  /** The account that made it. */
  userId: string | null;
  /** The ids its body names (a created record's id, the students of a bulk action). */
  ids: string[];
}

const ASK_TIMEOUT_MS = 2000;

let writes: PendingWrite[] = [];
const listeners = new Set<() => void>();

function ask(worker: ServiceWorker): Promise<PendingWrite[]> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(writes), ASK_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<PendingWrite[]>) => {
      clearTimeout(timer);
      resolve(Array.isArray(event.data) ? event.data : []);
    };
    worker.postMessage({ type: 'PENDING' }, [channel.port2]);
  });
}

/** Reads the queue again (after a queued write, a replay, a change of worker). */
export async function refreshPending(): Promise<void> {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  const next = worker ? await ask(worker) : [];
  if (JSON.stringify(next) === JSON.stringify(writes)) return;
  writes = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user's queued writes; re-read when the worker reports on its queue. */
export function usePendingWrites(): PendingWrite[] {
  useEffect(() => {
    void refreshPending();
    const container = navigator.serviceWorker;
    if (!container) return;
    const onMessage = (event: MessageEvent<{ type?: string } | null>) => {
      if (event.data?.type?.startsWith('SYNC_') || event.data?.type === 'QUEUE_SIZE') void refreshPending();
    };
    const onChange = () => void refreshPending();
    container.addEventListener('message', onMessage);
    container.addEventListener('controllerchange', onChange);
    return () => {
      container.removeEventListener('message', onMessage);
      container.removeEventListener('controllerchange', onChange);
    };
  }, []);
  const all = useSyncExternalStore(subscribe, () => writes);
  const userId = getSession()?.id;
  return all.filter((w) => w.userId === userId);
}

/**
 * Whether a queued write under one of `areas` ('/students', '/enrollments') concerns the record
 * `id`: the id is a segment of its address or one of the ids its body names.
 */
export function isPendingFor(pending: readonly PendingWrite[], areas: readonly string[], id: string): boolean {
  return pending.some(
    (w) =>
      areas.some((area) => w.path === area || w.path.startsWith(`${area}/`)) &&
      (w.ids.includes(id) || w.path.split('/').includes(id)),
  );
}
