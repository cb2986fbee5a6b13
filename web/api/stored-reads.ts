// The account's working set, revalidated in one request by the service worker (issue 39, decisions
// 271, 320): the page names the addresses (app/working-data.ts); the worker sends them together
// (POST /api/reads) with the ETag of each stored copy, stores what changed, sealed with the
// account's key, and marks what did not, so that the screens open from the phone at once.
import type { Endpoint } from '../../worker/contract/endpoint';
import type { Session } from '../session/session';
import { SET_REFUSED, type SetOutcome } from '../sw/set';
import { type Args, pathOf, type Route } from './route';
import { postToWorker } from '../sw/protocol';

export type { SetOutcome };

/** The address under /api of a read, as the screen makes it (its stored copy is found by it). */
export const address = <E extends Endpoint>(endpoint: Route<E>, args: Args<E>) => `/api${pathOf(endpoint, args)}`;

/** The server refused the set (the session ended elsewhere, the school locked): the API client says why. */
export class SessionRefused extends Error {}

/** How long the worker may take over a set (a slow line: several requests of READS_PER_REQUEST). */
const SET_TIMEOUT_MS = 120_000;

/**
 * Asks the service worker to revalidate `paths` (addresses under /api) for the account: what
 * changed and what failed. Throws without a worker, or when the network failed.
 */
export async function revalidateSet(session: Session, paths: readonly string[]): Promise<SetOutcome> {
  if (!('serviceWorker' in navigator)) throw new Error('set: no service worker');
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) throw new Error('set: no service worker');
  const answer = await new Promise<SetOutcome | { error: string }>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve({ error: 'timeout' }), SET_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<SetOutcome | { error: string }>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    postToWorker(
      worker,
      { type: 'REVALIDATE', userId: session.id, token: session.token, paths: [...paths] },
      channel.port2,
    );
  });
  if ('error' in answer) throw answer.error === SET_REFUSED ? new SessionRefused() : new Error(`set: ${answer.error}`);
  return answer;
}
