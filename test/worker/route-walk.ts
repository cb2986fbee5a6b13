// The routes of the app with their access rules (worker/lib/routes.ts walks them): the access
// test and the fuzz test use these.
import type { Hono } from 'hono';
import { ACCESS_RULE, type AccessRule } from '../../worker/auth/access';
import { type RegisteredRoute, registeredRoutes, taggedOf } from '../../worker/lib/routes';

export type AnyHono = Hono<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export { type RegisteredRoute, registeredRoutes };

export const ruleOf = (route: RegisteredRoute): AccessRule | undefined => taggedOf<AccessRule>(route, ACCESS_RULE);

export const unguarded = (hono: AnyHono) =>
  registeredRoutes(hono)
    .filter((route) => !ruleOf(route))
    .map((route) => `${route.method} ${route.path}`);

/** A concrete address for a route pattern (params get an id that exists nowhere). */
export const concretePath = (path: string) => path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/g, crypto.randomUUID());
