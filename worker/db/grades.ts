// Grades: one score (hundredths) per evaluation and enrolment. Stored packed (decision 220): an
// evaluation's row holds its scores, a JSON array indexed by the seats of its class's roster for
// the period's year (db/seats.ts). A grade's id names its cell: `<evaluation id>.<enrolment
// id>`. A cell is set by position inside its writing statement, so the same score sent twice (an
// offline replay) lands once and two teachers on one evaluation both keep theirs.
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import * as periods from './academic-periods';
import * as assignments from './assignments';
import type { Db } from './client';
import { classesCameFrom, classesLeftBy } from './class-changes';
import { type ClassYear, scoreAtSeat, scoresWith, seatClass, seatsOf } from './seats';
import * as curriculum from './curriculum';
import { byId } from './scoped';
import { enrollments, evaluations } from './schema';
import type { Book } from './evaluations';
import { aliased } from './batch-columns';

/** A grade's id: its evaluation's and its enrolment's ids (neither holds a '.'). */
export const gradeId = (evaluationId: string, enrollmentId: string) => `${evaluationId}.${enrollmentId}`;

/** The cell a grade id names, or null for an id of another shape. */
export function cellOfGradeId(id: string): { evaluationId: string; enrollmentId: string } | null {
  const [evaluationId, enrollmentId, ...rest] = id.split('.');
  return evaluationId && enrollmentId && rest.length === 0 ? { evaluationId, enrollmentId } : null;
}

/** The evaluations `ev` of a class in a year's periods, with the class's seats (`j`, `e`). */
const yearScores = (school: string, c: { yearId: string; classId: string | SQL }) =>
  sql`evaluations ev JOIN academic_periods p ON p.instance_id = ev.instance_id AND p.id = ev.period_id AND p.year_id = ${c.yearId}
    JOIN ${seatsOf(school, c.yearId, c.classId)}`;

/** A grade book's grades: every score of the book's evaluations (the book's year given), in the evaluations' order. */
export const selectBookGrades = (db: Db, school: string, b: Book & ClassYear) =>
  db
    .select({
      id: sql<string>`ev.id || '.' || j.value`.as('grade_id'),
      enrollment_id: sql<string>`j.value`.as('enrollment_id'),
      evaluation_id: sql<string>`ev.id`.as('evaluation_id'),
      score: sql<number>`${scoreAtSeat}`.as('score'),
    })
    .from(sql`evaluations ev JOIN ${seatsOf(school, b.yearId, b.classId)}`)
    .where(
      sql`ev.instance_id = ${school} AND ev.class_id = ${b.classId} AND ev.subject_id = ${b.subjectId} AND ev.period_id = ${b.periodId} AND ${scoreAtSeat} IS NOT NULL`,
    )
    .orderBy(sql`ev.created_at, ev.name, j.key`);

/**
 * Every grade of the year of a class's pupils, all periods (the report cards, the student's Notes,
 * the promotion): one query. A pupil who changed class brings the grades of the classes they were
 * in (decision 302): the evaluations of this class and of the classes its pupils came from, each
 * read at its own class's seats.
 */
export const selectClassYearGrades = (db: Db, school: string, yearId: string, classId: string) =>
  db
    .select({
      enrollment_id: sql<string>`e.id`.as('enrollment_id'),
      evaluation_name: sql<string>`ev.name`.as('evaluation_name'),
      subject_id: sql<string>`ev.subject_id`.as('subject_id'),
      period_id: sql<string>`ev.period_id`.as('period_id'),
      score: sql<number>`${scoreAtSeat}`.as('score'),
      max_score: sql<number>`ev.max_score`.as('max_score'),
    })
    .from(
      sql`${yearScores(school, { yearId, classId: sql`ev.class_id` })} AND e.year_id = ${yearId} AND e.class_id = ${classId}`,
    )
    .where(
      sql`ev.instance_id = ${school} AND (ev.class_id = ${classId} OR ev.class_id IN (${classesCameFrom(school, yearId, classId)})) AND ${scoreAtSeat} IS NOT NULL`,
    )
    .orderBy(sql`ev.created_at, ev.id, j.key`);

/**
 * Where a grade goes, with what its book's rules need, in one statement (a row when the
 * enrolment is the school's): its year and class, the pupil's name, whether the period is of that year, the
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
      enrollment_id: aliased(enrollments.id, 'enrollment_id'),
      year_id: enrollments.yearId,
      class_id: enrollments.classId,
      name: sql<string>`(SELECT s.prenom || ' ' || s.nom FROM students s WHERE s.instance_id = ${enrollments.instanceId} AND s.id = ${enrollments.studentId})`.as(
        'name',
      ),
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

/** Whether an account teaches an evaluation's course (its class and subject in its period's year): a row when the evaluation exists. */
export const selectEvaluationTaught = (db: Db, school: string, evaluationId: string, userId: string) => {
  const yearId = sql`(SELECT p.year_id FROM academic_periods p WHERE p.instance_id = ${evaluations.instanceId} AND p.id = ${evaluations.periodId})`;
  const course = { yearId, classId: evaluations.classId, subjectId: evaluations.subjectId };
  return db
    .select({ teaches: sql<number>`${assignments.stillTeaches(db, school, userId, course)}`.as('teaches') })
    .from(evaluations)
    .where(byId(evaluations, school, evaluationId))
    .limit(1);
};

/** The periods an enrolment has grades in, in the grade books of its class and of the classes it left (decision 302): batchable. */
export const selectGradedPeriods = (db: Db, school: string, enrollmentId: string, classId: string) =>
  db
    .selectDistinct({ period_id: sql<string>`ev.period_id`.as('period_id') })
    .from(
      sql`evaluations ev JOIN academic_periods p ON p.instance_id = ev.instance_id AND p.id = ev.period_id
        JOIN ${seatsOf(school, sql`p.year_id`, sql`ev.class_id`)} AND e.id = ${enrollmentId}`,
    )
    .where(
      sql`ev.instance_id = ${school} AND (ev.class_id = ${classId} OR ev.class_id IN (${classesLeftBy(school, enrollmentId)})) AND ${scoreAtSeat} IS NOT NULL`,
    );

/** A cell's score, or null (`cell.score` null clears it). */
export interface Cell extends ClassYear {
  evaluationId: string;
  enrollmentId: string;
  score: number | null;
}

/**
 * Sets (or clears) a cell: the class's newcomers seated, then the score put at the pupil's seat
 * in the evaluation's scores, padded with nulls up to it, in one UPDATE that reads the stored
 * scores (a concurrent write to another cell is kept). The evaluation is of the class's year.
 */
export function setCell(db: Db, school: string, cell: Cell) {
  return [seatClass(db, school, cell), setSeatScore(db, school, cell)];
}

/**
 * The UPDATE of `setCell` alone: the score put at the pupil's seat, for a batch that seats the
 * class once before several cells of it (the grade book's batch, decision 270).
 */
export function setSeatScore(db: Db, school: string, cell: Cell) {
  return db
    .update(evaluations)
    .set({ scores: scoresWith(school, cell, sql`CAST(${cell.score} AS INTEGER)`) })
    .where(byId(evaluations, school, cell.evaluationId));
}

// ------------------------------------------------------------------------------------ Guards

/** An evaluation's scores above `max` (hundredths) of an enrolment still there. */
export const noScoreAbove = (school: string, evaluationId: string, max: number): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM evaluations ev JOIN academic_periods p ON p.instance_id = ev.instance_id AND p.id = ev.period_id
    JOIN ${seatsOf(school, sql`p.year_id`, sql`ev.class_id`)}
    WHERE ev.instance_id = ${school} AND ev.id = ${evaluationId} AND ${scoreAtSeat} > ${max})`;

/** No grade of these enrolments (a subquery of their ids) in any evaluation of the school. */
export const noGradeOf = (school: string, enrollmentIds: SQLWrapper): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM evaluations ev JOIN academic_periods p ON p.instance_id = ev.instance_id AND p.id = ev.period_id
    JOIN ${seatsOf(school, sql`p.year_id`, sql`ev.class_id`)} AND e.id IN ${enrollmentIds}
    WHERE ev.instance_id = ${school} AND ${scoreAtSeat} IS NOT NULL)`;

/** A cell's score (hundredths), with its evaluation: a row when the enrolment holds a seat of the evaluation's roster. */
const cellFrom = (school: string, evaluationId: string, enrollmentId: string) =>
  sql`evaluations ev JOIN academic_periods p ON p.instance_id = ev.instance_id AND p.id = ev.period_id
    JOIN ${seatsOf(school, sql`p.year_id`, sql`ev.class_id`)} AND e.id = ${enrollmentId}
    WHERE ev.instance_id = ${school} AND ev.id = ${evaluationId}`;

/** The score of a cell, if any (batchable). */
export const selectCellScore = (db: Db, school: string, evaluationId: string, enrollmentId: string) =>
  db
    .select({ score: sql<number | null>`${scoreAtSeat}`.as('cell_score') })
    .from(cellFrom(school, evaluationId, enrollmentId))
    .limit(1);

/** A guard condition: the cell still has a score. */
export const cellScored = (school: string, evaluationId: string, enrollmentId: string): SQL =>
  sql`EXISTS (SELECT 1 FROM ${cellFrom(school, evaluationId, enrollmentId)} AND ${scoreAtSeat} IS NOT NULL)`;
