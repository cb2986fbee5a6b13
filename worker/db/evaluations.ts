// Evaluations: the grade book's columns, one per (class, subject, period, name), each with its max
// score in hundredths. What stops a period or a subject from being deleted while it holds some,
// and the conditions a grade book write re-checks inside its batch (decision 041).
import { and, asc, eq, inArray, ne, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';
import { existsNow, noneNow } from './guards';
import { byId, deleteById, ofSchool, updateById } from './scoped';
import { evaluations } from './schema';
import { aliased } from './batch-columns';

export interface Book {
  classId: string;
  subjectId: string;
  periodId: string;
}

/** A book whose class is a value or a subquery (a grade's book, read with its enrolment). */
type BookRef = Omit<Book, 'classId'> & { classId: string | SQLWrapper };

const ofPeriod = (school: string, periodId: string): SQL =>
  and(ofSchool(evaluations, school), eq(evaluations.periodId, periodId))!;
const ofSubject = (school: string, subjectId: string): SQL =>
  and(ofSchool(evaluations, school), eq(evaluations.subjectId, subjectId))!;
const ofBook = (school: string, b: BookRef): SQL =>
  and(
    ofSchool(evaluations, school),
    eq(evaluations.classId, b.classId),
    eq(evaluations.subjectId, b.subjectId),
    eq(evaluations.periodId, b.periodId),
  )!;

/** Guard conditions: still no evaluation in the period / of the subject. */
export const noneInPeriod = (school: string, periodId: string) => noneNow(evaluations, ofPeriod(school, periodId));
export const noneOfSubject = (school: string, subjectId: string) => noneNow(evaluations, ofSubject(school, subjectId));

const columns = { id: evaluations.id, name: evaluations.name, max_score: evaluations.maxScore };

/** A grade book's evaluations, oldest first (max scores in hundredths; ids aliased for batches). */
export const selectBookEvaluations = (db: Db, school: string, b: BookRef) =>
  db
    .select({
      id: aliased(evaluations.id, 'evaluation_id'),
      name: aliased(evaluations.name, 'evaluation_name'),
      max_score: evaluations.maxScore,
    })
    .from(evaluations)
    .where(ofBook(school, b))
    .orderBy(asc(evaluations.createdAt), asc(evaluations.name));

/** An evaluation with its book. */
export const findEvaluation = (db: Db, school: string, id: string) =>
  db
    .select({
      ...columns,
      classId: evaluations.classId,
      subjectId: evaluations.subjectId,
      periodId: evaluations.periodId,
    })
    .from(evaluations)
    .where(byId(evaluations, school, id))
    .get();

/** An evaluation's columns with its book (ids aliased for batches). */
const withBook = {
  id: aliased(evaluations.id, 'evaluation_id'),
  name: aliased(evaluations.name, 'evaluation_name'),
  max_score: evaluations.maxScore,
  classId: evaluations.classId,
  subjectId: evaluations.subjectId,
  periodId: evaluations.periodId,
};

/** An evaluation with its book, batchable (ids aliased for batches). */
export const selectEvaluation = (db: Db, school: string, id: string) =>
  db
    .select(withBook)
    .from(evaluations)
    .where(byId(evaluations, school, id))
    .limit(1);

/** The evaluations among `ids` (at most IDS_PER_STATEMENT) with their book, batchable (ids aliased for batches). */
export const selectEvaluations = (db: Db, school: string, ids: readonly string[]) =>
  db
    .select(withBook)
    .from(evaluations)
    .where(and(ofSchool(evaluations, school), inArray(evaluations.id, [...ids])));

/** Creates the evaluation unless it is already there (a grade of the same new evaluation sent twice, or in parallel). */
export const insertEvaluationIfNew = (
  db: Db,
  school: string,
  row: Book & { id: string; name: string; maxScore: number },
) =>
  db
    .insert(evaluations)
    .values({ ...row, instanceId: school })
    .onConflictDoNothing({ target: evaluations.id });

export const updateEvaluation = (db: Db, school: string, id: string, change: { name: string; maxScore: number }) =>
  updateById(db, evaluations, school, id, change);

export const deleteEvaluation = (db: Db, school: string, id: string) => deleteById(db, evaluations, school, id);

// ------------------------------------------------------------------------------------ Guards

/** The evaluation exists, in this book. */
export const stillInBook = (school: string, id: string, b: Book) =>
  existsNow(evaluations, and(byId(evaluations, school, id), ofBook(school, b))!);

/** The evaluation exists. */
export const stillExists = (school: string, id: string) => existsNow(evaluations, byId(evaluations, school, id));

/** No other evaluation of the book has this name (case-insensitive, as the unique index compares). */
export const nameFree = (school: string, b: Book, name: string, ownId: string) =>
  noneNow(
    evaluations,
    and(ofBook(school, b), sql`${evaluations.name} = ${name} COLLATE NOCASE`, ne(evaluations.id, ownId))!,
  );

/** The book's max scores, the evaluation `ownId` counted as `max`, stay within the subject's max grade (hundredths). */
export const totalWithin = (school: string, b: Book, ownId: string, max: number, subjectMax: number): SQL =>
  sql`(SELECT coalesce(sum(${evaluations.maxScore}), 0) FROM ${evaluations} WHERE ${and(ofBook(school, b), ne(evaluations.id, ownId))}) + ${max} <= ${subjectMax}`;

/**
 * A new evaluation can join the book: its own id already there (sent before), or an id nobody
 * holds (in any school or book), its name free and the total within the max.
 */
export const canJoin = (
  school: string,
  b: Book,
  e: { id: string; name: string; max: number },
  subjectMax: number,
): SQL =>
  sql`(${stillInBook(school, e.id, b)} OR (${noneNow(evaluations, eq(evaluations.id, e.id))} AND ${nameFree(school, b, e.name, e.id)} AND ${totalWithin(school, b, e.id, e.max, subjectMax)}))`;

/**
 * A score fits the evaluation's max score as it is when the batch runs (guards run first: an
 * evaluation the same batch creates is not there yet, and it is created with the max checked).
 */
export const scoreFits = (school: string, id: string, score: number) =>
  noneNow(evaluations, and(byId(evaluations, school, id), sql`${evaluations.maxScore} < ${score}`)!);
