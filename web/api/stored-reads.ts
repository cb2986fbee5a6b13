// Reads made for later, several in one request (POST /api/reads, decision 271): each answer is
// stored in `api-data` under the address the screen will read, with its ETag, as the service
// worker would have stored it; the screen then finds it offline, and online revalidates it (304).
import type { Endpoint } from '../../worker/contract/endpoint';
import { READS_PER_REQUEST } from '../../worker/domain/reads';
import { getSession } from '../session/session';
import { API_CACHE } from './cache-names';
import { sendNow } from './calls';
import { endpoints } from './endpoints';
import { type Args, pathOf, type Route } from './route';

/** The address under /api of a read, as the screen makes it (its stored copy is found by it). */
export const address = <E extends Endpoint>(endpoint: Route<E>, args: Args<E>) => `/api${pathOf(endpoint, args)}`;

/**
 * Reads `paths` (addresses under /api) together, READS_PER_REQUEST a request, in the background,
 * and stores each answer of 200 in `api-data` with its ETag, unless the account `userId` signed
 * out meanwhile. A read refused or failed is left (read again next time).
 */
export async function readTogether(paths: readonly string[], userId: string): Promise<void> {
  const unique = [...new Set(paths)];
  for (let start = 0; start < unique.length; start += READS_PER_REQUEST) {
    const { parts } = await sendNow(
      endpoints.reads.batch,
      { body: { paths: unique.slice(start, start + READS_PER_REQUEST) } },
      { background: true, readOnly: true },
    );
    if (typeof caches === 'undefined' || getSession()?.id !== userId) return;
    const cache = await caches.open(API_CACHE);
    await Promise.all(
      parts
        .filter((part) => part.status === 200)
        .map((part) =>
          cache.put(
            new URL(part.path, location.origin).href,
            new Response(JSON.stringify(part.body), {
              headers: {
                'Content-Type': 'application/json; charset=utf-8',
                ...(part.etag ? { ETag: part.etag } : {}),
              },
            }),
          ),
        ),
    );
  }
}
