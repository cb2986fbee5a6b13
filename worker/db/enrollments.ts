// Enrolments: a student in a class for a year (document 2 §3, §4). The owner of the enrollments
// table: the register's writes, the grades access switch, the enrolment's revision moved by every
// write to its money (db/finance-sheets.ts composes those writes), and the lookups of enrolments
// (the class lists of roll calls, grade books and report cards). The reads that gather enrolments
// with other tables for one screen live with their feature: finance-sheets.ts (the roster and one
// sheet), financial-report.ts, student-portal.ts, student-accounts.ts, report-data.ts.
import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import * as classChanges from './class-changes';
import { chunk, IDS_PER_STATEMENT, insertChunks, selectByIds } from './chunks';
import type { Db } from './client';
import { existsNow, noneNow } from './guards';
import { along, byId, ofSchool } from './scoped';
import { classes, classFees, enrollments, schoolYears, students, users } from './schema';
import { aliased } from './batch-columns';

export type NewEnrollment = typeof enrollments.$inferInsert & { id: string };

const ofClass = (school: string, classId: string): SQL =>
  and(ofSchool(enrollments, school), eq(enrollments.classId, classId))!;
/** The school's enrolments in a class for a year. */
export const inClassYear = (school: string, yearId: string, classId: string) =>
  and(ofClass(school, classId), eq(enrollments.yearId, yearId))!;
/** Join conditions: the enrolment's class, student and year (same school). */
export const classOfEnrollment = along(classes, enrollments, enrollments.classId);
export const studentOfEnrollment = along(students, enrollments, enrollments.studentId);
export const yearOfEnrollment = along(schoolYears, enrollments, enrollments.yearId);
/** Join condition: the enrolments of a student account's student. */
export const enrollmentOfStudentUser = and(
  eq(enrollments.instanceId, users.instanceId),
  eq(enrollments.studentId, users.studentId),
);

// ------------------------------------------------------------------------ the register's writes

/** A guard condition: no enrolment in the class, of any year, past or present. */
export const noneInClass = (school: string, classId: string) => noneNow(enrollments, ofClass(school, classId));

/** An enrolment with its class (the register row's enrolment). */
export const findEnrollment = (db: Db, school: string, id: string) =>
  db
    .select({
      id: enrollments.id,
      studentId: enrollments.studentId,
      yearId: enrollments.yearId,
      classId: enrollments.classId,
      className: classes.name,
      mppa: enrollments.mppa,
    })
    .from(enrollments)
    .innerJoin(classes, classOfEnrollment)
    .where(byId(enrollments, school, id))
    .get();

/** The year, class and pupil's name of the enrolments among `ids` (at most IDS_PER_STATEMENT of them): batchable. */
export const selectPlaces = (db: Db, school: string, ids: readonly string[]) =>
  db
    .select({
      id: enrollments.id,
      year_id: enrollments.yearId,
      class_id: enrollments.classId,
      nom: students.nom,
      prenom: students.prenom,
    })
    .from(enrollments)
    .innerJoin(students, studentOfEnrollment)
    .where(and(ofSchool(enrollments, school), inArray(enrollments.id, [...ids])));

/** Guard condition: every enrolment among `ids` is still in the class. */
export const allInClass = (school: string, ids: readonly string[], classId: string) =>
  noneNow(
    enrollments,
    and(ofSchool(enrollments, school), inArray(enrollments.id, [...ids]), ne(enrollments.classId, classId))!,
  );

/** Enrolments among `ids` with their student's name and their class. */
export const enrollmentsByIds = (db: Db, school: string, ids: readonly string[]) =>
  selectByIds(db, ids, (part) =>
    db
      .select({
        id: enrollments.id,
        yearId: enrollments.yearId,
        classId: enrollments.classId,
        className: classes.name,
        nom: students.nom,
        prenom: students.prenom,
      })
      .from(enrollments)
      .innerJoin(classes, classOfEnrollment)
      .innerJoin(students, studentOfEnrollment)
      .where(and(ofSchool(enrollments, school), inArray(enrollments.id, part))),
  );

/** A guard condition: the enrolment's base MPPA is still the amount read. */
export const mppaStillIs = (school: string, id: string, mppa: number) =>
  existsNow(enrollments, and(byId(enrollments, school, id), eq(enrollments.mppa, mppa))!);

export const insertEnrollments = (db: Db, rows: NewEnrollment[]) => insertChunks(db, enrollments, rows);

export const updateMppa = (db: Db, school: string, id: string, mppa: number) =>
  db
    .update(enrollments)
    .set({ mppa })
    .where(byId(enrollments, school, id));

/**
 * Moves enrolments to another class. An enrolment whose MPPA is still its old class's fee for
 * the year follows the fee of the new class (when that class has one); an amount set by hand is
 * kept.
 */
export function moveEnrollments(db: Db, school: string, ids: readonly string[], targetClassId: string) {
  const feeOf = (classId: SQL | string) =>
    sql`(SELECT ${classFees.mppa} FROM ${classFees} WHERE ${classFees.instanceId} = ${enrollments.instanceId} AND ${classFees.yearId} = ${enrollments.yearId} AND ${classFees.classId} = ${classId})`;
  return chunk(ids, IDS_PER_STATEMENT - 2).map((part) =>
    db
      .update(enrollments)
      .set({
        classId: targetClassId,
        mppa: sql`CASE WHEN ${enrollments.mppa} = ${feeOf(sql`${enrollments.classId}`)} THEN COALESCE(${feeOf(targetClassId)}, ${enrollments.mppa}) ELSE ${enrollments.mppa} END`,
      })
      .where(and(ofSchool(enrollments, school), inArray(enrollments.id, part))),
  );
}

// ------------------------------------------------------------------------ the money's revision

/** Guard condition: the enrolment is still at the revision read. */
export const revisionStillIs = (school: string, enrollmentId: string, revision: number): SQL =>
  existsNow(enrollments, and(byId(enrollments, school, enrollmentId), eq(enrollments.revision, revision))!);

/** The revision moved by exactly one (with the new base MPPA, unless null): the last statement of a write to the money. */
export const advanceRevision = (db: Db, school: string, enrollmentId: string, revision: number, mppa: number | null) =>
  db
    .update(enrollments)
    .set({ revision: revision + 1, ...(mppa === null ? {} : { mppa }) })
    .where(byId(enrollments, school, enrollmentId));

// --------------------------------------------------------------------------- grades access

export const setGradesAccess = (db: Db, school: string, enrollmentId: string, enabled: boolean) =>
  db
    .update(enrollments)
    .set({ gradesAccessEnabled: enabled })
    .where(byId(enrollments, school, enrollmentId));

export const setClassGradesAccess = (db: Db, school: string, yearId: string, classId: string, enabled: boolean) =>
  db
    .update(enrollments)
    .set({ gradesAccessEnabled: enabled })
    .where(inClassYear(school, yearId, classId));

export async function countClassEnrollments(db: Db, school: string, yearId: string, classId: string) {
  const row = await db
    .select({ count: sql<number>`count(*)` })
    .from(enrollments)
    .where(inClassYear(school, yearId, classId))
    .get();
  return row?.count ?? 0;
}

// ------------------------------------------------------------------------------- class lists

/** A class's pupils as a roll call and a grade book name them: enrolment id and names (the id aliased: a batch answers rows by column name). */
const rosterColumns = {
  enrollment_id: aliased(enrollments.id, 'enrollment_id'),
  nom: students.nom,
  prenom: students.prenom,
};

/**
 * The students of a class for a year for a roll call or a grade book: one query. Their student ids
 * stay out: those screens write by enrolment, and the teacher's phone downloads every roster of
 * the week at sign-in (issue 29).
 */
export const selectRoster = (db: Db, school: string, yearId: string, classId: string) =>
  db
    .select(rosterColumns)
    .from(enrollments)
    .innerJoin(students, studentOfEnrollment)
    .where(inClassYear(school, yearId, classId));

/**
 * The students of a class on a day, for that day's roll call (decision 302): the year's pupils
 * who were in the class that day, those who left it since included, those who joined it after left out.
 */
export const selectRosterOn = (db: Db, school: string, yearId: string, classId: string, day: string) =>
  db
    .select(rosterColumns)
    .from(enrollments)
    .innerJoin(students, studentOfEnrollment)
    .where(
      and(inYearClassOrLeft(school, yearId, classId), sql`${classChanges.classOn('enrollments', day)} = ${classId}`),
    );

/** The school's enrolments of a year in a class now or that left it (decision 302). */
const inYearClassOrLeft = (school: string, yearId: string, classId: string) =>
  and(
    ofSchool(enrollments, school),
    eq(enrollments.yearId, yearId),
    or(
      eq(enrollments.classId, classId),
      sql`${enrollments.id} IN (${classChanges.leftClass(school, yearId, classId)})`,
    ),
  )!;

/**
 * The pupils of a class of a year for the attendance reports (they answer by student): those in
 * it now and those who left it, with their class now and their changes, to keep to the days each
 * was in the class (domain/attendance.ts `classOnDay`).
 */
export const selectClassList = (db: Db, school: string, yearId: string, classId: string) =>
  db
    .select({
      ...rosterColumns,
      student_id: aliased(students.id, 'student_id'),
      class_id: aliased(enrollments.classId, 'class_id'),
      changes: classChanges.changesOf('enrollments').as('changes'),
    })
    .from(enrollments)
    .innerJoin(students, studentOfEnrollment)
    .where(inYearClassOrLeft(school, yearId, classId));

/** The names of the school's enrolments a subquery gives (a refusal names the pupils). */
export const selectNames = (db: Db, school: string, ids: SQL) =>
  db
    .select({ nom: students.nom, prenom: students.prenom })
    .from(enrollments)
    .innerJoin(students, studentOfEnrollment)
    .where(and(ofSchool(enrollments, school), sql`${enrollments.id} IN (${ids})`));

/** A student's enrolment of a year, if any. */
export const findEnrollmentOfStudent = (db: Db, school: string, studentId: string, yearId: string) =>
  db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(ofSchool(enrollments, school), eq(enrollments.studentId, studentId), eq(enrollments.yearId, yearId)))
    .get();

/** The students of a class for a year with what a report card prints of them (ids aliased for batches). */
export const selectReportStudents = (db: Db, school: string, yearId: string, classId: string) =>
  db
    .select({
      enrollment_id: aliased(enrollments.id, 'enrollment_id'),
      student_id: aliased(students.id, 'student_id'),
      nom: students.nom,
      prenom: students.prenom,
      nisu: students.nisu,
      date_of_birth: students.dateOfBirth,
      sexe: students.sexe,
    })
    .from(enrollments)
    .innerJoin(students, studentOfEnrollment)
    .where(inClassYear(school, yearId, classId));

/** An enrolment with its year and class (a grade names only the enrolment). */
export const findEnrollmentPlace = (db: Db, school: string, id: string) =>
  db
    .select({ id: enrollments.id, yearId: enrollments.yearId, classId: enrollments.classId })
    .from(enrollments)
    .where(byId(enrollments, school, id))
    .get();

/** The class of an enrolment, as a scalar subquery (null when there is no such enrolment). */
export const classIdOfEnrollment = (school: string, id: string): SQL =>
  sql`(SELECT ${enrollments.classId} FROM ${enrollments} WHERE ${byId(enrollments, school, id)})`;

/** Guard: the enrolment still exists. */
export const enrollmentStillExists = (school: string, id: string) =>
  existsNow(enrollments, byId(enrollments, school, id));
