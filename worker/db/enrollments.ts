// Enrolments: a student in a class for a year, with the money of the year.
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { noneNow } from './guards';
import { exists, ofSchool } from './scoped';
import { enrollments, schoolYears, users } from './schema';

const ofClass = (school: string, classId: string): SQL => and(ofSchool(enrollments, school), eq(enrollments.classId, classId))!;

/** Any enrolment in the class, of any year, past or present. */
export const classHasEnrollments = (db: Db, school: string, classId: string) => exists(db, enrollments, ofClass(school, classId));

/** A guard condition: still no enrolment in the class. */
export const noneInClass = (school: string, classId: string) => noneNow(enrollments, ofClass(school, classId));

/** Whether a student account's enrolment of a year (the current year when null) opens its grades. */
export async function gradesAccessOfStudentUser(db: Db, school: string, userId: string, yearId: string | null) {
  const row = await db
    .select({ enabled: enrollments.gradesAccessEnabled })
    .from(users)
    .innerJoin(enrollments, and(eq(enrollments.instanceId, users.instanceId), eq(enrollments.studentId, users.studentId)))
    .innerJoin(schoolYears, and(eq(schoolYears.instanceId, enrollments.instanceId), eq(schoolYears.id, enrollments.yearId)))
    .where(and(eq(users.instanceId, school), eq(users.id, userId), yearId ? eq(enrollments.yearId, yearId) : eq(schoolYears.isCurrent, true)))
    .get();
  return row?.enabled ?? false;
}
