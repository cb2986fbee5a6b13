// The replayed writes the server refused for good (a 4xx other than 401), kept in IndexedDB
// ('portail-sync', store 'refused') until the user dismisses them on the screen that made them
// (issue 28): the replay may run with no page open (Background Sync), and the worker may stop
// before a page asks. Each is sealed with its account's data key (decision 320); version 2 drops
// the refusals kept in the clear before.
import { openDB } from 'idb';
import type { RefusedStore, StoredRefusal } from './writes';

export function refusedStore(): RefusedStore {
  const db = openDB('portail-sync', 2, {
    upgrade: (d, from) => {
      if (from >= 1) d.deleteObjectStore('refused');
      d.createObjectStore('refused', { keyPath: 'id' });
    },
  });
  return {
    add: async (write: StoredRefusal) => void (await (await db).put('refused', write)),
    all: async () => ((await (await db).getAll('refused')) as StoredRefusal[]).sort((a, b) => a.at.localeCompare(b.at)),
    remove: async (id: string) => (await db).delete('refused', id),
  };
}
