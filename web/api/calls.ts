// The screens' calls, by endpoint (web/api/endpoints.ts) rather than by path: `read` and `send`
// give the typed answer of the contract, `useRead` is `useApi` for an endpoint. The path-based
// client (client.ts) stays underneath: one client, one error shape, one offline protocol.
import type { Answer, Endpoint } from '../../worker/contract/endpoint';
import { api, type Queued, type RequestOptions } from './client';
import { type Polled, usePolled } from './live';
import { type Args, pathOf, type Route } from './route';
import { type ApiOptions, type ApiState, useApi } from './useApi';

/** The arguments after the endpoint: its path parameters, query and body (when it reads any), then options. */
type Rest<E extends Endpoint> =
  object extends Args<E> ? [args?: Args<E>, options?: RequestOptions] : [args: Args<E>, options?: RequestOptions];

/** A read of an endpoint (GET). */
export function read<E extends Endpoint>(endpoint: Route<E>, ...[args, options]: Rest<E>): Promise<Answer<E>> {
  return api.get<Answer<E>>(pathOf(endpoint, args), options);
}

/**
 * What a write answers: the server's answer, or `{ queued: true }` when the service worker kept
 * it offline; an endpoint the contract declares never queued (`offline: 'never' | 'draft'`,
 * decision 351) answers the server's answer only (offline, it fails with a NetworkError).
 */
export type Sent<E extends Endpoint> = E extends { offline: 'never' | 'draft' } ? Answer<E> : Answer<E> | Queued;

/** A write to an endpoint (see `Sent`). */
export function send<E extends Endpoint>(endpoint: Route<E>, ...[args, options]: Rest<E>): Promise<Sent<E>> {
  return call(endpoint, args ?? ({} as Args<E>), options) as Promise<Sent<E>>;
}

/** `send` with its arguments always named (useWrite's `write`). */
export function call<E extends Endpoint>(
  endpoint: Route<E>,
  args: Args<E>,
  options?: RequestOptions,
): Promise<Answer<E> | Queued> {
  const path = pathOf(endpoint, args);
  const body = args.body;
  // The contract's declaration, through the generated table: never queued offline.
  if (endpoint.offline) options = { ...options, notQueued: true };
  switch (endpoint.method) {
    case 'post':
      return api.post(path, body, options);
    case 'put':
      return api.put(path, body, options);
    case 'delete':
      return api.delete(path, body, options);
    default:
      return api.get(path, options);
  }
}

/** The screen's data from an endpoint; `args` null while the screen has nothing to read. */
export function useRead<E extends Endpoint>(
  endpoint: Route<E>,
  args: Args<E> | null,
  options?: ApiOptions<Answer<E>>,
): ApiState<Answer<E>> {
  return useApi<Answer<E>>(args ? pathOf(endpoint, args) : null, options);
}

/** A polled read of an endpoint (the chat and its badge, web/api/live.ts); `args` null while there is nothing to read. */
export function usePolledRead<E extends Endpoint>(
  endpoint: Route<E>,
  args: Args<E> | null,
  intervalMs: number,
): Polled<Answer<E>> {
  return usePolled<Answer<E>>(args ? pathOf(endpoint, args) : null, intervalMs);
}

/** The server's largest page (`limit` at most 100): the exports and printed lists read by it. */
export const LARGEST_PAGE = 100;

/** Every page of a paginated read (`readPage(page, limit)`), read by the largest page, in order. */
export async function allPages<A extends { pagination: { totalPages: number } }>(
  readPage: (page: number, limit: number) => Promise<A>,
): Promise<A[]> {
  const first = await readPage(1, LARGEST_PAGE);
  const rest = await Promise.all(
    Array.from({ length: first.pagination.totalPages - 1 }, (_, i) => readPage(i + 2, LARGEST_PAGE)),
  );
  return [first, ...rest];
}
