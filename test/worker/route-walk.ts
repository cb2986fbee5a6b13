// The routes of the app with their access rules (worker/lib/routes.ts walks them): the access
// test and the fuzz test use these.
import type { Hono } from 'hono';
import { ACCESS_RULE, type AccessRule, describeAccess } from '../../worker/auth/access';
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

/** Every route with who may call it, as a Markdown table (docs/access.md; `npm run openapi` writes it). */
export const accessList = (hono: AnyHono) =>
  [
    '# Who may call each route',
    '',
    'Generated from the routes and their `allow.*` rules (worker/auth/access.ts) by',
    'test/worker/access.test.ts; do not edit: `npm run openapi` writes it again.',
    '',
    '| Method | Path | Who may call |',
    '| --- | --- | --- |',
    ...registeredRoutes(hono).map((route) => {
      const rule = ruleOf(route);
      return `| ${route.method} | \`${route.path}\` | ${rule ? describeAccess(rule) : '**no rule**'} |`;
    }),
    '',
  ].join('\n');
