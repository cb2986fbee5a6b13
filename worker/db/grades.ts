// Grades: one score (hundredths) per evaluation and enrolment. A cell is written by upsert, so the
// same score sent twice (an offline replay) lands once.
import { and, eq, sql } from 'drizzle-orm';
import * as periods from './academic-periods';
import * as assignments from './assignments';
import type { Db } from './client';
import * as curriculum from './curriculum';
import { byId } from './scoped';
import { academicPeriods, enrollments, evaluations, grades } from './schema';

const evaluationOf = and(eq(evaluations.instanceId, grades.instanceId), eq(evaluations.id, grades.evaluationId));

/** A grade book's grades: every score of the book's evaluations (ids aliased for batches). */
export const selectBookGrades = (db: Db, school: string, b: { classId: string; subjectId: string; periodId: string }) =>
  db
    .select({
      id: sql<string>`${grades.id}`.as('grade_id'),
      enrollment_id: grades.enrollmentId,
      evaluation_id: grades.evaluationId,
      score: grades.score,
    })
    .from(grades)
    .innerJoin(evaluations, evaluationOf)
    .where(
      and(
        eq(grades.instanceId, school),
        eq(evaluations.classId, b.classId),
        eq(evaluations.subjectId, b.subjectId),
        eq(evaluations.periodId, b.periodId),
      ),
    );

/** Every grade of a class's enrolments of a year, all periods (the report cards' annual summary): one query. */
export const selectClassYearGrades = (db: Db, school: string, yearId: string, classId: string) =>
  db
    .select({
      enrollment_id: grades.enrollmentId,
      evaluation_name: sql<string>`${evaluations.name}`.as('evaluation_name'),
      subject_id: evaluations.subjectId,
      period_id: evaluations.periodId,
      score: grades.score,
      max_score: evaluations.maxScore,
    })
    .from(grades)
    .innerJoin(evaluations, evaluationOf)
    .innerJoin(
      academicPeriods,
      and(eq(academicPeriods.instanceId, evaluations.instanceId), eq(academicPeriods.id, evaluations.periodId)),
    )
    .innerJoin(enrollments, and(eq(enrollments.instanceId, grades.instanceId), eq(enrollments.id, grades.enrollmentId)))
    .where(
      and(
        eq(grades.instanceId, school),
        eq(evaluations.classId, classId),
        eq(academicPeriods.yearId, yearId),
        eq(enrollments.yearId, yearId),
        eq(enrollments.classId, classId),
      ),
    )
    .orderBy(evaluations.createdAt);

/**
 * Where a grade goes, with what its book's rules need, in one statement (a row when the
 * enrolment is the school's): its year and class, whether the period is of that year, the
 * subject's max grade in the class that year (null when not in its programme), and whether the
 * teacher `teacherUserId` teaches that course (0 when null).
 */
export const selectGradePlace = (
  db: Db,
  school: string,
  p: { enrollmentId: string; subjectId: string; periodId: string; teacherUserId: string | null },
) => {
  const course = { yearId: enrollments.yearId, classId: enrollments.classId, subjectId: p.subjectId };
  return db
    .select({
      enrollment_id: sql<string>`${enrollments.id}`.as('enrollment_id'),
      year_id: enrollments.yearId,
      class_id: enrollments.classId,
      period_ok: sql<number>`${periods.isOfYear(school, p.periodId, enrollments.yearId)}`.as('period_ok'),
      max_grade: sql<number | null>`${curriculum.cellMax(school, course)}`.as('max_grade'),
      teaches: (p.teacherUserId
        ? sql<number>`${assignments.stillTeaches(db, school, p.teacherUserId, course)}`
        : sql<number>`0`
      ).as('teaches'),
    })
    .from(enrollments)
    .where(byId(enrollments, school, p.enrollmentId))
    .limit(1);
};

/** The cell of an evaluation and an enrolment, if scored: batchable (id aliased). */
export const selectCell = (db: Db, school: string, evaluationId: string, enrollmentId: string) =>
  db
    .select({ id: sql<string>`${grades.id}`.as('grade_id') })
    .from(grades)
    .where(
      and(eq(grades.instanceId, school), eq(grades.evaluationId, evaluationId), eq(grades.enrollmentId, enrollmentId)),
    )
    .limit(1);

/** The periods an enrolment has grades in, in its class's grade books: batchable. */
export const selectGradedPeriods = (db: Db, school: string, enrollmentId: string, classId: string) =>
  db
    .selectDistinct({ period_id: evaluations.periodId })
    .from(grades)
    .innerJoin(evaluations, evaluationOf)
    .where(and(eq(grades.instanceId, school), eq(grades.enrollmentId, enrollmentId), eq(evaluations.classId, classId)));

/** Sets a cell's score (the row's id is kept when it exists). */
export const upsertCell = (
  db: Db,
  school: string,
  cell: { id: string; evaluationId: string; enrollmentId: string; score: number },
) =>
  db
    .insert(grades)
    .values({ ...cell, instanceId: school })
    .onConflictDoUpdate({
      target: [grades.instanceId, grades.evaluationId, grades.enrollmentId],
      set: { score: cell.score, updatedAt: sql`strftime('%Y-%m-%dT%H:%M:%fZ','now')` },
    });

export const deleteCell = (db: Db, school: string, evaluationId: string, enrollmentId: string) =>
  db
    .delete(grades)
    .where(
      and(eq(grades.instanceId, school), eq(grades.evaluationId, evaluationId), eq(grades.enrollmentId, enrollmentId)),
    );
