// Worker entry: the Hono app and the Durable Object classes.
import { app } from './app';

export { LoginThrottle } from './durable/login-throttle';
export { Platform } from './durable/platform';

export default app;
