// Student accounts: the enrolled students of a year with their portal account.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { classOfEnrollment, studentOfEnrollment } from './enrollments';
import { along, ofSchool } from './scoped';
import { classes, enrollments, students, users } from './schema';
import { aliased, leftJoined } from './batch-columns';

/** The enrolled students of a year with their class and their portal account, if any (one query). */
export const selectPortalAccounts = (db: Db, school: string, yearId: string) =>
  db
    .select({
      student_id: students.id,
      nom: students.nom,
      prenom: students.prenom,
      class_name: aliased(classes.name, 'class_name'),
      class_order: classes.orderIndex,
      user_id: leftJoined(users.id, 'user_id'),
      username: users.username,
      account_status: users.status,
    })
    .from(enrollments)
    .innerJoin(students, studentOfEnrollment)
    .innerJoin(classes, classOfEnrollment)
    .leftJoin(users, along(students, users, users.studentId))
    .where(and(ofSchool(enrollments, school), eq(enrollments.yearId, yearId)));

/** Students among `ids` enrolled in the year, with their names and whether they have an account. */
export const selectStudentsForAccounts = (db: Db, school: string, yearId: string, ids: readonly string[]) =>
  db
    .select({
      id: students.id,
      nom: students.nom,
      prenom: students.prenom,
      user_id: leftJoined(users.id, 'user_id'),
    })
    .from(enrollments)
    .innerJoin(students, studentOfEnrollment)
    .leftJoin(users, along(students, users, users.studentId))
    .where(and(ofSchool(enrollments, school), eq(enrollments.yearId, yearId), inArray(students.id, [...ids])))
    .all();
