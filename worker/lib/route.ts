// A route, registered from its endpoint: `route(app, api.create, allow.permission('user:manage'),
// async (c) => …)` is `app.post(api.create.path, allow.permission('user:manage'),
// input(api.create), async (c) => …)`, the method and path read from the endpoint's declaration.
import type { Handler, Hono, MiddlewareHandler } from 'hono';
import type { Endpoint } from '../contract/endpoint';
import { ACCESS_RULE, ownCheck } from '../auth/access';
import type { AccessRule, AppBindings } from '../env';
import { input, type InputOf } from './validate';

/**
 * Registers the endpoint's route on `app`: its access rule, then its input check (`input`), then
 * the rule's ownership check when it has one (`ownCheck`, decision 354), then the handler, typed by both (`c.var.school` after a school-scoped rule, `c.req.valid(...)` by the
 * endpoint). The handler chain is the one the route walks and the OpenAPI document read.
 */
export function route<const E extends Endpoint, A extends AppBindings, B extends AppBindings>(
  app: Hono<A>,
  endpoint: E,
  access: MiddlewareHandler<B>,
  handler: Handler<A & B, E['path'], InputOf<E>>,
): void {
  const rule = (access as Partial<Record<typeof ACCESS_RULE, AccessRule>>)[ACCESS_RULE];
  const owned = rule ? ownCheck(rule) : null;
  if (owned) app.on(endpoint.method, endpoint.path, access, input(endpoint), owned as MiddlewareHandler, handler);
  else app.on(endpoint.method, endpoint.path, access, input(endpoint), handler);
}
