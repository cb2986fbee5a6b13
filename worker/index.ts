// Worker entry: the Hono app, the daily housekeeping (worker/housekeeping.ts), the hourly run of
// the families' alerts (worker/lib/alerts.ts) and the Durable Object classes.
import { app } from './app';
import { dailyHousekeeping } from './housekeeping';
import { HOURLY_CRON, hourlyAlerts } from './lib/alerts';

export { LoginThrottle } from './durable/login-throttle';
export { Platform } from './durable/platform';
export { SchoolHub } from './durable/school-hub';

export default {
  fetch: app.fetch,
  async scheduled(controller: ScheduledController, env: Env) {
    const at = new Date(controller.scheduledTime);
    if (controller.cron === HOURLY_CRON) await hourlyAlerts(env, at);
    else await dailyHousekeeping(env, at);
  },
} satisfies ExportedHandler<Env>;
