// Worker entry: the Hono app, the daily housekeeping (old idempotency keys, ended device
// sessions) and the Durable Object classes.
import { app } from './app';
import { database } from './db/client';
import * as deviceSessions from './db/device-sessions';
import * as idempotencyKeys from './db/idempotency-keys';

export { LoginThrottle } from './durable/login-throttle';
export { Platform } from './durable/platform';
export { SchoolHub } from './durable/school-hub';

export default {
  fetch: app.fetch,
  async scheduled(_controller: ScheduledController, env: Env) {
    const db = database(env.DB);
    await idempotencyKeys.deleteExpired(db, new Date());
    await deviceSessions.deleteExpired(db, Math.floor(Date.now() / 1000));
  },
} satisfies ExportedHandler<Env>;
