// The one access check. Every route declares who may call it with an `allow.*` rule as its first
// handler; test/worker/access.test.ts fails if a registered route has none. The rule signs the
// caller in, applies maintenance and forced password change, checks account type and
// permission, puts the caller's school on the context when only school accounts may call
// (`c.var.school`, typed by the rule), and answers replays of idempotent writes.
// The rule is the route's whole access rule (decision 264): alternatives (`allow.any`: the
// teacher of the course or staff holding a permission), permissions a part of the request needs
// (`also`, asked by the handler with `holdsAlso`) and the caller's own rows (`own`: in words, with
// the check as code, run before the handler by `ownCheck`; decision 354) are declared on it, so the
// route walk (docs/access.md) and the OpenAPI document say all of it.
import type { Context, MiddlewareHandler } from 'hono';
import { serverText } from '../contract/texts/server';
import { currentMaintenance } from '../durable/platform';
import { isExemptFromMaintenance } from '../domain/maintenance';
import type { PermissionKey } from '../domain/permissions';
import type { AccessRule, AppBindings, OwnRule, SchoolBindings, SchoolContext } from '../env';
import { ApiError, forbidden } from '../lib/errors';
import { replayIfSeen } from '../lib/idempotency';
import type { AccountType } from '../domain/accounts';
import { type Account, authenticate } from './session';

export type { AccessRule };

export const ACCESS_RULE = Symbol('accessRule');

/** A rule, typed with the variables it gives the route's handlers (`SchoolBindings`: `school`). */
export type RuleMiddleware<E extends AppBindings = AppBindings> = MiddlewareHandler<E> & { [ACCESS_RULE]: AccessRule };

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
  if (rule.anyOf && !rule.anyOf.some((part) => may(account, part))) return false;
  return true;
}

const ownHow = (own: OwnRule) =>
  own.check
    ? 'checked before the handler'
    : own.inHandler
      ? 'checked by the handler on the rows'
      : 'the request names no one else’s';

/** Who may call, in words: the route walk (docs/access.md) and the OpenAPI document say this. */
export function describeAccess(rule: AccessRule): string {
  if (rule.public) return 'anyone (no session)';
  const parts = rule.anyOf
    ? [`any of ${rule.anyOf.map((part) => `[${describeAccess(part)}]`).join(' or ')}`]
    : [rule.types ? `account types ${rule.types.join(', ')}` : 'any signed-in account'];
  if (rule.permission) parts.push(`holding ${rule.permission}`);
  if (rule.anyPermission) parts.push(`holding one of ${rule.anyPermission.join(', ')}`);
  if (rule.own) parts.push(`only ${rule.own.what} (${ownHow(rule.own)})`);
  if (rule.temporaryPasswordOnly) parts.push('only while the password is temporary');
  for (const [permission, part] of Object.entries(rule.also ?? {})) parts.push(`and ${permission} ${part}`);
  return parts.join(', ');
}

/**
 * Whether the caller holds a permission that a part of the request needs besides the route's
 * (enrolling the student the form creates): the route's rule must declare it in `also`, so that
 * the walk and the OpenAPI document name it.
 */
export function holdsAlso(
  c: { var: Pick<AppBindings['Variables'], 'access' | 'account'> },
  permission: PermissionKey,
): boolean {
  if (!c.var.access?.also?.[permission]) throw new Error(`${permission} is not declared by the route's access rule`);
  return c.var.account.permissions.has(permission);
}

function rule<E extends AppBindings = AppBindings>(access: AccessRule): RuleMiddleware<E> {
  const middleware: MiddlewareHandler<AppBindings> = async (c, next) => {
    if (access.public) return next();
    const account = await authenticate(c);
    // Known from here, refusals included: its answers are in its language (lib/language.ts).
    c.set('account', account);
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
    c.set('access', access);
    if (access.school) {
      if (!account.instanceId) throw forbidden(serverText.wrongAccountKind);
      (c as unknown as SchoolContext).set('school', account.instanceId);
    }
    const replay = await replayIfSeen(c, account);
    if (replay) return replay;
    return next();
  };
  // E promises the handlers what the rule sets: `school` exactly when access.school.
  return Object.assign(middleware, { [ACCESS_RULE]: access }) as unknown as RuleMiddleware<E>;
}

/** The parts of a rule that let the account in (the rule itself when it has no alternatives). */
const admittingParts = (account: Account, rule: AccessRule): AccessRule[] =>
  rule.anyOf
    ? rule.anyOf.filter((part) => may(account, part)).flatMap((part) => admittingParts(account, part))
    : [rule];

/**
 * The ownership check of a route's rule (decision 354), run after the input check, before the
 * handler (lib/route.ts): when every part of the rule that lets the caller in is limited to their
 * own rows with a check, one of those checks must pass, else the first part's refusal answers.
 * Null when no part of the rule has a check.
 */
export function ownCheck(access: AccessRule): MiddlewareHandler<SchoolBindings> | null {
  const parts = (rule: AccessRule): AccessRule[] => (rule.anyOf ? rule.anyOf.flatMap(parts) : [rule]);
  if (!parts(access).some((part) => part.own?.check)) return null;
  return async (c, next) => {
    const admitting = admittingParts(c.var.account, access);
    if (admitting.some((part) => !part.own?.check)) return next();
    for (const part of admitting) if (await part.own!.check!(c)) return next();
    throw admitting[0]?.own?.refusal?.() ?? forbidden();
  };
}

/** The request's validated input, read by an ownership check (the route's input check ran before it). */
export const validInput = <T>(c: SchoolContext, target: 'param' | 'query' | 'json'): T =>
  c.req.valid(target as never) as T;

export const STAFF_TYPES = ['admin', 'standard'] as const satisfies readonly AccountType[];
/** Who plans the school's week: the teachers and the timetable are read by either manager. */
export const PLANNERS = ['settings:manage_teachers', 'settings:manage_timetable'] as const;
export const PLATFORM_TYPES = ['superadmin', 'superadmin_delegate'] as const satisfies readonly AccountType[];
/** The account types that belong to a school (the others to the platform). */
export const SCHOOL_TYPES = ['admin', 'standard', 'teacher', 'student'] as const satisfies readonly AccountType[];
type SchoolAccountType = (typeof SCHOOL_TYPES)[number];
const isSchoolType = (type: AccountType): type is SchoolAccountType =>
  (SCHOOL_TYPES as readonly AccountType[]).includes(type);

export const allow = {
  /** Anyone, signed in or not. */
  public: () => rule({ public: true }),
  /** Any signed-in account whose password is not temporary. */
  signedIn: () => rule({}),
  /** Signed-in accounts that must replace a temporary password, and only those. */
  passwordChange: (types?: readonly AccountType[]) =>
    rule({ temporaryPasswordOnly: true, ...(types ? { types } : {}) }),
  /** Accounts of these types; school types only: school-scoped. */
  types: <const T extends readonly AccountType[]>(...types: T) =>
    rule<T[number] extends SchoolAccountType ? SchoolBindings : AppBindings>({
      types,
      school: types.every(isSchoolType),
    }),
  /** Accounts of these types, limited to their own rows: in words, with the check run before the handler (`OwnRule`). */
  own: <const T extends readonly AccountType[]>(own: OwnRule, ...types: T) =>
    rule<T[number] extends SchoolAccountType ? SchoolBindings : AppBindings>({
      types,
      own,
      school: types.every(isSchoolType),
    }),
  /** School staff holding a permission (admin holds all); `also`: permissions parts of the request need besides. */
  permission: (permission: PermissionKey, also?: AccessRule['also']) =>
    rule<SchoolBindings>({ types: STAFF_TYPES, permission, school: true, ...(also ? { also } : {}) }),
  /** School staff holding at least one of the permissions. */
  anyPermission: (...permissions: PermissionKey[]) =>
    rule<SchoolBindings>({ types: STAFF_TYPES, anyPermission: permissions, school: true }),
  /** Any one of the rules is enough; school-scoped when every one is. */
  any: <E extends AppBindings>(...rules: RuleMiddleware<E>[]) => {
    const anyOf = rules.map((r) => r[ACCESS_RULE]);
    return rule<E>({ anyOf, school: anyOf.every((part) => part.school) });
  },
};
