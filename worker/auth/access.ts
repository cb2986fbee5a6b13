// The one access check. Every route declares who may call it with an `allow.*` rule as its first
// handler; test/worker/access.test.ts fails if a registered route has none. The rule signs the
// caller in, applies maintenance and forced password change, checks account type and
// permission, and answers replays of idempotent writes.
import type { Context, MiddlewareHandler } from 'hono';
import { serverText } from '../../web/i18n/server';
import { currentMaintenance } from '../durable/platform';
import { isExemptFromMaintenance } from '../domain/maintenance';
import type { PermissionKey } from '../domain/permissions';
import type { AppBindings } from '../env';
import { ApiError, forbidden } from '../lib/errors';
import { replayIfSeen } from '../lib/idempotency';
import type { AccountType } from './jwt';
import { type Account, authenticate } from './session';

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
}

export const ACCESS_RULE = Symbol('accessRule');

export type RuleMiddleware = MiddlewareHandler<AppBindings> & { [ACCESS_RULE]: AccessRule };

export async function raiseIfMaintenance(c: Context<AppBindings>, type: AccountType): Promise<void> {
  const state = await currentMaintenance(c.env);
  if (state.active && !isExemptFromMaintenance(type, state.level)) {
    throw new ApiError(503, 'maintenance', state.message || serverText.maintenanceDefault, {
      maintenance: true,
      level: state.level,
    });
  }
}

export function may(account: Account, rule: AccessRule): boolean {
  if (rule.types && !rule.types.includes(account.type)) return false;
  if (rule.permission && !account.permissions.has(rule.permission)) return false;
  if (rule.anyPermission && !rule.anyPermission.some((p) => account.permissions.has(p))) return false;
  return true;
}

function rule(access: AccessRule): RuleMiddleware {
  const middleware: MiddlewareHandler<AppBindings> = async (c, next) => {
    if (access.public) return next();
    const account = await authenticate(c);
    await raiseIfMaintenance(c, account.type);
    const temporary = account.status === 'temporary_password';
    if (temporary && !access.temporaryPasswordOnly) {
      throw new ApiError(403, 'password_change_required', serverText.passwordChangeRequired);
    }
    if (!may(account, access)) throw forbidden();
    // A session left open on a shared phone must not be enough to take the account for good.
    if (!temporary && access.temporaryPasswordOnly) {
      throw new ApiError(403, 'password_not_temporary', serverText.passwordNotTemporary);
    }
    c.set('account', account);
    const replay = await replayIfSeen(c, account);
    if (replay) return replay;
    return next();
  };
  return Object.assign(middleware, { [ACCESS_RULE]: access });
}

export const STAFF_TYPES = ['admin', 'standard'] as const satisfies readonly AccountType[];
export const PLATFORM_TYPES = ['superadmin', 'superadmin_delegate'] as const satisfies readonly AccountType[];

export const allow = {
  /** Anyone, signed in or not. */
  public: () => rule({ public: true }),
  /** Any signed-in account whose password is not temporary. */
  signedIn: () => rule({}),
  /** Signed-in accounts that must replace a temporary password, and only those. */
  passwordChange: (types?: readonly AccountType[]) => rule({ temporaryPasswordOnly: true, ...(types ? { types } : {}) }),
  types: (...types: AccountType[]) => rule({ types }),
  /** School staff holding a permission (admin holds all). */
  permission: (permission: PermissionKey) => rule({ types: STAFF_TYPES, permission }),
  /** School staff holding at least one of the permissions. */
  anyPermission: (...permissions: PermissionKey[]) => rule({ types: STAFF_TYPES, anyPermission: permissions }),
};
