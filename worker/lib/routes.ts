// The routes of an app as registered, for the walks that check them (every route has an access
// rule, test/worker/access.test.ts; every route has its contract, test/worker/contract.test.ts)
// and for the OpenAPI document (lib/openapi.ts).
import type { Hono } from 'hono';
import { inspectRoutes } from 'hono/dev';

type AnyHono = Hono<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Handler = AnyHono['routes'][number]['handler'];

export interface RegisteredRoute {
  method: string;
  path: string;
  handlers: Handler[];
}

/**
 * The routes of an app, each with its own handler chain. Hono lists every handler of
 * `app.get(path, a, b, c)` as a separate entry, in order, and tells middleware (handlers that
 * take `next`) from endpoints the same way `hono/dev` does. A route is a run of consecutive
 * entries with the same method and path that ends with an endpoint; `app.use()` middleware is
 * never followed by an endpoint of its own, so it is not a route.
 */
export function registeredRoutes(hono: AnyHono): RegisteredRoute[] {
  const kinds = inspectRoutes(hono);
  const routes: RegisteredRoute[] = [];
  let pending: RegisteredRoute | null = null;
  hono.routes.forEach((entry, i) => {
    if (!pending || pending.method !== entry.method || pending.path !== entry.path) {
      pending = { method: entry.method, path: entry.path, handlers: [] };
    }
    pending.handlers.push(entry.handler);
    if (!kinds[i]!.isMiddleware) {
      routes.push(pending);
      pending = null;
    }
  });
  return routes;
}

/** The value a route's middleware carries under a tag (its access rule, its endpoint). */
export const taggedOf = <T>(route: RegisteredRoute, tag: symbol): T | undefined =>
  route.handlers.map((h) => (h as unknown as Partial<Record<symbol, T>>)[tag]).find((value) => value !== undefined);
