// Roles of the school and their permissions (document 1 §2 "Roles" tab, §6, §7). System roles
// cannot be edited or deleted; nobody grants a permission they do not hold.
import { Hono } from 'hono';
import { z } from 'zod';
import { adminServerText } from '../contract/texts/admin';
import { allow } from '../auth/access';
import { type Account, requireSchool } from '../auth/session';
import { database } from '../db/client';
import {
  clearRolePermissions,
  deleteRole,
  findRole,
  findRoleByName,
  insertRole,
  insertRolePermissions,
  listRolesWithPermissions,
  renameRole,
  revokeRoleHolders,
  roleAtRevision,
} from '../db/roles';
import { PERMISSIONS } from '../domain/permissions';
import type { AppBindings } from '../env';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { idParams, name } from '../contract/common';
import { readJson, readParams } from '../lib/validate';
import { commit } from '../lib/write';

export const roleRoutes = new Hono<AppBindings>();
const t = adminServerText.roles;

// Every role of the school with its permissions (role editor, add-user form, role info buttons).
roleRoutes.get('/roles', allow.permission('user:manage'), async (c) =>
  c.json(await listRolesWithPermissions(database(c.env.DB), requireSchool(c.get('account')))),
);

const roleBody = z.object({
  name: name(t.nameRequired),
  permissionIds: z.array(z.number({ error: t.unknownPermission }).int(t.unknownPermission), { error: t.unknownPermission }).max(100),
});

/** An edit names the revision of the role it started from. */
const roleEditBody = roleBody.extend({
  revision: z.number().int().min(0),
});

/** The permission ids, checked against the catalogue and against what the caller holds. */
function grantablePermissions(account: Account, ids: number[]) {
  const unique = [...new Set(ids)];
  const keys = unique.map((id) => PERMISSIONS.find((p) => p.id === id)?.key);
  if (keys.some((k) => k === undefined)) throw badRequest(t.unknownPermission);
  if (keys.some((k) => !account.permissions.has(k!))) throw forbidden(t.cannotGrant);
  return unique;
}

// Create a role from a name and permissions.
roleRoutes.post('/roles', allow.permission('role:manage'), async (c) => {
  const body = await readJson(c, roleBody);
  const account = c.get('account');
  const instanceId = requireSchool(account);
  const db = database(c.env.DB);
  const permissionIds = grantablePermissions(account, body.permissionIds);
  if (await findRoleByName(db, instanceId, body.name)) throw conflict(t.exists);
  const id = crypto.randomUUID();
  return commit(c, [insertRole(db, instanceId, { id, name: body.name }), ...insertRolePermissions(db, instanceId, id, permissionIds)], {
    audit: { action: 'CREATE_ROLE', target: body.name, details: { permissionIds } },
    body: { id, name: body.name, revision: 0, message: t.created },
    status: 201,
  });
});

// Rename a school's own role and replace its permissions (holders see the change at once),
// unless someone else saved the role since the editor read it (409).
roleRoutes.put('/roles/:id', allow.permission('role:manage'), async (c) => {
  const { id } = readParams(c, idParams);
  const body = await readJson(c, roleEditBody);
  const account = c.get('account');
  const instanceId = requireSchool(account);
  const db = database(c.env.DB);
  const role = await findRole(db, instanceId, id);
  if (!role) throw notFound();
  if (role.isSystem) throw forbidden(t.system);
  const permissionIds = grantablePermissions(account, body.permissionIds);
  const namesake = await findRoleByName(db, instanceId, body.name);
  if (namesake && namesake.id !== id) throw conflict(t.exists);
  return commit(
    c,
    [renameRole(db, instanceId, id, body.name), clearRolePermissions(db, instanceId, id), ...insertRolePermissions(db, instanceId, id, permissionIds)],
    {
      audit: { action: 'UPDATE_ROLE', target: body.name, details: { before: role.name, permissionIds } },
      body: { id, name: body.name, revision: body.revision + 1, message: t.updated },
      guards: [{ holds: roleAtRevision(instanceId, id, body.revision), error: conflict(t.changedMeanwhile, 'changed') }],
    },
  );
});

// Delete a school's own role; its holders lose it and are signed out.
roleRoutes.delete('/roles/:id', allow.permission('role:manage'), async (c) => {
  const { id } = readParams(c, idParams);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const role = await findRole(db, instanceId, id);
  if (!role) throw notFound();
  if (role.isSystem) throw forbidden(t.system);
  return commit(c, [revokeRoleHolders(db, instanceId, id), deleteRole(db, instanceId, id)], {
    audit: { action: 'DELETE_ROLE', target: role.name },
    body: { message: t.deleted },
  });
});
