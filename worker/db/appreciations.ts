// Appreciations: a teacher's words for a student in a subject for a period, and the general
// appreciation of the period (document 2 §3). An empty text is no row.
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { type SQLiteColumn, type SQLiteUpdateSetSource, unionAll } from 'drizzle-orm/sqlite-core';
import type { ClassYear } from './seats';
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

type TextTable = typeof appreciations | typeof generalAppreciations;

/**
 * Writes the appreciation of `table` found by `key` (its primary key's values): its text, or no
 * row when the text is empty.
 */
function writeText<T extends TextTable>(db: Db, table: T, key: Omit<T['$inferInsert'], 'text'>, text: string) {
  const columns: Record<string, SQLiteColumn> = getTableColumns(table);
  const keyColumns = Object.entries(key).map(([name, value]) => [columns[name]!, value as string] as const);
  if (!text) return db.delete(table).where(and(...keyColumns.map(([column, value]) => eq(column, value))));
  return db
    .insert(table)
    .values({ ...key, text } as T['$inferInsert'])
    .onConflictDoUpdate({ target: keyColumns.map(([column]) => column), set: { text } as SQLiteUpdateSetSource<T> });
}

/** A student's appreciation in a subject for a period; an empty text deletes it. */
export const saveAppreciation = (
  db: Db,
  school: string,
  a: { enrollmentId: string; subjectId: string; periodId: string },
  text: string,
) => writeText(db, appreciations, { instanceId: school, ...a }, text);

/** A student's general appreciation for a period; an empty text deletes it. */
export const saveGeneralAppreciation = (
  db: Db,
  school: string,
  a: { enrollmentId: string; periodId: string },
  text: string,
) => writeText(db, generalAppreciations, { instanceId: school, ...a }, text);
