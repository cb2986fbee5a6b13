// The routes of a Hono app with their access rules: the access test and the fuzz test walk them.
import type { Hono } from 'hono';
import { inspectRoutes } from 'hono/dev';
import type { app } from '../../worker/app';
import { ACCESS_RULE, type AccessRule } from '../../worker/auth/access';

export type AnyHono = Hono<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Handler = (typeof app.routes)[number]['handler'];

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

export const ruleOf = (route: RegisteredRoute): AccessRule | undefined =>
  route.handlers
    .map((h) => (h as Partial<Record<typeof ACCESS_RULE, AccessRule>>)[ACCESS_RULE])
    .find((rule) => rule !== undefined);

export const unguarded = (hono: AnyHono) =>
  registeredRoutes(hono)
    .filter((route) => !ruleOf(route))
    .map((route) => `${route.method} ${route.path}`);

/** A concrete address for a route pattern (params get an id that exists nowhere). */
export const concretePath = (path: string) => path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/g, crypto.randomUUID());
