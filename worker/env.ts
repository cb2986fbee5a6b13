// The app's per-request variables. The bindings (`Env`, global) are generated from wrangler.toml
// by `npm run types` into env.generated.d.ts; `npm test` fails when that file is stale.
// The bottom of the worker's own modules (decision 352): it imports only db/client's and domain/'s
// types, and everything may import it.
import type { Context } from 'hono';
import type { Db } from './db/client';
import type { Account, AccountType } from './domain/accounts';
import type { PermissionKey } from './domain/permissions';

/** A route's access rule (made by `allow.*`, auth/access.ts). */
export interface AccessRule {
  /** No session needed. */
  public?: boolean;
  /** Account types allowed; omitted = any signed-in account. */
  types?: readonly AccountType[];
  /** Permission needed (admin account type holds them all). */
  permission?: PermissionKey;
  /** Any one of these permissions is enough (a screen shared by several roles). */
  anyPermission?: readonly PermissionKey[];
  /** Only for accounts whose password is temporary (the forced change itself); others are refused. */
  temporaryPasswordOnly?: boolean;
  /** Only accounts of a school may call: the rule sets `school` on the context. */
  school?: boolean;
  /** Any one of these rules is enough (`allow.any`): the teacher of the course, or staff holding a permission. */
  anyOf?: readonly AccessRule[];
  /** Limited to the caller's own rows: what, in words, and the check run before the handler (`OwnRule`). */
  own?: OwnRule;
  /** Permissions a part of the request needs besides, with the part (the handler asks `holdsAlso`). */
  also?: Readonly<Partial<Record<PermissionKey, string>>>;
}

/**
 * The ownership part of a rule (`allow.own`, decision 354): whose rows, in words (the walk and the
 * OpenAPI document say it), and, as code, whether the request names only such rows. The check runs
 * after the account and the input are checked, before the handler (lib/route.ts); it reads the
 * request's validated input (`c.req.valid`) through db/ modules. A row it does not find passes: the
 * handler answers its own 404. When it says no, `refusal` answers (403 unless the route answers
 * another's row like a missing one).
 */
export interface OwnRule {
  what: string;
  /** Whether the request names only the caller's rows; none: the rows the route answers are the caller's by construction (nothing in the request names another's). */
  check?: (c: SchoolContext) => Promise<boolean>;
  /** The answer when `check` says no; a 403 'forbidden' when omitted. */
  refusal?: () => Error;
  /** Still checked by the handler itself, on the rows it reads (no `check` yet). */
  inHandler?: true;
}

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
