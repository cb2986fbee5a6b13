// Bindings of wrangler.toml and the app's per-request variables.
import type { Context } from 'hono';
import type { LoginThrottle } from './durable/login-throttle';
import type { Platform } from './durable/platform';
import type { Account } from './auth/session';

export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  ASSETS: Fetcher;
  LOGIN_THROTTLE: DurableObjectNamespace<LoginThrottle>;
  PLATFORM: DurableObjectNamespace<Platform>;
  JWT_SECRET: string;
}

export interface Instance {
  id: string;
  name: string;
}

export interface AppBindings {
  Bindings: Env;
  Variables: {
    /** The school the request's Host resolves to (the default school for unknown hosts); null on a
     * platform without any school yet, where only platform accounts can work. */
    instance: Instance | null;
    /** The signed-in account, set by the access rule of the route. */
    account: Account;
  };
}

export type AppContext = Context<AppBindings>;
