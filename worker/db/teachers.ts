// Teachers of a school: their profile (prénom, nom, phone, e-mail), the account it is linked to,
// and their archiving (a teacher of past years leaves the lists, their history stays).
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './client';
import { existsNow } from './guards';
import { along, byId, deleteById, exists, updateById } from './scoped';
import { teachers, users } from './schema';

const live = (school: string) => and(eq(teachers.instanceId, school), isNull(teachers.archivedAt))!;

const accountOfTeacher = along(users, teachers, teachers.userId);

const columns = {
  id: teachers.id,
  prenom: teachers.prenom,
  nom: teachers.nom,
  phone: teachers.phone,
  email: teachers.email,
  user_id: teachers.userId,
  username: users.username,
  account_status: users.status,
};

/** The school's teachers (archived ones left out) with their account (at most 500: a school has tens). */
export const selectTeachers = (db: Db, school: string) =>
  db.select(columns).from(teachers).leftJoin(users, accountOfTeacher).where(live(school)).limit(500);

/** A teacher (not archived) with their account, or undefined. */
export const findTeacher = (db: Db, school: string, id: string) =>
  db
    .select({ ...columns, token_version: users.tokenVersion })
    .from(teachers)
    .leftJoin(users, accountOfTeacher)
    .where(and(live(school), eq(teachers.id, id)))
    .get();

/** The teacher profile of an account (null for an account without one, e.g. an admin). */
export const selectProfileOfUser = (db: Db, school: string, userId: string) =>
  db
    .select({ id: teachers.id, prenom: teachers.prenom, nom: teachers.nom })
    .from(teachers)
    .where(and(eq(teachers.instanceId, school), eq(teachers.userId, userId)))
    .limit(1);

/** The ids of the teacher profiles of an account (none or one): a subquery. */
export const profileIdsOfUser = (db: Db, school: string, userId: string) =>
  db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(eq(teachers.instanceId, school), eq(teachers.userId, userId)));

export interface TeacherRow {
  id: string;
  userId: string | null;
  prenom: string;
  nom: string;
  phone: string | null;
  email: string | null;
}

export const insertTeacher = (db: Db, school: string, row: TeacherRow) =>
  db.insert(teachers).values({ ...row, instanceId: school });

export const updateTeacher = (
  db: Db,
  school: string,
  id: string,
  profile: Pick<TeacherRow, 'prenom' | 'nom' | 'phone' | 'email'>,
) => updateById(db, teachers, school, id, profile);

export const deleteTeacher = (db: Db, school: string, id: string) => deleteById(db, teachers, school, id);

export const archiveTeacher = (db: Db, school: string, id: string) =>
  db
    .update(teachers)
    .set({ archivedAt: new Date().toISOString() })
    .where(byId(teachers, school, id));

/** A guard condition: the teacher is still there and not archived. */
export const teacherStillLive = (school: string, id: string) =>
  existsNow(teachers, and(live(school), eq(teachers.id, id))!);

/** Links an account to a teacher who had none. */
export const linkAccount = (db: Db, school: string, id: string, userId: string) =>
  db
    .update(teachers)
    .set({ userId })
    .where(byId(teachers, school, id));

/** A guard condition: the teacher still has no account. */
export const stillWithoutAccount = (school: string, id: string) =>
  existsNow(teachers, and(byId(teachers, school, id), isNull(teachers.userId))!);

/** Whether the school has this teacher, archived or not (their past years' timetables stay readable). */
export const teacherOfSchool = (db: Db, school: string, id: string) => exists(db, teachers, byId(teachers, school, id));
