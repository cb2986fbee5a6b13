// Accounts: school users (per instance) and platform users (superadmins). The only SQL about them.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { instances, permissions, platformUsers, rolePermissions, roles, userRoles, users } from './schema';

export async function findSchoolUser(db: Db, instanceId: string, username: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.instanceId, instanceId), sql`${users.username} = ${username} COLLATE NOCASE`))
    .get();
}

export async function findPlatformUser(db: Db, username: string) {
  return db.select().from(platformUsers).where(sql`${platformUsers.username} = ${username} COLLATE NOCASE`).get();
}

export const getPlatformUser = (db: Db, id: string) =>
  db.select().from(platformUsers).where(eq(platformUsers.id, id)).get();

/** A school user with its school's access state, permission keys and roles: one round trip. */
export async function loadSchoolAccount(db: Db, instanceId: string, userId: string) {
  const [userRows, permissionRows, roleRows] = await db.batch([
    db
      .select({
        id: users.id,
        username: users.username,
        accountType: users.accountType,
        status: users.status,
        tokenVersion: users.tokenVersion,
        passwordHash: users.passwordHash,
        // Aliased: inside db.batch() drizzle maps D1 rows by column name, and a second `status`
        // column would overwrite the user's own (temporary or disabled accounts read as active).
        instanceStatus: sql<'active' | 'suspended'>`${instances.status}`.as('instance_status'),
        expiresAt: instances.expiresAt,
      })
      .from(users)
      .innerJoin(instances, eq(instances.id, users.instanceId))
      .where(and(eq(users.instanceId, instanceId), eq(users.id, userId))),
    db
      .selectDistinct({ key: permissions.key })
      .from(userRoles)
      .innerJoin(
        rolePermissions,
        and(eq(rolePermissions.instanceId, userRoles.instanceId), eq(rolePermissions.roleId, userRoles.roleId)),
      )
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(eq(userRoles.instanceId, instanceId), eq(userRoles.userId, userId))),
    db
      .select({ id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.instanceId, userRoles.instanceId), eq(roles.id, userRoles.roleId)))
      .where(and(eq(userRoles.instanceId, instanceId), eq(userRoles.userId, userId)))
      .orderBy(roles.name),
  ]);
  const user = userRows[0];
  if (!user) return null;
  return { ...user, permissionKeys: permissionRows.map((r) => r.key), roles: roleRows };
}

/** Statements that set a new password; bumping the token version revokes every older session. */
export function setSchoolPassword(
  db: Db,
  instanceId: string,
  userId: string,
  passwordHash: string,
  status: 'active' | 'temporary_password',
  tempPasswordExpiresAt: string | null = null,
) {
  return db
    .update(users)
    .set({ passwordHash, status, tempPasswordExpiresAt, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.instanceId, instanceId), eq(users.id, userId)));
}

export function setPlatformPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  status: 'active' | 'temporary_password',
  tempPasswordExpiresAt: string | null = null,
) {
  return db
    .update(platformUsers)
    .set({ passwordHash, status, tempPasswordExpiresAt, tokenVersion: sql`${platformUsers.tokenVersion} + 1` })
    .where(eq(platformUsers.id, userId));
}
