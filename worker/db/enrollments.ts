// Enrolments: a student in a class for a year, with the money of the year.
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { noneNow } from './guards';
import { exists, ofSchool } from './scoped';
import { enrollments } from './schema';

const ofClass = (school: string, classId: string): SQL => and(ofSchool(enrollments, school), eq(enrollments.classId, classId))!;

/** Any enrolment in the class, of any year, past or present. */
export const classHasEnrollments = (db: Db, school: string, classId: string) => exists(db, enrollments, ofClass(school, classId));

/** A guard condition: still no enrolment in the class. */
export const noneInClass = (school: string, classId: string) => noneNow(enrollments, ofClass(school, classId));
