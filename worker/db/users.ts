// School accounts (user_roles belongs here): sign-in, the session's account with its permissions,
// the administration's list, creation, role changes, passwords and deletion. Every change that
// alters what a user may do bumps its token version, which revokes its open sessions
// (architecture guide, security baseline).
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { existsNow, noneNow } from './guards';
import { along, byId, ofSchool } from './scoped';
import { deviceSessions, instances, permissions, rolePermissions, roles, teachers, userRoles, users } from './schema';
import { aliased, leftJoined } from './batch-columns';

const rolesOfLink = along(roles, userRoles, userRoles.roleId);
const linksOf = (school: string, userId: string) => and(ofSchool(userRoles, school), eq(userRoles.userId, userId));
const bumpTokenVersion = { tokenVersion: sql`${users.tokenVersion} + 1` };

/** Staff and teacher accounts (student accounts live in the student portal), with their roles. */
export async function listSchoolUsers(db: Db, school: string) {
  const [userRows, links] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, role: users.accountType, status: users.status })
      .from(users)
      .where(and(ofSchool(users, school), ne(users.accountType, 'student')))
      .orderBy(asc(sql`${users.username} COLLATE NOCASE`))
      .all(),
    db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, rolesOfLink)
      .where(ofSchool(userRoles, school))
      .orderBy(asc(roles.name))
      .all(),
  ]);
  return userRows.map((u) => ({
    ...u,
    roles: links.filter((l) => l.userId === u.id).map(({ userId: _, ...role }) => role),
  }));
}

/** A school account by its username (case-insensitive), for sign-in and uniqueness. */
/** A school account's username (null: no such account). */
export const usernameOf = async (db: Db, school: string, userId: string) =>
  (
    await db
      .select({ username: users.username })
      .from(users)
      .where(and(eq(users.instanceId, school), eq(users.id, userId)))
      .get()
  )?.username ?? null;

export const findByUsername = (db: Db, school: string, username: string) =>
  db
    .select()
    .from(users)
    .where(and(ofSchool(users, school), sql`${users.username} = ${username} COLLATE NOCASE`))
    .get();

/**
 * A school account with its school's access state, permission keys and roles: one round trip.
 * With `sessionId` (the access token's device session, decision 314), the user's row also says
 * until when that device session of this account lasts (`sessionEnd`, null when it is gone): a
 * primary-key lookup joined to the same statement, no round trip of its own.
 */
export async function accountWithPermissions(db: Db, school: string, userId: string, sessionId = '') {
  const [userRows, permissionRows, roleRows] = await db.batch([
    db
      .select({
        id: users.id,
        username: users.username,
        accountType: users.accountType,
        status: users.status,
        tokenVersion: users.tokenVersion,
        dataEpoch: users.dataEpoch,
        passwordHash: users.passwordHash,
        // Aliased: inside db.batch() drizzle maps D1 rows by column name, and a second `status`
        // column would overwrite the user's own (temporary or disabled accounts read as active).
        instanceStatus: aliased(instances.status, 'instance_status'),
        expiresAt: instances.expiresAt,
        // Open, or moving to another database (decision 251): lib/host.ts.
        instanceState: aliased(instances.state, 'instance_state'),
        sessionEnd: leftJoined(deviceSessions.expiresAt, 'session_expires_at'),
        sessionDevice: leftJoined(deviceSessions.deviceId, 'session_device_id'),
      })
      .from(users)
      .innerJoin(instances, eq(instances.id, users.instanceId))
      .leftJoin(
        deviceSessions,
        and(
          eq(deviceSessions.id, sessionId),
          eq(deviceSessions.accountId, users.id),
          eq(deviceSessions.instanceId, users.instanceId),
        ),
      )
      .where(byId(users, school, userId)),
    db
      .selectDistinct({ key: permissions.key })
      .from(userRoles)
      .innerJoin(
        rolePermissions,
        and(eq(rolePermissions.instanceId, userRoles.instanceId), eq(rolePermissions.roleId, userRoles.roleId)),
      )
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(linksOf(school, userId)),
    db
      .select({ id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, rolesOfLink)
      .where(linksOf(school, userId))
      .orderBy(roles.name),
  ]);
  const user = userRows[0];
  if (!user) return null;
  return { ...user, permissionKeys: permissionRows.map((r) => r.key), roles: roleRows };
}

export const roleIdsOfUser = async (db: Db, school: string, userId: string) =>
  (await db.select({ id: userRoles.roleId }).from(userRoles).where(linksOf(school, userId)).all()).map((r) => r.id);

/** A guard condition: the session's token version still stands and the account is not disabled. */
export const sessionStands = (school: string, userId: string, tokenVersion: number) =>
  existsNow(
    users,
    and(byId(users, school, userId), eq(users.tokenVersion, tokenVersion), ne(users.status, 'disabled'))!,
  );

/** A guard condition: the account still has the token version read (no role, password or status change since). */
export const userUnchanged = (school: string, userId: string, tokenVersion: number) =>
  existsNow(users, and(byId(users, school, userId), eq(users.tokenVersion, tokenVersion))!);

/** An account of a school as created with it (or later): its roles by id. */
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
export const insertAccounts = (db: Db, school: string, accounts: NewAccount[]) => [
  ...insertChunks(
    db,
    users,
    accounts.map(({ roleIds: _, ...account }) => ({ status: 'active' as const, ...account, instanceId: school })),
  ),
  ...insertChunks(
    db,
    userRoles,
    accounts.flatMap((a) => (a.roleIds ?? []).map((roleId) => ({ instanceId: school, userId: a.id, roleId }))),
  ),
];

/** Sets a new password; bumping the token version revokes every older session. */
/** The language the account reads its side in (decision 340): no token version moves, nothing it may do changes. */
export const setLanguage = (db: Db, school: string, userId: string, language: 'fr' | 'ht') =>
  db
    .update(users)
    .set({ language })
    .where(byId(users, school, userId));

export const setPassword = (
  db: Db,
  school: string,
  userId: string,
  passwordHash: string,
  status: 'active' | 'temporary_password',
  tempPasswordExpiresAt: string | null = null,
) =>
  db
    .update(users)
    .set({ passwordHash, status, tempPasswordExpiresAt, ...bumpTokenVersion, ...bumpDataEpoch })
    .where(byId(users, school, userId));

/** A new data epoch: every data key of the account changes (decision 320). */
const bumpDataEpoch = { dataEpoch: sql`${users.dataEpoch} + 1` };

/** Moves the account's data epoch ('Déconnecter tous les appareils', an administrator's end of its sessions). */
export const rotateDataKeys = (db: Db, school: string, userId: string) =>
  db
    .update(users)
    .set(bumpDataEpoch)
    .where(byId(users, school, userId));

/**
 * The same password hashed again with today's parameters (sign-in), unless the hash changed
 * meanwhile; the token version stays: nothing the user may do changed.
 */
export const replaceHash = (db: Db, school: string, userId: string, previous: string, passwordHash: string) =>
  db
    .update(users)
    .set({ passwordHash })
    .where(and(byId(users, school, userId), eq(users.passwordHash, previous)));

/** Replaces a user's roles and revokes its sessions. */
export const replaceUserRoles = (db: Db, school: string, userId: string, roleIds: string[]) => [
  db.delete(userRoles).where(linksOf(school, userId)),
  ...insertChunks(
    db,
    userRoles,
    roleIds.map((roleId) => ({ instanceId: school, userId, roleId })),
  ),
  db
    .update(users)
    .set(bumpTokenVersion)
    .where(byId(users, school, userId)),
];

/** Revokes the sessions of a role's holders (run before the role goes, while the links exist). */
export const revokeHoldersOf = (db: Db, school: string, roleId: string) =>
  db
    .update(users)
    .set(bumpTokenVersion)
    .where(
      and(
        ofSchool(users, school),
        inArray(
          users.id,
          db
            .select({ id: userRoles.userId })
            .from(userRoles)
            .where(and(ofSchool(userRoles, school), eq(userRoles.roleId, roleId))),
        ),
      ),
    );

/** Unlinks the user's teacher profile (kept, with its assignments), then deletes the account. */
export const deleteUserStatements = (db: Db, school: string, userId: string) => [
  db
    .update(teachers)
    .set({ userId: null })
    .where(and(ofSchool(teachers, school), eq(teachers.userId, userId))),
  db.delete(users).where(byId(users, school, userId)),
];

/** The school's usernames that start with `base` (a range on the unique index, never LIKE: D1 refuses patterns over 50 bytes). */
export const usernamesStartingWith = async (db: Db, school: string, base: string) =>
  (
    await db
      .select({ username: users.username })
      .from(users)
      .where(
        and(
          ofSchool(users, school),
          sql`lower(${users.username}) >= ${base} AND lower(${users.username}) < ${`${base}\uffff`}`,
        ),
      )
      .all()
  ).map((u) => u.username.toLowerCase());

/** A guard condition: no account of the school has this username (compared as the unique index compares). */
export const usernameFree = (school: string, username: string) =>
  noneNow(users, and(ofSchool(users, school), sql`${users.username} = ${username} COLLATE NOCASE`)!);

/** Disables an account and ends its sessions. */
export const disableAccount = (db: Db, school: string, userId: string) =>
  db
    .update(users)
    .set({ status: 'disabled', ...bumpTokenVersion })
    .where(byId(users, school, userId));

/** Every username of the school, lower case (a batch of new accounts picks around them: one read). */
export const allUsernames = async (db: Db, school: string) =>
  (await db.select({ username: users.username }).from(users).where(ofSchool(users, school)).all()).map((u) =>
    u.username.toLowerCase(),
  );

/** Guard: the student has no account yet. */
export const studentWithoutAccount = (school: string, studentId: string) =>
  noneNow(users, and(ofSchool(users, school), eq(users.studentId, studentId))!);

/** A student account of the school (for reset and disable). */
export const findStudentAccount = (db: Db, school: string, id: string) =>
  db
    .select({
      id: users.id,
      username: users.username,
      status: users.status,
      tokenVersion: users.tokenVersion,
      studentId: users.studentId,
    })
    .from(users)
    .where(and(byId(users, school, id), eq(users.accountType, 'student')))
    .get();
