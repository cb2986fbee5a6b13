// Roles of a school and their permissions. System roles (from the templates) are created with the
// school; the school adds its own.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ROLE_TEMPLATES, type RoleTemplateKey, systemRoleRows } from '../domain/permissions';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { permissions, rolePermissions, roles, userRoles, users } from './schema';

export interface RoleWithPermissions {
  id: string;
  name: string;
  is_system: boolean;
  template_key: string | null;
  revision: number;
  permissions: { id: number; key: string; category: string; description: string }[];
}

const templateRank = (key: string | null) => {
  const rank = ROLE_TEMPLATES.findIndex((t) => t.key === key);
  return rank === -1 ? ROLE_TEMPLATES.length : rank;
};

/** Every role with its permissions, system roles first in the templates' order: two queries. */
export async function listRolesWithPermissions(db: Db, instanceId: string): Promise<RoleWithPermissions[]> {
  const [roleRows, links] = await Promise.all([
    db
      .select({ id: roles.id, name: roles.name, is_system: roles.isSystem, template_key: roles.templateKey, revision: roles.revision })
      .from(roles)
      .where(eq(roles.instanceId, instanceId))
      .orderBy(desc(roles.isSystem), asc(roles.createdAt), asc(roles.name))
      .all(),
    db
      .select({
        roleId: rolePermissions.roleId,
        id: permissions.id,
        key: permissions.key,
        category: permissions.category,
        description: permissions.description,
      })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.instanceId, instanceId))
      .orderBy(asc(permissions.id))
      .all(),
  ]);
  const byRole = new Map<string, RoleWithPermissions['permissions']>();
  for (const { roleId, ...permission } of links) {
    const list = byRole.get(roleId) ?? [];
    list.push(permission);
    byRole.set(roleId, list);
  }
  return roleRows
    .map((r) => ({ ...r, permissions: byRole.get(r.id) ?? [] }))
    .sort((a, b) => templateRank(a.template_key) - templateRank(b.template_key));
}

export const findRole = (db: Db, instanceId: string, id: string) =>
  db
    .select({ id: roles.id, name: roles.name, isSystem: roles.isSystem, templateKey: roles.templateKey })
    .from(roles)
    .where(and(eq(roles.instanceId, instanceId), eq(roles.id, id)))
    .get();

export const findRoleByName = (db: Db, instanceId: string, name: string) =>
  db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.instanceId, instanceId), sql`${roles.name} = ${name} COLLATE NOCASE`))
    .get();

/** The roles of a school among some ids, with their permission keys (ids of other schools drop out). */
export async function rolesWithKeys(db: Db, instanceId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const [roleRows, links] = await Promise.all([
    db
      .select({ id: roles.id, name: roles.name, templateKey: roles.templateKey })
      .from(roles)
      .where(and(eq(roles.instanceId, instanceId), inArray(roles.id, ids)))
      .all(),
    db
      .select({ roleId: rolePermissions.roleId, key: permissions.key })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(eq(rolePermissions.instanceId, instanceId), inArray(rolePermissions.roleId, ids)))
      .all(),
  ]);
  return roleRows.map((r) => ({ ...r, keys: links.filter((l) => l.roleId === r.id).map((l) => l.key) }));
}

/** The roles of a school with their template, for the assignment rules. */
export const assignableRoles = (db: Db, instanceId: string) =>
  db.select({ id: roles.id, templateKey: roles.templateKey }).from(roles).where(eq(roles.instanceId, instanceId)).all();

/** The system roles of a new school (one per template) with their permissions, and their ids. */
export function insertSystemRoles(db: Db, instanceId: string, newId: () => string) {
  const rows = systemRoleRows(instanceId, newId);
  return {
    roleIdByTemplate: new Map(rows.roles.map((r) => [r.template_key as RoleTemplateKey, r.id])),
    statements: [
      ...insertChunks(
        db,
        roles,
        rows.roles.map((r) => ({ id: r.id, instanceId, name: r.name, isSystem: true, templateKey: r.template_key })),
      ),
      ...insertChunks(
        db,
        rolePermissions,
        rows.rolePermissions.map((r) => ({ instanceId, roleId: r.role_id, permissionId: r.permission_id })),
      ),
    ],
  };
}

export const insertRole = (db: Db, instanceId: string, role: { id: string; name: string }) =>
  db.insert(roles).values({ ...role, instanceId, isSystem: false });

export const insertRolePermissions = (db: Db, instanceId: string, roleId: string, permissionIds: number[]) =>
  insertChunks(
    db,
    rolePermissions,
    permissionIds.map((permissionId) => ({ instanceId, roleId, permissionId })),
  );

/** A guard condition: the role is still at the revision its editor read. */
export const roleAtRevision = (instanceId: string, id: string, revision: number) =>
  sql`EXISTS (SELECT 1 FROM ${roles} WHERE ${roles.instanceId} = ${instanceId} AND ${roles.id} = ${id} AND ${roles.revision} = ${revision})`;

export const renameRole = (db: Db, instanceId: string, id: string, name: string) =>
  db
    .update(roles)
    .set({ name, revision: sql`${roles.revision} + 1` })
    .where(and(eq(roles.instanceId, instanceId), eq(roles.id, id)));

export const clearRolePermissions = (db: Db, instanceId: string, roleId: string) =>
  db.delete(rolePermissions).where(and(eq(rolePermissions.instanceId, instanceId), eq(rolePermissions.roleId, roleId)));

/** Revokes the sessions of a role's holders (run before the role goes, while the links exist). */
export const revokeRoleHolders = (db: Db, instanceId: string, roleId: string) =>
  db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(
      and(
        eq(users.instanceId, instanceId),
        inArray(
          users.id,
          db
            .select({ id: userRoles.userId })
            .from(userRoles)
            .where(and(eq(userRoles.instanceId, instanceId), eq(userRoles.roleId, roleId))),
        ),
      ),
    );

export const deleteRole = (db: Db, instanceId: string, id: string) =>
  db.delete(roles).where(and(eq(roles.instanceId, instanceId), eq(roles.id, id)));
