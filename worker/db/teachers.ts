// Teachers of a school: their profile (prénom, nom, phone, e-mail) and the account it is linked to.
import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { teachers } from './schema';

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
