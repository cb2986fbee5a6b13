// School accounts (document 1 §2 "User list", "Add-user form", §4 "Role assignment", §7;
// product decisions "Schools, accounts and sign-in"). The role rules of the form are enforced
// here too; the `admin` account and the caller's own account cannot be reset or deleted; nobody
// manages an account stronger than their own or grants a role they could not hold.
import { Hono } from 'hono';
import { z } from 'zod';
import { adminServerText } from '../contract/texts/admin';
import { serverText } from '../contract/texts/server';
import { allow } from '../auth/access';
import { signSession } from '../auth/jwt';
import { generateTemporaryPassword, hashPassword } from '../auth/password';
import { type Account, claimsFor, requireSchool } from '../auth/session';
import * as platformUsers from '../db/platform-users';
import { database, type Db } from '../db/client';
import { rolesWithKeys } from '../db/roles';
import {
  accountWithPermissions,
  deleteUserStatements,
  findByUsername,
  insertStandardUser,
  insertUserRoles,
  listSchoolUsers,
  replaceUserRoles,
  roleIdsOfUser,
  setPassword,
  userUnchanged,
} from '../db/users';
import { isStrongPassword } from '../domain/password-policy';
import { isUsername } from '../domain/users';
import { ALL_PERMISSION_KEYS } from '../domain/permissions';
import { roleKind, roleRuleReason, roleSelectionRule } from '../domain/roles';
import type { AppBindings } from '../env';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { id, idParams, text } from '../contract/common';
import { readJson, readParams } from '../lib/validate';
import { commit, type Guard } from '../lib/write';

export const userRoutes = new Hono<AppBindings>();
const t = adminServerText.users;

/** A temporary password works for 7 days (product decisions). */
export const TEMP_PASSWORD_DAYS = 7;
const tempPasswordExpiry = () => new Date(Date.now() + TEMP_PASSWORD_DAYS * 24 * 60 * 60 * 1000).toISOString();

/**
 * The roles a request names, checked: all of the caller's school, allowed together by the
 * assignment rules, and (for the roles it adds) made only of permissions the caller holds.
 */
async function checkedRoles(
  db: Db,
  account: Account,
  instanceId: string,
  roleIds: string[],
  { current = [], self = false }: { current?: string[]; self?: boolean } = {},
) {
  const ids = [...new Set(roleIds)];
  const known = await rolesWithKeys(db, instanceId, [...new Set([...ids, ...current])]);
  if (ids.some((roleId) => !known.some((r) => r.id === roleId))) throw badRequest(t.unknownRole);
  const ownAdminPrincipal = self && known.some((r) => current.includes(r.id) && roleKind(r) === 'admin_principal');
  const rule = roleSelectionRule(known, ids, { ownAdminPrincipal });
  if (rule) throw badRequest(roleRuleReason(rule), 'role_rule');
  const chosen = known.filter((r) => ids.includes(r.id));
  const added = chosen.filter((r) => !current.includes(r.id));
  if (added.some((r) => r.keys.some((k) => !account.permissions.has(k)))) throw forbidden(t.cannotGrantRole);
  return chosen;
}

/** The account a path names, of the caller's school and no stronger than the caller. */
async function manageableTarget(db: Db, account: Account, userId: string) {
  const target = await accountWithPermissions(db, requireSchool(account), userId);
  if (!target) throw notFound();
  const keys = target.accountType === 'admin' ? ALL_PERMISSION_KEYS : target.permissionKeys;
  if (keys.some((k) => !account.permissions.has(k))) throw forbidden(t.strongerAccount);
  return target;
}

/** The target's roles, status and password are still the ones read (each change bumps its token version). */
const targetUnchanged = (instanceId: string, target: { id: string; tokenVersion: number }): Guard => ({
  holds: userUnchanged(instanceId, target.id, target.tokenVersion),
  error: conflict(serverText.changedMeanwhile, 'changed'),
});

/** Reset and delete never touch the school's `admin` account nor the caller's own. */
function refuseProtected(account: Account, target: { id: string; username: string }) {
  if (target.id === account.id || target.username.toLowerCase() === 'admin') throw forbidden(t.protectedAccount);
}

// Staff and teacher accounts with their roles and status.
userRoutes.get('/users', allow.permission('user:manage'), async (c) =>
  c.json(await listSchoolUsers(database(c.env.DB), requireSchool(c.get('account')))),
);

const registerBody = z.object({
  username: text(t.usernameRequired, 200, t.usernameInvalid).refine(isUsername, t.usernameInvalid),
  password: z.string({ error: t.passwordWeak }).max(256, t.passwordWeak),
  roleIds: z.array(id(t.unknownRole), { error: t.roleRequired }).min(1, t.roleRequired).max(30),
});

// Create a staff account with roles; its password is temporary (changed at first sign-in).
userRoutes.post('/register', allow.permission('user:manage'), async (c) => {
  const body = await readJson(c, registerBody);
  if (!isStrongPassword(body.password)) throw badRequest(t.passwordWeak);
  const account = c.get('account');
  const instanceId = requireSchool(account);
  const db = database(c.env.DB);
  // A platform account signs in first under its name, so a school account of that name could not.
  if ((await findByUsername(db, instanceId, body.username)) || (await platformUsers.findByUsername(db, body.username))) {
    throw conflict(t.usernameTaken);
  }
  const roles = await checkedRoles(db, account, instanceId, body.roleIds);
  const user = {
    id: crypto.randomUUID(),
    username: body.username,
    passwordHash: await hashPassword(body.password),
    tempPasswordExpiresAt: tempPasswordExpiry(),
  };
  return commit(
    c,
    [
      insertStandardUser(db, instanceId, user),
      ...insertUserRoles(
        db,
        instanceId,
        user.id,
        roles.map((r) => r.id),
      ),
    ],
    {
      audit: { action: 'CREATE_USER', target: body.username, details: { roles: roles.map((r) => r.name) } },
      body: { id: user.id, username: body.username, message: t.created },
      status: 201,
    },
  );
});

// Delete an account; its sessions end at once (the row they name is gone).
userRoutes.delete('/delete-user/:id', allow.permission('user:manage'), async (c) => {
  const { id: userId } = readParams(c, idParams);
  const account = c.get('account');
  const db = database(c.env.DB);
  const target = await manageableTarget(db, account, userId);
  refuseProtected(account, target);
  return commit(c, deleteUserStatements(db, requireSchool(account), userId), {
    audit: { action: 'DELETE_USER', target: target.username },
    body: { message: t.deleted },
    guards: [targetUnchanged(requireSchool(account), target)],
  });
});

// Give an account a new temporary password (shown once, valid 7 days) and end its sessions.
userRoutes.put('/users/:id/reset-password', allow.permission('user:manage'), async (c) => {
  const { id: userId } = readParams(c, idParams);
  const account = c.get('account');
  const db = database(c.env.DB);
  const target = await manageableTarget(db, account, userId);
  refuseProtected(account, target);
  const tempPassword = generateTemporaryPassword();
  const hash = await hashPassword(tempPassword);
  return commit(c, [setPassword(db, requireSchool(account), userId, hash, 'temporary_password', tempPasswordExpiry())], {
    audit: { action: 'RESET_PASSWORD', target: target.username },
    body: { username: target.username, tempPassword, message: t.passwordReset },
    guards: [targetUnchanged(requireSchool(account), target)],
  });
});

const rolesBody = z.object({ roleIds: z.array(id(t.unknownRole), { error: t.unknownRole }).max(30) });

// Replace the roles of a staff account; its sessions end (a fresh token comes back to oneself).
userRoutes.put('/users/:id/roles', allow.permission('user:manage'), async (c) => {
  const { id: userId } = readParams(c, idParams);
  const { roleIds } = await readJson(c, rolesBody);
  const account = c.get('account');
  const instanceId = requireSchool(account);
  const db = database(c.env.DB);
  const target = await manageableTarget(db, account, userId);
  if (target.accountType !== 'standard') throw conflict(t.standardOnly);
  const self = target.id === account.id;
  const current = await roleIdsOfUser(db, instanceId, userId);
  const roles = await checkedRoles(db, account, instanceId, roleIds, { current, self });
  let accessToken: string | undefined;
  if (self) {
    const next: Account = {
      ...account,
      tokenVersion: account.tokenVersion + 1,
      permissions: new Set(roles.flatMap((r) => r.keys)),
      roles: roles.map((r) => ({ id: r.id, name: r.name })).sort((a, b) => a.name.localeCompare(b.name)),
    };
    accessToken = await signSession(claimsFor(next), c.env.JWT_SECRET);
  }
  return commit(
    c,
    replaceUserRoles(
      db,
      instanceId,
      userId,
      roles.map((r) => r.id),
    ),
    {
      audit: { action: 'UPDATE_USER_ROLES', target: target.username, details: { roles: roles.map((r) => r.name) } },
      body: { message: t.rolesUpdated, roles: roles.map((r) => ({ id: r.id, name: r.name })), ...(accessToken ? { accessToken } : {}) },
      // The roles read (and checked against what the caller may grant) are still the target's.
      guards: [targetUnchanged(instanceId, target)],
    },
  );
});
