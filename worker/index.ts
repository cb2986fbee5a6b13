// Worker entry: the Hono app, the daily housekeeping (worker/housekeeping.ts) and the Durable
// Object classes.
import { app } from './app';
import { dailyHousekeeping } from './housekeeping';

export { LoginThrottle } from './durable/login-throttle';
export { Platform } from './durable/platform';
export { SchoolHub } from './durable/school-hub';

export default {
  fetch: app.fetch,
  async scheduled(controller: ScheduledController, env: Env) {
    await dailyHousekeeping(env, new Date(controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
