// The student portal's reads: the student it shows with their enrolment of the
// current year, and whether a student account's grades are open.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { classOfEnrollment, enrollmentOfStudentUser, yearOfEnrollment } from './enrollments';
import { along, byId } from './scoped';
import { classes, enrollments, schoolYears, students, users } from './schema';
import { leftJoined } from './batch-columns';

/**
 * The student the portal shows (a student account's own, or the one an admin names) with their
 * enrolment of the current year, if any: one query.
 */
export const findPortalStudent = (db: Db, school: string, who: { userId: string } | { studentId: string }) =>
  db
    .select({
      student_id: students.id,
      nom: students.nom,
      prenom: students.prenom,
      nisu: students.nisu,
      date_of_birth: students.dateOfBirth,
      sexe: students.sexe,
      enrollment_id: leftJoined(enrollments.id, 'enrollment_id'),
      year_id: leftJoined(schoolYears.id, 'year_id'),
      year_name: leftJoined(schoolYears.name, 'year_name'),
      class_id: leftJoined(classes.id, 'class_id'),
      class_name: leftJoined(classes.name, 'class_name'),
      class_order: classes.orderIndex,
      grades_access_enabled: enrollments.gradesAccessEnabled,
    })
    .from(students)
    .leftJoin(schoolYears, and(eq(schoolYears.instanceId, students.instanceId), eq(schoolYears.isCurrent, true)))
    .leftJoin(enrollments, along(students, enrollments, enrollments.studentId, eq(enrollments.yearId, schoolYears.id)))
    .leftJoin(classes, classOfEnrollment)
    .where(
      'userId' in who
        ? and(
            eq(students.instanceId, school),
            inArray(
              students.id,
              db
                .select({ id: users.studentId })
                .from(users)
                .where(byId(users, school, who.userId)),
            ),
          )
        : byId(students, school, who.studentId),
    )
    .get();

/** Whether a student account's enrolment of a year (the current year when null) opens its grades. */
export async function gradesAccessOfStudentUser(db: Db, school: string, userId: string, yearId: string | null) {
  const row = await db
    .select({ enabled: enrollments.gradesAccessEnabled })
    .from(users)
    .innerJoin(enrollments, enrollmentOfStudentUser)
    .innerJoin(schoolYears, yearOfEnrollment)
    .where(and(byId(users, school, userId), yearId ? eq(enrollments.yearId, yearId) : eq(schoolYears.isCurrent, true)))
    .get();
  return row?.enabled ?? false;
}
