// School accounts: the routes of contract/users.ts.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import {
  accessTokenFor,
  type NewDeviceSession,
  newDeviceSession,
  nowSeconds,
  withSessionCookie,
} from '../auth/device-session';
import { generateTemporaryPassword, hashPassword } from '../auth/password';
import type { Account } from '../auth/session';
import { adminServerText } from '../contract/texts/admin';
import { serverText } from '../contract/texts/server';
import { sessionsServerText } from '../contract/texts/sessions';
import {
  type PasswordReset,
  type RegisteredUser,
  type SavedUserRoles,
  type SchoolUser,
  usersApi as api,
} from '../contract/users';
import * as deviceSessions from '../db/device-sessions';
import * as reserved from '../db/reserved-usernames';
import * as roles from '../db/roles';
import * as users from '../db/users';
import { temporaryPasswordExpiry } from '../domain/accounts';
import { isStrongPassword } from '../domain/password-policy';
import { ALL_PERMISSION_KEYS } from '../domain/permissions';
import { roleKind, roleRuleReason, roleSelectionRule } from '../domain/roles';
import type { AppBindings, SchoolContext } from '../env';
import { badRequest, conflict, forbidden, found } from '../lib/errors';
import { route } from '../lib/route';
import { commit, type Guard } from '../lib/write';

export const userRoutes = new Hono<AppBindings>();
const t = adminServerText.users;

/**
 * The roles a request names, checked: all of the caller's school, allowed together by the
 * assignment rules, and (for the roles it adds) made only of permissions the caller holds.
 */
async function checkedRoles(
  c: SchoolContext,
  roleIds: string[],
  { current = [], self = false }: { current?: string[]; self?: boolean } = {},
) {
  const ids = [...new Set(roleIds)];
  const known = await roles.rolesWithKeys(c.var.db, c.var.school, [...new Set([...ids, ...current])]);
  if (ids.some((roleId) => !known.some((r) => r.id === roleId))) throw badRequest(t.unknownRole);
  const ownAdminPrincipal = self && known.some((r) => current.includes(r.id) && roleKind(r) === 'admin_principal');
  const rule = roleSelectionRule(known, ids, { ownAdminPrincipal });
  if (rule) throw badRequest(roleRuleReason(rule), 'role_rule');
  const chosen = known.filter((r) => ids.includes(r.id));
  const added = chosen.filter((r) => !current.includes(r.id));
  if (added.some((r) => r.keys.some((k) => !c.var.account.permissions.has(k)))) throw forbidden(t.cannotGrantRole);
  return chosen;
}

/** The account a path names: of the caller's school, no stronger than the caller, and (unless
 *  `protect` is false) neither the school's `admin` account nor the caller's own. */
async function manageableTarget(c: SchoolContext, userId: string, { protect = true } = {}) {
  const { db, school, account } = c.var;
  const target = found(await users.accountWithPermissions(db, school, userId));
  const keys = target.accountType === 'admin' ? ALL_PERMISSION_KEYS : target.permissionKeys;
  if (keys.some((k) => !account.permissions.has(k))) throw forbidden(t.strongerAccount);
  if (protect && (target.id === account.id || target.username.toLowerCase() === 'admin'))
    throw forbidden(t.protectedAccount);
  return target;
}

/** The target's roles, status and password are still the ones read (each change bumps its token version). */
const targetUnchanged = (c: SchoolContext, target: { id: string; tokenVersion: number }): Guard => ({
  holds: users.userUnchanged(c.var.school, target.id, target.tokenVersion),
  error: conflict(serverText.changedMeanwhile, 'changed'),
});

route(userRoutes, api.list, allow.permission('user:manage'), async (c) =>
  c.json<SchoolUser[]>(await users.listSchoolUsers(c.var.db, c.var.school)),
);

route(userRoutes, api.register, allow.permission('user:manage'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  if (!isStrongPassword(body.password)) throw badRequest(t.passwordWeak);
  // A platform account signs in first under its name, so a school account of that name could not.
  if ((await users.findByUsername(db, school, body.username)) || (await reserved.isReserved(db, body.username))) {
    throw conflict(t.usernameTaken);
  }
  const chosen = await checkedRoles(c, body.roleIds);
  const user = {
    id: crypto.randomUUID(),
    username: body.username,
    passwordHash: await hashPassword(body.password),
    accountType: 'standard' as const,
    status: 'temporary_password' as const,
    tempPasswordExpiresAt: temporaryPasswordExpiry(),
    roleIds: chosen.map((r) => r.id),
  };
  return commit(c, users.insertAccounts(db, school, [user]), {
    audit: { action: 'CREATE_USER', target: body.username, details: { roles: chosen.map((r) => r.name) } },
    body: { id: user.id, username: body.username, message: t.created } satisfies RegisteredUser,
    status: 201,
  });
});

route(userRoutes, api.remove, allow.permission('user:manage'), async (c) => {
  const target = await manageableTarget(c, c.req.valid('param').id);
  return commit(c, users.deleteUserStatements(c.var.db, c.var.school, target.id), {
    audit: { action: 'DELETE_USER', target: target.username },
    body: { message: t.deleted },
    guards: [targetUnchanged(c, target)],
  });
});

route(userRoutes, api.resetPassword, allow.permission('user:manage'), async (c) => {
  const target = await manageableTarget(c, c.req.valid('param').id);
  const tempPassword = generateTemporaryPassword();
  const hash = await hashPassword(tempPassword);
  return commit(
    c,
    [users.setPassword(c.var.db, c.var.school, target.id, hash, 'temporary_password', temporaryPasswordExpiry())],
    {
      audit: { action: 'RESET_PASSWORD', target: target.username },
      body: { username: target.username, tempPassword, message: t.passwordReset } satisfies PasswordReset,
      guards: [targetUnchanged(c, target)],
    },
  );
});

// An administrator signs every device of an account out (a lost phone, decision 314): its device
// sessions go, so its renewals and its access tokens end at once. The `admin` account's too (it
// only has to sign in again); one's own from the Sécurité tab.
route(userRoutes, api.endSessions, allow.permission('user:manage'), async (c) => {
  const target = await manageableTarget(c, c.req.valid('param').id, { protect: false });
  if (target.id === c.var.account.id) throw forbidden(sessionsServerText.ownFromSecurity);
  // Its data keys change too: what its devices kept can no longer be read (decision 320).
  const ended = [
    deviceSessions.removeAccount(c.var.db, target.id),
    users.rotateDataKeys(c.var.db, c.var.school, target.id),
  ];
  return commit(c, ended, {
    audit: { action: 'END_USER_SESSIONS', target: target.username },
    body: { message: sessionsServerText.userEnded(target.username) },
  });
});

route(userRoutes, api.setRoles, allow.permission('user:manage'), async (c) => {
  const { roleIds } = c.req.valid('json');
  const { db, school, account } = c.var;
  const target = await manageableTarget(c, c.req.valid('param').id, { protect: false });
  if (target.accountType !== 'standard') throw conflict(t.standardOnly);
  const self = target.id === account.id;
  const current = await users.roleIdsOfUser(db, school, target.id);
  const chosen = await checkedRoles(c, roleIds, { current, self });
  const named = chosen.map((r) => ({ id: r.id, name: r.name }));
  let accessToken: string | undefined;
  let session: NewDeviceSession | null = null;
  const now = nowSeconds();
  if (self) {
    const next: Account = {
      ...account,
      tokenVersion: account.tokenVersion + 1,
      permissions: new Set(chosen.flatMap((r) => r.keys)),
      roles: [...named].sort((a, b) => a.name.localeCompare(b.name)),
    };
    // The change revokes the caller's sessions too: this device gets a new one, the others end.
    session = await newDeviceSession(c, next, { replaceAll: true, now });
    accessToken = await accessTokenFor(c, next, session);
  }
  const res = await commit(
    c,
    [
      ...users.replaceUserRoles(
        db,
        school,
        target.id,
        chosen.map((r) => r.id),
      ),
      ...(session?.statements ?? []),
    ],
    {
      audit: { action: 'UPDATE_USER_ROLES', target: target.username, details: { roles: chosen.map((r) => r.name) } },
      body: { message: t.rolesUpdated, roles: named, ...(accessToken ? { accessToken } : {}) } satisfies SavedUserRoles,
      // The roles read (and checked against what the caller may grant) are still the target's.
      guards: [targetUnchanged(c, target)],
    },
  );
  return session ? withSessionCookie(res, session, now) : res;
});
