// The grade routes' shared rules (routes/grades.ts, grade-cells.ts, report-cards.ts): who may open a
// book, the book's checks read in one round trip, the guards of a course, a grade as answered.
import { allow, validInput } from '../auth/access';
import { type BookGrade } from '../contract/grades';
import { serverText } from '../contract/texts/server';
import { gradesServerText as t } from '../contract/texts/grades';
import * as periods from '../db/academic-periods';
import * as assignments from '../db/assignments';
import * as classes from '../db/classes';
import * as curriculum from '../db/curriculum';
import * as evaluations from '../db/evaluations';
import * as grades from '../db/grades';
import * as schoolYears from '../db/school-years';
import { exceededTotal, sameEvaluationName, toHundredths, toPoints } from '../domain/grades';
import type { PermissionKey } from '../domain/permissions';
import type { SchoolContext } from '../env';
import { ApiError, conflict, forbidden, found, notFound } from '../lib/errors';
import { commit, type Guard } from '../lib/write';

/**
 * Who may open a book: the teacher of the course (`teaches`: the course the request names, checked
 * before the handler; another's answers 403 'not your course'), or staff holding the permission.
 */
export const bookRule = (permission: PermissionKey, teaches: (c: SchoolContext) => Promise<boolean>) =>
  allow.any(
    allow.own({ what: 'the courses they teach', check: teaches, refusal: () => forbidden(t.notYourCourse) }, 'teacher'),
    allow.permission(permission),
  );

/** The book a query names (year, class by name, subject), in one round trip; a year or class not found passes (the route answers 404). */
export async function teachesBookOfQuery(c: SchoolContext) {
  const { db, school, account } = c.var;
  const q = validInput<{ yearId: string; className: string; subjectId: string }>(c, 'query');
  const classId = classes.classIdByName(db, school, q.className);
  const [year, klass, teaches] = await db.batch([
    schoolYears.selectById(db, school, q.yearId),
    classes.selectByName(db, school, q.className),
    assignments.selectTeachesCourse(db, school, account.id, { yearId: q.yearId, classId, subjectId: q.subjectId }),
  ]);
  return !year[0] || !klass[0] || Boolean(teaches[0]);
}

/** An evaluation's course (its period's year), in one read; one not found passes (the route answers 404). */
export async function teachesEvaluation(c: SchoolContext, evaluationId: string) {
  const [row] = await grades.selectEvaluationTaught(c.var.db, c.var.school, evaluationId, c.var.account.id);
  return !row || Boolean(row.teaches);
}

/** The evaluation the path names (`/evaluations/:id`). */
export const teachesEvaluationOfPath = (c: SchoolContext) =>
  teachesEvaluation(c, validInput<{ id: string }>(c, 'param').id);

/** The grade the path names (`/grades/:id`: its evaluation); an id of no cell passes (the route answers 404). */
export function teachesGradeOfPath(c: SchoolContext) {
  const cell = grades.cellOfGradeId(validInput<{ id: string }>(c, 'param').id);
  return cell ? teachesEvaluation(c, cell.evaluationId) : Promise.resolve(true);
}

/** The subject the body names in the class of the pupil it names (`enrollment_id`, `subject_id`), in one read; a pupil not found passes. */
export async function teachesPupilSubject(c: SchoolContext) {
  const { db, school, account } = c.var;
  const body = validInput<{ enrollment_id: string; subject_id: string; period_id: string }>(c, 'json');
  const [row] = await grades.selectGradePlace(db, school, {
    enrollmentId: body.enrollment_id,
    subjectId: body.subject_id,
    periodId: body.period_id,
    teacherUserId: account.id,
  });
  return !row || Boolean(row.teaches);
}

/** The batch of scores: the teacher's course still checked by its handler (the book's class is decided there, decision 302). */
export const batchRule = () =>
  allow.any(
    allow.own({ what: 'the courses they teach', inHandler: true }, 'teacher'),
    allow.permission('grade:create'),
  );

export interface Course {
  yearId: string;
  classId: string;
  subjectId: string;
}

/** The book's subject max grade (hundredths) and period check in one round trip (the rule checked a teacher's course). */
export async function openBook(c: SchoolContext, course: Course, periodId: string) {
  const { db, school } = c.var;
  const [periodRows, maxRows] = await db.batch([
    periods.selectPeriodOfYear(db, school, periodId, course.yearId),
    curriculum.selectCellMax(db, school, course),
  ]);
  return bookRules({ periodFound: Boolean(periodRows[0]), maxGrade: maxRows[0]?.max_grade ?? null });
}

/** The book's rules on what was read of it, in the order they answer: the period, the subject. */
export function bookRules(read: { periodFound: boolean; maxGrade: number | null }) {
  if (!read.periodFound) throw notFound(t.periodNotFound);
  return { maxGrade: found(read.maxGrade, t.subjectNotTaught) };
}

/** The same rules on a row of the grade place read (grades.selectGradePlace). */
export const placeRules = (row: { period_ok: unknown; max_grade: number | null }) =>
  bookRules({ periodFound: Boolean(row.period_ok), maxGrade: row.max_grade });

/** The guards every book write carries: the teacher still teaches the course. */
export function courseGuards(c: SchoolContext, course: Course): Guard[] {
  const { db, school, account } = c.var;
  return account.type === 'teacher'
    ? [{ holds: assignments.stillTeaches(db, school, account.id, course), error: forbidden(t.notYourCourse) }]
    : [];
}

export const gradeOut = (
  g: { id: string; evaluation_id: string; score: number },
  e: { name: string; max_score: number },
): BookGrade => ({
  id: g.id,
  evaluation_id: g.evaluation_id,
  evaluation_name: e.name,
  score: toPoints(g.score),
  max_score: toPoints(e.max_score),
});

export const badTotal = (total: number, maxGrade: number) =>
  new ApiError(400, 'total_above_max', t.totalAbove(toPoints(total), toPoints(maxGrade)));

/** An evaluation, its book and year (through the period), with the caller's right to change it. */
export async function evaluationForWrite(c: SchoolContext, id: string) {
  const { db, school } = c.var;
  const evaluation = found(await evaluations.findEvaluation(db, school, id), t.evaluationNotFound);
  const period = found(await periods.findPeriod(db, school, evaluation.periodId), t.periodNotFound);
  const course = { yearId: period.year_id, classId: evaluation.classId, subjectId: evaluation.subjectId };
  const { maxGrade } = await openBook(c, course, evaluation.periodId);
  return {
    evaluation,
    course,
    maxGrade,
    book: { classId: evaluation.classId, subjectId: evaluation.subjectId, periodId: evaluation.periodId },
  };
}

/** Renames an evaluation or changes its max score, with the rules of the book in the batch. */
export async function changeEvaluation(c: SchoolContext, id: string, body: { name: string; max_score: number }) {
  const { db, school } = c.var;
  const { evaluation, course, maxGrade, book } = await evaluationForWrite(c, id);
  const max = toHundredths(body.max_score);
  const others = (await evaluations.selectBookEvaluations(db, school, book)).filter((e) => e.id !== id);
  if (others.some((e) => sameEvaluationName(e.name, body.name)))
    throw conflict(t.nameTaken(body.name), 'evaluation_name_taken');
  const total = exceededTotal(
    others.map((e) => e.max_score),
    max,
    maxGrade,
  );
  if (total !== null) throw badTotal(total, maxGrade);
  return commit(c, [evaluations.updateEvaluation(db, school, id, { name: body.name, maxScore: max })], {
    audit: {
      action: 'UPDATE_EVALUATION',
      target: body.name,
      details: { before: { name: evaluation.name, max: toPoints(evaluation.max_score) }, max: body.max_score },
    },
    guards: [
      ...courseGuards(c, course),
      { holds: evaluations.stillExists(school, id), error: notFound(t.evaluationNotFound) },
      {
        holds: evaluations.nameFree(school, book, body.name, id),
        error: conflict(t.nameTaken(body.name), 'evaluation_name_taken'),
      },
      {
        holds: evaluations.totalWithin(school, book, id, max, maxGrade),
        error: conflict(serverText.changedMeanwhile, 'changed'),
      },
      {
        holds: grades.noScoreAbove(school, id, max),
        error: new ApiError(400, 'score_above_max', t.scoresAboveMax(body.max_score)),
      },
    ],
    body: { evaluation: { id, name: body.name, max_score: body.max_score }, message: t.evaluationUpdated },
  });
}
