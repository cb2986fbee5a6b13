// Families (decision 360): the guardians' accounts and profiles in the directory, the schools that
// hold their links (directory), and the links to children (each school's database).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { classOfEnrollment } from './enrollments';
import { existsNow, noneNow } from './guards';
import { along, byId, ofSchool } from './scoped';
import { leftJoined } from './batch-columns';
import {
  classes,
  enrollments,
  guardianLinks,
  guardians,
  guardianSchools,
  instances,
  platformUsers,
  schoolYears,
  students,
} from './schema';

// ---------------------------------------------------------------- directory

/** The directory account a phone names (any type: a phone taken by another kind of account is refused). */
export const accountOfPhone = (directory: Db, phone: string) =>
  directory
    .select({
      id: platformUsers.id,
      type: platformUsers.accountType,
      status: platformUsers.status,
      tokenVersion: platformUsers.tokenVersion,
      name: guardians.name,
    })
    .from(platformUsers)
    .leftJoin(guardians, eq(guardians.id, platformUsers.id))
    .where(sql`${platformUsers.username} = ${phone} COLLATE NOCASE`)
    .get();

/** A guardian's account and profile by id. */
export const findGuardian = (directory: Db, id: string) =>
  directory
    .select({
      id: platformUsers.id,
      phone: platformUsers.username,
      status: platformUsers.status,
      tokenVersion: platformUsers.tokenVersion,
      name: guardians.name,
      language: guardians.language,
      alerts: guardians.alerts,
    })
    .from(platformUsers)
    .innerJoin(guardians, eq(guardians.id, platformUsers.id))
    .where(and(eq(platformUsers.id, id), eq(platformUsers.accountType, 'guardian')))
    .get();

/** The account states of guardians (the school's lists). */
export const statusesOf = async (directory: Db, ids: readonly string[]) =>
  ids.length
    ? new Map(
        (
          await directory
            .select({ id: platformUsers.id, status: platformUsers.status })
            .from(platformUsers)
            .where(and(inArray(platformUsers.id, [...ids]), eq(platformUsers.accountType, 'guardian')))
            .all()
        ).map((r) => [r.id, r.status]),
      )
    : new Map<string, 'temporary_password' | 'active' | 'disabled'>();

/** A new guardian: the account (its one-time code as temporary password) and its profile. */
export const insertGuardian = (
  directory: Db,
  g: { id: string; phone: string; name: string; codeHash: string; codeExpiresAt: string },
) => [
  directory.insert(platformUsers).values({
    id: g.id,
    username: g.phone,
    passwordHash: g.codeHash,
    accountType: 'guardian',
    status: 'temporary_password',
    tempPasswordExpiresAt: g.codeExpiresAt,
  }),
  directory.insert(guardians).values({ id: g.id, name: g.name }),
];

/** Undoes a guardian made by a write whose school part was then refused (never signed in: still its code). */
export const dropUnusedGuardian = (directory: Db, id: string) =>
  directory
    .delete(platformUsers)
    .where(
      and(
        eq(platformUsers.id, id),
        eq(platformUsers.accountType, 'guardian'),
        eq(platformUsers.status, 'temporary_password'),
        eq(platformUsers.tokenVersion, 0),
      ),
    );

/** The school holds links of the guardian (kept when the last one ends: reading finds none). */
export const noteSchool = (directory: Db, guardianId: string, instanceId: string) =>
  directory.insert(guardianSchools).values({ guardianId, instanceId }).onConflictDoNothing();

/** A guard: the phone names no directory account. */
export const phoneFree = (phone: string) =>
  noneNow(platformUsers, sql`${platformUsers.username} = ${phone} COLLATE NOCASE`);

/** A guard: the guardian's account is as read (same token version: no code or password given meanwhile). */
export const guardianUnchanged = (id: string, tokenVersion: number) =>
  existsNow(
    platformUsers,
    and(
      eq(platformUsers.id, id),
      eq(platformUsers.accountType, 'guardian'),
      eq(platformUsers.tokenVersion, tokenVersion),
    )!,
  );

/** The schools holding a guardian's links, with their database and name. */
export const schoolsOf = (directory: Db, guardianId: string) =>
  directory
    .select({ id: instances.id, name: instances.name, shard: instances.shard })
    .from(guardianSchools)
    .innerJoin(instances, eq(instances.id, guardianSchools.instanceId))
    .where(eq(guardianSchools.guardianId, guardianId))
    .all();

/** One school of the guardian's (null: none of its links is there). */
export const schoolOf = (directory: Db, guardianId: string, instanceId: string) =>
  directory
    .select({ id: instances.id, name: instances.name, shard: instances.shard })
    .from(guardianSchools)
    .innerJoin(instances, eq(instances.id, guardianSchools.instanceId))
    .where(and(eq(guardianSchools.guardianId, guardianId), eq(guardianSchools.instanceId, instanceId)))
    .get();

export const setLanguage = (directory: Db, id: string, language: 'fr' | 'ht') =>
  directory.update(guardians).set({ language }).where(eq(guardians.id, id));

export const languageOfGuardian = async (directory: Db, id: string) =>
  (await directory.select({ language: guardians.language }).from(guardians).where(eq(guardians.id, id)).get())
    ?.language;

// ---------------------------------------------------------------- a school's links

const linkColumns = {
  id: guardianLinks.id,
  guardian_id: guardianLinks.guardianId,
  student_id: guardianLinks.studentId,
  phone: guardianLinks.phone,
  name: guardianLinks.name,
  created_at: guardianLinks.createdAt,
};

export const insertLink = (
  db: Db,
  school: string,
  link: { id: string; studentId: string; guardianId: string; phone: string; name: string; createdBy: string },
) => db.insert(guardianLinks).values({ ...link, instanceId: school });

export const deleteLink = (db: Db, school: string, id: string) =>
  db.delete(guardianLinks).where(byId(guardianLinks, school, id));

export const findLink = (db: Db, school: string, id: string) =>
  db
    .select(linkColumns)
    .from(guardianLinks)
    .where(byId(guardianLinks, school, id))
    .get();

/** A guard: the pupil has no link to that guardian yet. */
export const notLinked = (school: string, studentId: string, guardianId: string) =>
  noneNow(
    guardianLinks,
    and(
      ofSchool(guardianLinks, school),
      eq(guardianLinks.studentId, studentId),
      eq(guardianLinks.guardianId, guardianId),
    )!,
  );

/** A guard: the link is still there. */
export const linkStands = (school: string, id: string) => existsNow(guardianLinks, byId(guardianLinks, school, id));

/** A guard: the pupil is still on the school's register. */
export const studentStands = (school: string, studentId: string) =>
  existsNow(students, byId(students, school, studentId));

/** A pupil's guardians. */
export const linksOfStudent = (db: Db, school: string, studentId: string) =>
  db
    .select(linkColumns)
    .from(guardianLinks)
    .where(and(ofSchool(guardianLinks, school), eq(guardianLinks.studentId, studentId)))
    .orderBy(guardianLinks.createdAt)
    .all();

/** Every link of the school, with the pupil and their class of the current year (the school's list). */
export const linksOfSchool = (db: Db, school: string) =>
  db
    .select({
      ...linkColumns,
      nom: students.nom,
      prenom: students.prenom,
      class_name: leftJoined(classes.name, 'class_name'),
    })
    .from(guardianLinks)
    .innerJoin(students, along(students, guardianLinks, guardianLinks.studentId))
    .leftJoin(schoolYears, and(eq(schoolYears.instanceId, students.instanceId), eq(schoolYears.isCurrent, true)))
    .leftJoin(enrollments, along(students, enrollments, enrollments.studentId, eq(enrollments.yearId, schoolYears.id)))
    .leftJoin(classes, classOfEnrollment)
    .where(ofSchool(guardianLinks, school))
    .all();

/** A guardian's children in one school, with their class of the current year. */
export const childrenIn = (db: Db, school: string, guardianId: string, studentId?: string) =>
  db
    .select({
      student_id: students.id,
      nom: students.nom,
      prenom: students.prenom,
      class_id: leftJoined(classes.id, 'class_id'),
      class_name: leftJoined(classes.name, 'class_name'),
      enrollment_id: leftJoined(enrollments.id, 'enrollment_id'),
      year_id: leftJoined(schoolYears.id, 'year_id'),
      year_name: leftJoined(schoolYears.name, 'year_name'),
      grades_access_enabled: enrollments.gradesAccessEnabled,
    })
    .from(guardianLinks)
    .innerJoin(students, along(students, guardianLinks, guardianLinks.studentId))
    .leftJoin(schoolYears, and(eq(schoolYears.instanceId, students.instanceId), eq(schoolYears.isCurrent, true)))
    .leftJoin(enrollments, along(students, enrollments, enrollments.studentId, eq(enrollments.yearId, schoolYears.id)))
    .leftJoin(classes, classOfEnrollment)
    .where(
      and(
        ofSchool(guardianLinks, school),
        eq(guardianLinks.guardianId, guardianId),
        ...(studentId ? [eq(guardianLinks.studentId, studentId)] : []),
      ),
    )
    .all();

/** The pupils of a class in a year with the guardian their sheet names (the class's accounts made at once). */
export const classPupilsWithTutor = (db: Db, school: string, yearId: string, classId: string) =>
  db
    .select({
      student_id: students.id,
      nom: students.nom,
      prenom: students.prenom,
      tutor_name: students.tutorName,
      tutor_phone: students.tutorPhone,
    })
    .from(enrollments)
    .innerJoin(students, and(eq(students.instanceId, enrollments.instanceId), eq(students.id, enrollments.studentId)))
    .where(and(eq(enrollments.instanceId, school), eq(enrollments.yearId, yearId), eq(enrollments.classId, classId)))
    .all();
