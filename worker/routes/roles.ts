// Roles and the permission catalogue: the routes of contract/roles.ts.
import { Hono } from 'hono';
import { allow, STAFF_TYPES } from '../auth/access';
import type { Account } from '../auth/session';
import { type Permission, type Role, rolesApi as api, type SavedRole } from '../contract/roles';
import { adminServerText } from '../contract/texts/admin';
import * as permissions from '../db/permissions';
import * as roles from '../db/roles';
import * as users from '../db/users';
import { PERMISSIONS } from '../domain/permissions';
import type { AppBindings, SchoolContext } from '../env';
import { badRequest, conflict, forbidden, found, refuseTaken } from '../lib/errors';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const roleRoutes = new Hono<AppBindings>();
const t = adminServerText.roles;

/** The permission ids, checked against the catalogue and against what the caller holds. */
function grantablePermissions(account: Account, ids: number[]) {
  const unique = [...new Set(ids)];
  const keys = unique.map((id) => PERMISSIONS.find((p) => p.id === id)?.key);
  if (keys.some((k) => k === undefined)) throw badRequest(t.unknownPermission);
  if (keys.some((k) => !account.permissions.has(k!))) throw forbidden(t.cannotGrant);
  return unique;
}

/** A school's own role (system roles are read-only). */
async function editableRole(c: SchoolContext, id: string) {
  const role = found(await roles.findRole(c.var.db, c.var.school, id));
  if (role.isSystem) throw forbidden(t.system);
  return role;
}

route(roleRoutes, api.permissions, allow.types(...STAFF_TYPES), async (c) =>
  c.json<Permission[]>(await permissions.listPermissions(c.var.db)),
);

route(roleRoutes, api.list, allow.permission('user:manage'), async (c) =>
  c.json<Role[]>(await roles.listRolesWithPermissions(c.var.db, c.var.school)),
);

route(roleRoutes, api.create, allow.permission('role:manage'), async (c) => {
  const body = c.req.valid('json');
  const { db, school, account } = c.var;
  const permissionIds = grantablePermissions(account, body.permissionIds);
  refuseTaken(await roles.findRoleByName(db, school, body.name), null, t.exists);
  const id = crypto.randomUUID();
  return commit(c, roles.insertRole(db, school, { id, name: body.name, permissionIds }), {
    audit: { action: 'CREATE_ROLE', target: body.name, details: { permissionIds } },
    body: { id, name: body.name, revision: 0, message: t.created } satisfies SavedRole,
    status: 201,
  });
});

route(roleRoutes, api.update, allow.permission('role:manage'), async (c) => {
  const body = c.req.valid('json');
  const { db, school, account } = c.var;
  const role = await editableRole(c, c.req.valid('param').id);
  const permissionIds = grantablePermissions(account, body.permissionIds);
  refuseTaken(await roles.findRoleByName(db, school, body.name), role.id, t.exists);
  const revision = body.revision ?? role.revision;
  return commit(c, roles.replaceRole(db, school, { id: role.id, name: body.name, permissionIds }), {
    audit: { action: 'UPDATE_ROLE', target: body.name, details: { before: role.name, permissionIds } },
    body: { id: role.id, name: body.name, revision: revision + 1, message: t.updated } satisfies SavedRole,
    guards: [
      { holds: roles.roleAtRevision(school, role.id, revision), error: conflict(t.changedMeanwhile, 'changed') },
    ],
  });
});

route(roleRoutes, api.remove, allow.permission('role:manage'), async (c) => {
  const { db, school } = c.var;
  const role = await editableRole(c, c.req.valid('param').id);
  return commit(c, [users.revokeHoldersOf(db, school, role.id), roles.deleteRole(db, school, role.id)], {
    audit: { action: 'DELETE_ROLE', target: role.name },
    body: { message: t.deleted },
  });
});
