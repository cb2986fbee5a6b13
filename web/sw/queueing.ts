// Where the service worker decides to queue a write (decision 351): a write under /api goes to
// the offline outbox (sw/writes.ts) unless the contract declares its endpoint 'never' or 'draft'
// (the generated list `notQueued` of web/api/endpoints.ts) or the page marked it with
// NOT_QUEUED_HEADER. Nothing else in the worker or the page lists such writes.
import { notQueued } from '../api/endpoints';
import { NOT_QUEUED_HEADER } from './protocol';

/** The declared endpoints as patterns: a path parameter is one segment. */
const patterns = notQueued.map(([method, path]) => ({
  method: method.toUpperCase(),
  path: new RegExp(`^/api${path.replace(/:\w+/g, '[^/]+')}$`),
}));

/** Whether the service worker queues this write when the network fails. */
export function queuedOffline(request: { method: string; url: string; headers: Headers }): boolean {
  if (request.headers.has(NOT_QUEUED_HEADER)) return false;
  const { pathname } = new URL(request.url);
  const method = request.method.toUpperCase();
  return !patterns.some((p) => p.method === method && p.path.test(pathname));
}
