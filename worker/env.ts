// The app's per-request variables. The bindings (`Env`, global) are generated from wrangler.toml
// by `npm run types` into env.generated.d.ts; `npm test` fails when that file is stale.
import type { Context } from 'hono';
import type { AccessRule } from './auth/access';
import type { Account } from './auth/session';
import type { Db } from './db/client';

export interface Instance {
  id: string;
  name: string;
  /** The school database holding the school (its binding); null: the directory itself. */
  shard: string | null;
}

export interface AppBindings {
  Bindings: Env;
  Variables: {
    /** The school the request's Host resolves to (the default school for unknown hosts); null on a
     * platform without any school yet, where only platform accounts can work. */
    instance: Instance | null;
    /** The request's school's database (lib/host.ts), for every API request; the directory when there is no school. */
    db: Db;
    /** The directory: the platform's database (schools' hostnames and databases, platform accounts, log). */
    directory: Db;
    /** The signed-in account, set by the access rule of the route. */
    account: Account;
    /** The route's access rule (auth/access.ts), for `holdsAlso`. */
    access: AccessRule;
  };
}

/** After a school-scoped access rule (`allow.permission`, `allow.types` of school accounts): the
 *  caller's school, whose id every query of the route takes first. */
export interface SchoolBindings extends AppBindings {
  Variables: AppBindings['Variables'] & { school: string };
}

export type AppContext = Context<AppBindings>;
export type SchoolContext = Context<SchoolBindings>;
