// The replayed writes the server refused for good (a 4xx other than 401), kept in IndexedDB
// ('portail-sync', store 'refused') until the user dismisses them on the screen that made them
// (issue 28): the replay may run with no page open (Background Sync), and the worker may stop
// before a page asks.
import { openDB } from 'idb';
import type { RefusedStore, RefusedWrite } from './writes';

export function refusedStore(): RefusedStore {
  const db = openDB('portail-sync', 1, {
    upgrade: (d) => void d.createObjectStore('refused', { keyPath: 'id' }),
  });
  return {
    add: async (write: RefusedWrite) => void (await (await db).put('refused', write)),
    all: async () => ((await (await db).getAll('refused')) as RefusedWrite[]).sort((a, b) => a.at.localeCompare(b.at)),
    remove: async (id: string) => (await db).delete('refused', id),
  };
}
