// Worker entry: the Hono app, the daily housekeeping and the Durable Object classes.
import { app } from './app';
import { database } from './db/client';
import * as idempotencyKeys from './db/idempotency-keys';

export { LoginThrottle } from './durable/login-throttle';
export { Platform } from './durable/platform';
export { SchoolHub } from './durable/school-hub';

export default {
  fetch: app.fetch,
  async scheduled(_controller: ScheduledController, env: Env) {
    await idempotencyKeys.deleteExpired(database(env.DB), new Date());
  },
} satisfies ExportedHandler<Env>;
