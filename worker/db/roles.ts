// Roles of a school and their permissions (role_permissions belongs here). System roles (from the
// templates) are created with the school; the school adds its own.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ROLE_TEMPLATES, type RoleTemplateKey, systemRoleRows } from '../domain/permissions';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { existsNow } from './guards';
import { byId, byName, deleteById, ofSchool } from './scoped';
import { permissions, rolePermissions, roles } from './schema';

const templateRank = (key: string | null) => {
  const rank = ROLE_TEMPLATES.findIndex((t) => t.key === key);
  return rank === -1 ? ROLE_TEMPLATES.length : rank;
};

const permissionOfLink = eq(permissions.id, rolePermissions.permissionId);

/** Every role with its permissions, system roles first in the templates' order: two queries. */
export async function listRolesWithPermissions(db: Db, school: string) {
  const [roleRows, links] = await Promise.all([
    db
      .select({
        id: roles.id,
        name: roles.name,
        is_system: roles.isSystem,
        template_key: roles.templateKey,
        revision: roles.revision,
      })
      .from(roles)
      .where(ofSchool(roles, school))
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
      .innerJoin(permissions, permissionOfLink)
      .where(ofSchool(rolePermissions, school))
      .orderBy(asc(permissions.id))
      .all(),
  ]);
  return roleRows
    .map((r) => ({ ...r, permissions: links.filter((l) => l.roleId === r.id).map(({ roleId: _, ...p }) => p) }))
    .sort((a, b) => templateRank(a.template_key) - templateRank(b.template_key));
}

export const findRole = (db: Db, school: string, id: string) =>
  db
    .select({
      id: roles.id,
      name: roles.name,
      isSystem: roles.isSystem,
      templateKey: roles.templateKey,
      revision: roles.revision,
    })
    .from(roles)
    .where(byId(roles, school, id))
    .get();

export const findRoleByName = (db: Db, school: string, name: string) =>
  db
    .select({ id: roles.id })
    .from(roles)
    .where(byName(roles, school, name))
    .get();

/** The roles of a school among some ids, with their permission keys (ids of other schools drop out). */
export async function rolesWithKeys(db: Db, school: string, ids: string[]) {
  if (ids.length === 0) return [];
  const [roleRows, links] = await Promise.all([
    db
      .select({ id: roles.id, name: roles.name, templateKey: roles.templateKey })
      .from(roles)
      .where(and(ofSchool(roles, school), inArray(roles.id, ids)))
      .all(),
    db
      .select({ roleId: rolePermissions.roleId, key: permissions.key })
      .from(rolePermissions)
      .innerJoin(permissions, permissionOfLink)
      .where(and(ofSchool(rolePermissions, school), inArray(rolePermissions.roleId, ids)))
      .all(),
  ]);
  return roleRows.map((r) => ({ ...r, keys: links.filter((l) => l.roleId === r.id).map((l) => l.key) }));
}

/** The system roles of a new school (one per template) with their permissions, and their ids. */
export function insertSystemRoles(db: Db, school: string, newId: () => string) {
  const rows = systemRoleRows(school, newId);
  return {
    roleIdByTemplate: new Map(rows.roles.map((r) => [r.template_key as RoleTemplateKey, r.id])),
    statements: [
      ...insertChunks(
        db,
        roles,
        rows.roles.map((r) => ({
          id: r.id,
          instanceId: school,
          name: r.name,
          isSystem: true,
          templateKey: r.template_key,
        })),
      ),
      ...insertChunks(
        db,
        rolePermissions,
        rows.rolePermissions.map((r) => ({ instanceId: school, roleId: r.role_id, permissionId: r.permission_id })),
      ),
    ],
  };
}

const insertPermissions = (db: Db, school: string, roleId: string, permissionIds: number[]) =>
  insertChunks(
    db,
    rolePermissions,
    permissionIds.map((permissionId) => ({ instanceId: school, roleId, permissionId })),
  );

/** A school's own role with its permissions. */
export const insertRole = (db: Db, school: string, role: { id: string; name: string; permissionIds: number[] }) => [
  db.insert(roles).values({ id: role.id, name: role.name, instanceId: school, isSystem: false }),
  ...insertPermissions(db, school, role.id, role.permissionIds),
];

/** Renames a role and replaces its permissions; its revision moves by one. */
export const replaceRole = (db: Db, school: string, role: { id: string; name: string; permissionIds: number[] }) => [
  db
    .update(roles)
    .set({ name: role.name, revision: sql`${roles.revision} + 1` })
    .where(byId(roles, school, role.id)),
  db.delete(rolePermissions).where(and(ofSchool(rolePermissions, school), eq(rolePermissions.roleId, role.id))),
  ...insertPermissions(db, school, role.id, role.permissionIds),
];

/** A guard condition: the role is still at the revision its editor read. */
export const roleAtRevision = (school: string, id: string, revision: number) =>
  existsNow(roles, and(byId(roles, school, id), eq(roles.revision, revision))!);

export const deleteRole = (db: Db, school: string, id: string) => deleteById(db, roles, school, id);
