// School accounts as the administration sees them: the list with roles, creation, role changes
// and deletion. Every change that alters what a user may do bumps its token version, which
// revokes its open sessions (architecture guide, security baseline).
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { instances, permissions, rolePermissions, roles, teachers, userRoles, users } from './schema';

export interface UserListRow {
  id: string;
  username: string;
  role: 'admin' | 'teacher' | 'standard' | 'student';
  status: 'temporary_password' | 'active' | 'disabled';
  roles: { id: string; name: string }[];
}

/** Staff and teacher accounts (student accounts live in the student portal), with their roles. */
export async function listSchoolUsers(db: Db, instanceId: string): Promise<UserListRow[]> {
  const [userRows, links] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, role: users.accountType, status: users.status })
      .from(users)
      .where(and(eq(users.instanceId, instanceId), ne(users.accountType, 'student')))
      .orderBy(asc(sql`${users.username} COLLATE NOCASE`))
      .all(),
    db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.instanceId, userRoles.instanceId), eq(roles.id, userRoles.roleId)))
      .where(eq(userRoles.instanceId, instanceId))
      .orderBy(asc(roles.name))
      .all(),
  ]);
  const byUser = new Map<string, { id: string; name: string }[]>();
  for (const { userId, ...role } of links) byUser.set(userId, [...(byUser.get(userId) ?? []), role]);
  return userRows.map((u) => ({ ...u, roles: byUser.get(u.id) ?? [] }));
}

/** A school account by its username (case-insensitive), for sign-in and uniqueness. */
export const findByUsername = (db: Db, instanceId: string, username: string) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.instanceId, instanceId), sql`${users.username} = ${username} COLLATE NOCASE`))
    .get();

/** A school user with its school's access state, permission keys and roles: one round trip. */
export async function accountWithPermissions(db: Db, instanceId: string, userId: string) {
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

/** A guard condition: the session's token version still stands and the account is not disabled. */
export const sessionStands = (instanceId: string, userId: string, tokenVersion: number) =>
  sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.instanceId} = ${instanceId} AND ${users.id} = ${userId} AND ${users.tokenVersion} = ${tokenVersion} AND ${users.status} <> 'disabled')`;

/** Sets a new password; bumping the token version revokes every older session. */
export const setPassword = (
  db: Db,
  instanceId: string,
  userId: string,
  passwordHash: string,
  status: 'active' | 'temporary_password',
  tempPasswordExpiresAt: string | null = null,
) =>
  db
    .update(users)
    .set({ passwordHash, status, tempPasswordExpiresAt, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.instanceId, instanceId), eq(users.id, userId)));

/** A guard condition: the account still has the token version read (no role, password or status change since). */
export const userUnchanged = (instanceId: string, userId: string, tokenVersion: number) =>
  sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.instanceId} = ${instanceId} AND ${users.id} = ${userId} AND ${users.tokenVersion} = ${tokenVersion})`;

export const roleIdsOfUser = async (db: Db, instanceId: string, userId: string) =>
  (
    await db
      .select({ id: userRoles.roleId })
      .from(userRoles)
      .where(and(eq(userRoles.instanceId, instanceId), eq(userRoles.userId, userId)))
      .all()
  ).map((r) => r.id);

/** An account of a school as created with it (or later by a seed): roles by id. */
export interface NewAccount {
  id: string;
  username: string;
  passwordHash: string;
  accountType: 'admin' | 'teacher' | 'standard' | 'student';
  status?: 'temporary_password' | 'active' | 'disabled';
  tempPasswordExpiresAt?: string | null;
  /** A student account's student (the student row must exist first). */
  studentId?: string | null;
  roleIds?: string[];
}

/** Accounts and their role links, in chunks D1 accepts. */
export const insertAccounts = (db: Db, instanceId: string, accounts: NewAccount[]) => [
  ...insertChunks(
    db,
    users,
    accounts.map(({ roleIds: _, ...account }) => ({ status: 'active' as const, ...account, instanceId })),
  ),
  ...insertChunks(
    db,
    userRoles,
    accounts.flatMap((a) => (a.roleIds ?? []).map((roleId) => ({ instanceId, userId: a.id, roleId }))),
  ),
];

export const insertStandardUser = (
  db: Db,
  instanceId: string,
  user: { id: string; username: string; passwordHash: string; tempPasswordExpiresAt: string },
) => db.insert(users).values({ ...user, instanceId, accountType: 'standard', status: 'temporary_password' });

export const insertUserRoles = (db: Db, instanceId: string, userId: string, roleIds: string[]) =>
  insertChunks(
    db,
    userRoles,
    roleIds.map((roleId) => ({ instanceId, userId, roleId })),
  );

/** Replaces a user's roles and revokes its sessions. */
export const replaceUserRoles = (db: Db, instanceId: string, userId: string, roleIds: string[]) => [
  db.delete(userRoles).where(and(eq(userRoles.instanceId, instanceId), eq(userRoles.userId, userId))),
  ...insertUserRoles(db, instanceId, userId, roleIds),
  db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(and(eq(users.instanceId, instanceId), eq(users.id, userId))),
];

/** Unlinks the user's teacher profile (kept, with its assignments), then deletes the account. */
export const deleteUserStatements = (db: Db, instanceId: string, userId: string) => [
  db
    .update(teachers)
    .set({ userId: null })
    .where(and(eq(teachers.instanceId, instanceId), eq(teachers.userId, userId))),
  db.delete(users).where(and(eq(users.instanceId, instanceId), eq(users.id, userId))),
];
