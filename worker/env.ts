// The app's per-request variables. The bindings (`Env`, global) are generated from wrangler.toml
// by `npm run types` into env.generated.d.ts; `npm test` fails when that file is stale.
import type { Context } from 'hono';
import type { Account } from './auth/session';
import type { Db } from './db/client';

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
    /** The database, for every API request. */
    db: Db;
    /** The signed-in account, set by the access rule of the route. */
    account: Account;
  };
}

/** After a school-scoped access rule (`allow.permission`, `allow.types` of school accounts): the
 *  caller's school, whose id every query of the route takes first. */
export interface SchoolBindings extends AppBindings {
  Variables: AppBindings['Variables'] & { school: string };
}

export type AppContext = Context<AppBindings>;
export type SchoolContext = Context<SchoolBindings>;
