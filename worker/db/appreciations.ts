// Appreciations: a teacher's words for a student in a subject for a period, and the general
// appreciation of the period (document 2 §3). An empty text is no row.
import { and, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/sqlite-core';
import type { ClassYear } from './class-rosters';
import type { Db } from './client';
import { inClassYear } from './enrollments';
import type { Book } from './evaluations';
import { appreciations, enrollments, generalAppreciations } from './schema';
import { along } from './scoped';
import { leftJoined } from './batch-columns';

/** A grade book's appreciations: one subject, one period, the class's enrolments of the year. */
export const selectBookAppreciations = (db: Db, school: string, b: Book & ClassYear) =>
  db
    .select({ enrollment_id: appreciations.enrollmentId, text: appreciations.text })
    .from(appreciations)
    .innerJoin(
      enrollments,
      along(enrollments, appreciations, appreciations.enrollmentId, inClassYear(school, b.yearId, b.classId)),
    )
    .where(
      and(
        eq(appreciations.instanceId, school),
        eq(appreciations.subjectId, b.subjectId),
        eq(appreciations.periodId, b.periodId),
      ),
    );

/**
 * Every appreciation of a class for a period, the subjects' and the general one (subject_id null),
 * in one query (the report cards).
 */
export function selectClassAllAppreciations(
  db: Db,
  school: string,
  c: { yearId: string; classId: string; periodId: string },
) {
  const inClass = (enrollmentId: typeof appreciations.enrollmentId | typeof generalAppreciations.enrollmentId) =>
    and(inClassYear(school, c.yearId, c.classId), eq(enrollments.id, enrollmentId));
  return unionAll(
    db
      .select({
        enrollment_id: appreciations.enrollmentId,
        subject_id: leftJoined(appreciations.subjectId, 'subject_id'),
        text: appreciations.text,
      })
      .from(appreciations)
      .innerJoin(enrollments, inClass(appreciations.enrollmentId))
      .where(and(eq(appreciations.instanceId, school), eq(appreciations.periodId, c.periodId))),
    db
      .select({
        enrollment_id: generalAppreciations.enrollmentId,
        subject_id: sql<string | null>`NULL`.as('subject_id'),
        text: generalAppreciations.text,
      })
      .from(generalAppreciations)
      .innerJoin(enrollments, inClass(generalAppreciations.enrollmentId))
      .where(and(eq(generalAppreciations.instanceId, school), eq(generalAppreciations.periodId, c.periodId))),
  );
}

export const setAppreciation = (
  db: Db,
  school: string,
  a: { enrollmentId: string; subjectId: string; periodId: string; text: string },
) =>
  db
    .insert(appreciations)
    .values({ ...a, instanceId: school })
    .onConflictDoUpdate({
      target: [appreciations.instanceId, appreciations.enrollmentId, appreciations.subjectId, appreciations.periodId],
      set: { text: a.text },
    });

export const clearAppreciation = (
  db: Db,
  school: string,
  a: { enrollmentId: string; subjectId: string; periodId: string },
) =>
  db
    .delete(appreciations)
    .where(
      and(
        eq(appreciations.instanceId, school),
        eq(appreciations.enrollmentId, a.enrollmentId),
        eq(appreciations.subjectId, a.subjectId),
        eq(appreciations.periodId, a.periodId),
      ),
    );

export const setGeneralAppreciation = (
  db: Db,
  school: string,
  a: { enrollmentId: string; periodId: string; text: string },
) =>
  db
    .insert(generalAppreciations)
    .values({ ...a, instanceId: school })
    .onConflictDoUpdate({
      target: [generalAppreciations.instanceId, generalAppreciations.enrollmentId, generalAppreciations.periodId],
      set: { text: a.text },
    });

export const clearGeneralAppreciation = (db: Db, school: string, a: { enrollmentId: string; periodId: string }) =>
  db
    .delete(generalAppreciations)
    .where(
      and(
        eq(generalAppreciations.instanceId, school),
        eq(generalAppreciations.enrollmentId, a.enrollmentId),
        eq(generalAppreciations.periodId, a.periodId),
      ),
    );
