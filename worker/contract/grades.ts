// Grade books, appreciations and report cards (issue 14; document 2 §2 'Grade book', 'Bulk report
// cards', §3 Grade, Appreciation, General appreciation, Subject details, Bulk report data, §5, §7;
// product decision 'Grades and report cards'). Scores and max scores travel as points (two
// decimals). An evaluation's id is made by the client that creates it (it stays local until its
// first grade), so a grade typed offline names its evaluation before the server knows it.
import { z } from 'zod';
import { isScoreValue } from '../domain/grades';
import { yearId, id, ID_PATTERN, text } from './common';
import { type Answer, area, type Body, del, get, post, put } from './endpoint';
import { enrolledStudent, studentIdentity } from './students';
import { serverText } from './texts/server';
import { gradesServerText as t } from './texts/grades';

/** Points of a score: from 0, two decimals at most (step 0.01), a sane ceiling. */
const points = (message: string) =>
  z.number({ error: message }).refine((v) => isScoreValue(v) && v <= 100_000, message);
const maxPoints = z
  .number({ error: t.maxRequired })
  .refine((v) => isScoreValue(v) && v > 0 && v <= 100_000, t.maxInvalid);

export const APPRECIATION_MAX = 600;
const appreciationText = z
  .string()
  .max(APPRECIATION_MAX * 2, t.appreciationTooLong)
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().max(APPRECIATION_MAX, t.appreciationTooLong));

/**
 * An id of the grade book's body: missing or unknown answers the field's own message, a value of
 * another type the field's type ('« Évaluation » : un texte est attendu.').
 */
const bodyId = (message: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : undefined) })
    .trim()
    .min(1, message)
    .regex(ID_PATTERN, message);

/** A grade's id: `<evaluation id>.<enrolment id>` (db/grades.ts gradeId). */
const gradeId = z.string().regex(/^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{1,64}$/, t.gradeNotFound);

const course = {
  yearId,
  className: text(t.classRequired),
  periodId: id(t.periodRequired),
};

export const evaluation = z.strictObject({ id: z.string(), name: z.string(), max_score: z.number() });
export const grade = z.strictObject({
  id: z.string(),
  evaluation_id: z.string(),
  evaluation_name: z.string(),
  score: z.number(),
  max_score: z.number(),
});
/** What a grade's write answers: the cell (null once removed) and its evaluation. */
const savedGrade = z.strictObject({
  enrollment_id: z.string(),
  grade: grade.nullable(),
  evaluation,
  message: z.string(),
});

/** Scores in one batch: its pupils' ids fit D1's 100 bound values of one statement. */
export const SCORES_PER_BATCH = 60;
const SCORE_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** What a batch of scores answers: the ids saved, each refusal with its status and message, the evaluations written. */
const savedScores = z.strictObject({
  saved: z.array(z.string()),
  refused: z.array(z.strictObject({ id: z.string(), status: z.number(), code: z.string(), message: z.string() })),
  evaluations: z.array(evaluation),
  message: z.string(),
});

export const gradesApi = area('grades', {
  book: get(
    '/teacher/subject-details',
    "One subject's grade book for a class and a period: the subject's max grade, the evaluations, the class's students, their grades and appreciations (the subject's teacher, or staff with grade:read).",
    {
      query: z.object({ ...course, subjectId: id(t.subjectRequired) }),
      answers: {
        200: z.strictObject({
          maxGrade: z.number(),
          evaluations: z.array(evaluation),
          /** Named by enrolment: the cells' key. */
          students: z.array(enrolledStudent),
          gradesByEnrollment: z.record(z.string(), z.array(grade)),
          appreciationsByEnrollment: z.record(z.string(), z.string()),
        }),
      },
    },
  ),
  save: post(
    '/grades',
    "Sets one student's score in an evaluation, or removes it when the score is null. The evaluation is named by its id (made by the grade book, created with its first grade when `new_evaluation`) or, as document 2 writes the call, by its name in the student's class, subject and period (created with its first grade when no evaluation has that name).",
    {
      body: z.object({
        /** Absent: the evaluation is the book's of this name (document 2's call). */
        evaluation_id: bodyId(t.evaluationNotFound).optional(),
        enrollment_id: bodyId(t.studentNotFound),
        subject_id: bodyId(t.subjectRequired),
        period_id: bodyId(t.periodRequired),
        evaluation_name: text(t.nameRequired, 60),
        max_score: maxPoints,
        /** The evaluation was made on the teacher's device and may not be on the server yet. */
        new_evaluation: z.boolean().default(false),
        score: points(t.scoreInvalid).nullable(),
      }),
      answers: { 200: savedGrade },
    },
  ),
  saveScores: post(
    '/grades/batch',
    "The grade book's pending scores in one request (decision 270): for one subject and period, each evaluation with its scores (null removes one). Each score carries its own id and lands, or is refused, on its own: the answer lists the ids saved and each refusal with its French message, as POST /grades would answer it. With the request's Idempotency-Key a replay answers the first outcome and writes nothing again.",
    {
      offline: 'draft',
      body: z.object({
        subject_id: bodyId(t.subjectRequired),
        period_id: bodyId(t.periodRequired),
        evaluations: z
          .array(
            z.object({
              id: bodyId(t.evaluationNotFound),
              name: text(t.nameRequired, 60),
              max_score: maxPoints,
              /** Made on the teacher's device: created with its first score if the server does not have it. */
              new_evaluation: z.boolean().default(false),
              scores: z
                .array(
                  z.object({
                    /** The score's own id (the grade book's draft): how the answer names its outcome. */
                    id: z.string().regex(SCORE_ID, serverText.invalidData),
                    enrollment_id: bodyId(t.studentNotFound),
                    score: points(t.scoreInvalid).nullable(),
                  }),
                )
                .min(1, serverText.invalidData),
            }),
          )
          .min(1, serverText.invalidData)
          .max(SCORES_PER_BATCH, t.tooManyScores(SCORES_PER_BATCH))
          .refine(
            (list) => list.reduce((n, e) => n + e.scores.length, 0) <= SCORES_PER_BATCH,
            t.tooManyScores(SCORES_PER_BATCH),
          ),
      }),
      answers: { 200: savedScores },
    },
  ),
  updateGrade: put(
    '/grades/:id',
    "Document 2's grade change: `{score}` sets the grade's score (null removes it); `{evaluation_name, max_score}` renames its evaluation or changes its max score, as PUT /evaluations/:id does.",
    {
      params: z.object({ id: gradeId }),
      body: z
        .object({
          score: points(t.scoreInvalid).nullable().optional(),
          evaluation_name: text(t.nameRequired, 60).optional(),
          max_score: maxPoints.optional(),
        })
        .superRefine((b, ctx) => {
          if (b.score !== undefined) {
            if (b.evaluation_name !== undefined || b.max_score !== undefined)
              ctx.addIssue({ code: 'custom', message: t.scoreOrEvaluation });
            return;
          }
          if (b.evaluation_name === undefined)
            ctx.addIssue({ code: 'custom', path: ['evaluation_name'], message: t.nameRequired });
          else if (b.max_score === undefined)
            ctx.addIssue({ code: 'custom', path: ['max_score'], message: t.maxRequired });
        }),
      answers: { 200: z.union([savedGrade, z.strictObject({ evaluation, message: z.string() })]) },
    },
  ),
  removeGrade: del('/grades/:id', "Document 2's grade removal: the grade's score is removed (its evaluation stays).", {
    params: z.object({ id: gradeId }),
    answers: { 200: savedGrade },
  }),
  updateEvaluation: put(
    '/evaluations/:id',
    "Renames an evaluation or changes its max score (the set's total stays within the subject's max grade, no score above the new max).",
    {
      params: z.object({ id: id(t.evaluationNotFound) }),
      body: z.object({ name: text(t.nameRequired, 60), max_score: maxPoints }),
      answers: { 200: z.strictObject({ evaluation, message: z.string() }) },
    },
  ),
  removeEvaluation: del('/evaluations/:id', 'Deletes an evaluation and all its grades.', {
    params: z.object({ id: id(t.evaluationNotFound) }),
    answers: { 200: z.strictObject({ message: z.string() }) },
  }),
  appreciation: post('/appreciations', "Sets a student's appreciation in a subject for a period (blank removes it).", {
    body: z.object({
      enrollment_id: id(t.studentNotFound),
      subject_id: id(t.subjectRequired),
      period_id: id(t.periodRequired),
      text: appreciationText,
    }),
    answers: { 200: z.strictObject({ message: z.string() }) },
  }),
  generalAppreciation: post(
    '/general-appreciations',
    "Sets a student's general appreciation for a period (blank removes it).",
    {
      body: z.object({ enrollment_id: id(t.studentNotFound), period_id: id(t.periodRequired), text: appreciationText }),
      answers: { 200: z.strictObject({ message: z.string() }) },
    },
  ),
  bulk: get(
    '/bulk-report-data',
    "What a class's report cards need for a period, in a constant number of queries: students, subjects with their max grade, every grade of the year (the annual summary), the period's appreciations.",
    {
      query: z.object(course),
      answers: {
        200: z.strictObject({
          enrollments: z.array(
            z.strictObject({
              id: z.string(),
              student: studentIdentity.extend({ sexe: z.string().nullable() }),
            }),
          ),
          subjects: z.array(
            z.strictObject({ subject_id: z.string(), subject_name: z.string(), max_grade: z.number() }),
          ),
          gradesByEnrollment: z.record(
            z.string(),
            z.array(
              z.strictObject({
                subject_id: z.string(),
                period_id: z.string(),
                evaluation_name: z.string(),
                score: z.number(),
                max_score: z.number(),
              }),
            ),
          ),
          appreciationsByEnrollment: z.record(z.string(), z.record(z.string(), z.string())),
          generalAppreciationsByEnrollment: z.record(z.string(), z.string()),
        }),
      },
    },
  ),
});

export type GradeBook = Answer<typeof gradesApi.book>;
export type BookEvaluation = z.output<typeof evaluation>;
export type BookGrade = z.output<typeof grade>;
export type BookStudent = z.output<typeof enrolledStudent>;
/** A cell the grade book sends: it always names its evaluation by id. */
export type GradeCell = Body<typeof gradesApi.save> & { evaluation_id: string };
export type SavedGrade = Answer<typeof gradesApi.save>;
/** A batch of the grade book's scores (decision 270). */
export type ScoresBatch = Body<typeof gradesApi.saveScores>;
export type SavedScores = Answer<typeof gradesApi.saveScores>;
export type ReportData = Answer<typeof gradesApi.bulk>;
