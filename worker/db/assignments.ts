// Assignments: a teacher teaches a subject in a class for a school year (document 2 §3).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { courseColumns } from './subjects';
import { assignments, classes, subjects } from './schema';
import { profileIdsOfUser } from './teachers';

/** The courses an account teaches in a year, by class order then subject: one query. */
export const selectCoursesOfUser = (db: Db, school: string, yearId: string, userId: string) =>
  db
    .select(courseColumns)
    .from(assignments)
    .innerJoin(classes, and(eq(classes.instanceId, assignments.instanceId), eq(classes.id, assignments.classId)))
    .innerJoin(subjects, and(eq(subjects.instanceId, assignments.instanceId), eq(subjects.id, assignments.subjectId)))
    .where(
      and(
        eq(assignments.instanceId, school),
        eq(assignments.yearId, yearId),
        inArray(assignments.teacherId, profileIdsOfUser(db, school, userId)),
      ),
    )
    .orderBy(asc(classes.orderIndex), asc(classes.name), asc(subjects.name));
