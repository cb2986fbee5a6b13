// Worker entry: the Hono app, the daily housekeeping and the Durable Object classes.
import { app } from './app';
import { dailyHousekeeping } from './housekeeping';

export { LoginThrottle } from './durable/login-throttle';
export { Platform } from './durable/platform';
export { SchoolHub } from './durable/school-hub';

export default {
  fetch: app.fetch,
  async scheduled(_controller: ScheduledController, env: Env) {
    await dailyHousekeeping(env);
  },
} satisfies ExportedHandler<Env>;
