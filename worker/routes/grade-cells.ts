// A grade cell's writes: POST /grades and document 2's PUT/DELETE /grades/:id, one cell each, and
// the grade book's batch of drafts (POST /grades/batch, decision 270). Mounted by routes/grades.ts.
// Every condition a write depends on is re-checked inside its batch (decision 041).
import { Hono } from 'hono';
import type { BatchItem } from 'drizzle-orm/batch';
import { gradesApi as api, type SavedGrade, type SavedScores } from '../contract/grades';
import { serverText } from '../contract/texts/server';
import { gradesServerText as t } from '../contract/texts/grades';
import { seatClass } from '../db/seats';
import * as enrollments from '../db/enrollments';
import { gradeBatchInsert, type GradeCell } from '../db/audit';
import * as evaluations from '../db/evaluations';
import * as grades from '../db/grades';
import { exceededTotal, sameEvaluationName, toHundredths, toPoints } from '../domain/grades';
import type { SchoolBindings, SchoolContext } from '../env';
import { ApiError, conflict, forbidden, found, notFound } from '../lib/errors';
import { route } from '../lib/route';
import { commit, commitParts, type Guard, type WritePiece } from '../lib/write';
import {
  badTotal,
  batchRule,
  bookRule,
  changeEvaluation,
  courseGuards,
  gradeOut,
  placeRules,
  teachesGradeOfPath,
  teachesPupilSubject,
} from './grade-rules';

export const gradeCellRoutes = new Hono<SchoolBindings>();

/** A cell to write: an evaluation of the student's book named by its id, or by its name (document 2's call). */
interface CellWrite {
  evaluationId: string | null;
  enrollmentId: string;
  subjectId: string;
  periodId: string;
  evaluationName: string;
  /** Points. */
  maxScore: number;
  newEvaluation: boolean;
  /** Points; null removes the grade. */
  score: number | null;
  /** The cell must still hold a score (a change or a removal of an existing grade). */
  scored?: boolean;
}

/**
 * One grade cell: a read batch (the enrolment with the book's rules, the evaluation, the book's
 * evaluations, its class through the enrolment), the rules checked, then one guarded batch that
 * seats the pupil and sets the score at their seat (creating the evaluation with its first
 * grade). The grade book's drafts, POST /grades and document 2's /grades/:id all land here.
 */
async function writeCell(c: SchoolContext, w: CellWrite) {
  const { db, school } = c.var;
  const [placeRows, evaluationRows, others] = await db.batch([
    grades.selectGradePlace(db, school, {
      enrollmentId: w.enrollmentId,
      subjectId: w.subjectId,
      periodId: w.periodId,
      teacherUserId: null,
    }),
    evaluations.selectEvaluation(db, school, w.evaluationId ?? ''),
    evaluations.selectBookEvaluations(db, school, {
      classId: enrollments.classIdOfEnrollment(school, w.enrollmentId),
      subjectId: w.subjectId,
      periodId: w.periodId,
    }),
  ]);
  const row = found(placeRows[0], t.studentNotFound);
  const place = { id: row.enrollment_id, yearId: row.year_id, classId: row.class_id };
  const { maxGrade } = placeRules(row);
  const course = { yearId: place.yearId, classId: place.classId, subjectId: w.subjectId };
  const book = { classId: place.classId, subjectId: w.subjectId, periodId: w.periodId };
  const max = toHundredths(w.maxScore);
  // Document 2's call names the evaluation: the book's of that name, with that max.
  const named = w.evaluationId === null ? others.find((e) => sameEvaluationName(e.name, w.evaluationName)) : undefined;
  if (named && named.max_score !== max) throw conflict(t.nameTaken(w.evaluationName), 'evaluation_name_taken');
  const existing = named ? { ...named, ...book } : evaluationRows[0];

  // The evaluation: the server's when it has it (it must be of this book), else the new one the
  // grade brings (refused if it was never new: it was deleted meanwhile).
  let evaluation: { id: string; name: string; max_score: number };
  const statements: BatchItem<'sqlite'>[] = [];
  const guards: Guard[] = [
    ...courseGuards(c, course),
    {
      holds: enrollments.allInClass(school, [place.id], place.classId),
      error: conflict(t.notInClass(row.name), 'not_in_class'),
    },
  ];
  if (existing) {
    // An evaluation of another class: the pupil is not (or no longer) in it (decision 302).
    if (existing.classId !== book.classId) throw conflict(t.notInClass(row.name), 'not_in_class');
    if (existing.subjectId !== book.subjectId || existing.periodId !== book.periodId)
      throw notFound(t.evaluationNotFound);
    evaluation = existing;
    guards.push({ holds: evaluations.stillExists(school, existing.id), error: notFound(t.evaluationNotFound) });
  } else {
    if (w.evaluationId !== null && !w.newEvaluation) throw notFound(t.evaluationNotFound);
    evaluation = { id: w.evaluationId ?? crypto.randomUUID(), name: w.evaluationName, max_score: max };
    const taken = others.find((e) => sameEvaluationName(e.name, evaluation.name));
    if (taken) throw conflict(t.nameTaken(evaluation.name), 'evaluation_name_taken');
    const total = exceededTotal(
      others.map((e) => e.max_score),
      evaluation.max_score,
      maxGrade,
    );
    if (total !== null) throw badTotal(total, maxGrade);
    guards.push(
      {
        holds: evaluations.nameFree(school, book, evaluation.name, evaluation.id),
        error: conflict(t.nameTaken(evaluation.name), 'evaluation_name_taken'),
      },
      {
        holds: evaluations.canJoin(
          school,
          book,
          { id: evaluation.id, name: evaluation.name, max: evaluation.max_score },
          maxGrade,
        ),
        error: conflict(serverText.changedMeanwhile, 'changed'),
      },
    );
    statements.push(
      evaluations.insertEvaluationIfNew(db, school, {
        ...book,
        id: evaluation.id,
        name: evaluation.name,
        maxScore: evaluation.max_score,
      }),
    );
  }
  if (w.scored)
    guards.push({ holds: grades.cellScored(school, evaluation.id, place.id), error: notFound(t.gradeNotFound) });

  const out = { id: evaluation.id, name: evaluation.name, max_score: toPoints(evaluation.max_score) };
  const cell = { ...course, evaluationId: evaluation.id, enrollmentId: place.id };
  if (w.score === null) {
    statements.push(...grades.setCell(db, school, { ...cell, score: null }));
    return commit(c, statements, {
      audit: {
        action: 'DELETE_GRADE',
        target: evaluation.name,
        details: { enrollment: place.id, evaluation: evaluation.id },
      },
      guards,
      body: { enrollment_id: place.id, grade: null, evaluation: out, message: t.gradeDeleted } satisfies SavedGrade,
    });
  }
  const score = toHundredths(w.score);
  if (score > evaluation.max_score)
    throw new ApiError(400, 'score_above_max', t.scoreAbove(toPoints(evaluation.max_score)));
  statements.push(...grades.setCell(db, school, { ...cell, score }));
  guards.push({
    holds: evaluations.scoreFits(school, evaluation.id, score),
    error: new ApiError(400, 'score_above_max', t.scoreAbove(toPoints(evaluation.max_score))),
  });
  return commit(c, statements, {
    audit: {
      action: 'SET_GRADE',
      target: evaluation.name,
      details: { enrollment: place.id, evaluation: evaluation.id, score: w.score },
    },
    guards,
    body: {
      enrollment_id: place.id,
      grade: gradeOut({ id: grades.gradeId(evaluation.id, place.id), evaluation_id: evaluation.id, score }, evaluation),
      evaluation: out,
      message: t.gradeSaved,
    } satisfies SavedGrade,
  });
}

route(gradeCellRoutes, api.save, bookRule('grade:create', teachesPupilSubject), async (c) => {
  const body = c.req.valid('json');
  return writeCell(c, {
    evaluationId: body.evaluation_id ?? null,
    enrollmentId: body.enrollment_id,
    subjectId: body.subject_id,
    periodId: body.period_id,
    evaluationName: body.evaluation_name,
    maxScore: body.max_score,
    newEvaluation: body.new_evaluation,
    score: body.score,
  });
});

/**
 * The grade book's batch (decision 270): every pending score of one book in one request. One
 * read round trip (the pupils' places, the book's rules through the first, the evaluations named,
 * the book's evaluations), the rules of POST /grades checked score by score, then one batch:
 * the class seated once, each new evaluation created, each score set at its seat with its log
 * row. A score the rules refuse is left out with its error; the conditions each depends on are
 * guards of the batch (the evaluation still there, its name free and the total within the max
 * when new, the score within its max), and a guard that no longer holds refuses only its scores
 * (lib/write.ts commitParts). The teacher's course and the session are the whole request's.
 */
route(gradeCellRoutes, api.saveScores, batchRule(), async (c) => {
  const { db, school, account } = c.var;
  const body = c.req.valid('json');
  // One entry per evaluation, one write per score id (a duplicate lands once) and per cell (the
  // last value sent).
  const byEvaluation = new Map<string, (typeof body.evaluations)[number]>();
  for (const e of body.evaluations) {
    const before = byEvaluation.get(e.id);
    byEvaluation.set(e.id, before ? { ...before, scores: [...before.scores, ...e.scores] } : e);
  }
  const seen = new Set<string>();
  const bookEvaluations = [...byEvaluation.values()]
    .map((e) => ({ ...e, scores: e.scores.filter((s) => !seen.has(s.id) && Boolean(seen.add(s.id))) }))
    .map((e) => {
      const cells = new Map(e.scores.map((s) => [s.enrollment_id, s]));
      return { ...e, scores: e.scores.filter((s) => cells.get(s.enrollment_id) === s) };
    })
    .filter((e) => e.scores.length > 0);
  const enrollmentIds = [...new Set(bookEvaluations.flatMap((e) => e.scores.map((s) => s.enrollment_id)))];
  // The book is named by a pupil of its class: the first one, read with the rest.
  const bookOf = (pupil: string) =>
    [
      grades.selectGradePlace(db, school, {
        enrollmentId: pupil,
        subjectId: body.subject_id,
        periodId: body.period_id,
        teacherUserId: account.type === 'teacher' ? account.id : null,
      }),
      evaluations.selectBookEvaluations(db, school, {
        classId: enrollments.classIdOfEnrollment(school, pupil),
        subjectId: body.subject_id,
        periodId: body.period_id,
      }),
    ] as const;
  const [placeRows, namedRows, ...firstBook] = await db.batch([
    enrollments.selectPlaces(db, school, enrollmentIds),
    evaluations.selectEvaluations(
      db,
      school,
      bookEvaluations.map((e) => e.id),
    ),
    ...bookOf(enrollmentIds[0]!),
  ]);
  let [firstRows, others] = firstBook;
  const places = new Map(placeRows.map((p) => [p.id, p]));
  // A first pupil who changed class since does not name the book (decision 302): the class of
  // the book's evaluations does, else that of most of its pupils; read again through one of them.
  const bookClass =
    namedRows.find((e) => e.subjectId === body.subject_id && e.periodId === body.period_id)?.classId ??
    mostCommon(placeRows.map((p) => p.class_id));
  if (bookClass !== undefined && firstRows[0] && firstRows[0].class_id !== bookClass) {
    const pupil = enrollmentIds.find((id) => places.get(id)?.class_id === bookClass);
    if (pupil) [firstRows, others] = await db.batch([...bookOf(pupil)]);
  }
  const refused = new Map<string, ApiError>();
  const row = firstRows[0];
  if (!row) {
    // The book is named by its first pupil: none, no book (each score answers as POST /grades would).
    for (const e of bookEvaluations) for (const s of e.scores) refused.set(s.id, notFound(t.studentNotFound));
    return commitParts(c, { pieces: [], refused, body: (r) => scoresAnswer(r, bookEvaluations, []) });
  }
  if (account.type === 'teacher' && !row.teaches) throw forbidden(t.notYourCourse);
  const { maxGrade } = placeRules(row);
  const course = { yearId: row.year_id, classId: row.class_id, subjectId: body.subject_id };
  const book = { classId: row.class_id, subjectId: body.subject_id, periodId: body.period_id };
  const named = new Map(namedRows.map((e) => [e.id, e]));
  const taken = others.map((e) => ({ id: e.id, name: e.name, max_score: e.max_score }));

  const pieces: WritePiece[] = [];
  const written: { id: string; name: string; max_score: number }[] = [];
  for (const e of bookEvaluations) {
    // A pupil of another class or year is not of this book: refused by name (decision 302); one of
    // no school of ours, not found.
    const scores = e.scores.filter((s) => {
      const place = places.get(s.enrollment_id);
      const ok = place?.year_id === course.yearId && place.class_id === course.classId;
      if (!ok)
        refused.set(
          s.id,
          place ? conflict(t.notInClass(`${place.prenom} ${place.nom}`), 'not_in_class') : notFound(t.studentNotFound),
        );
      return ok;
    });
    const refuseAll = (error: ApiError) => scores.forEach((s) => refused.set(s.id, error));
    if (!scores.length) continue;
    const existing = named.get(e.id);
    let evaluation: { id: string; name: string; max_score: number };
    const piece: WritePiece = { parts: scores.map((s) => s.id), guards: [], statements: [] };
    if (existing) {
      if (
        existing.classId !== book.classId ||
        existing.subjectId !== book.subjectId ||
        existing.periodId !== book.periodId
      ) {
        refuseAll(notFound(t.evaluationNotFound));
        continue;
      }
      evaluation = existing;
      piece.guards!.push({ holds: evaluations.stillExists(school, e.id), error: notFound(t.evaluationNotFound) });
    } else {
      if (!e.new_evaluation) {
        refuseAll(notFound(t.evaluationNotFound));
        continue;
      }
      evaluation = { id: e.id, name: e.name, max_score: toHundredths(e.max_score) };
      if (taken.some((o) => sameEvaluationName(o.name, evaluation.name))) {
        refuseAll(conflict(t.nameTaken(evaluation.name), 'evaluation_name_taken'));
        continue;
      }
      const total = exceededTotal(
        taken.map((o) => o.max_score),
        evaluation.max_score,
        maxGrade,
      );
      if (total !== null) {
        refuseAll(badTotal(total, maxGrade));
        continue;
      }
      // The batch's earlier new evaluations are not in the table when the guards run: counted here.
      const before = written.filter((w) => !named.has(w.id)).reduce((sum, w) => sum + w.max_score, 0);
      piece.guards!.push(
        {
          holds: evaluations.nameFree(school, book, evaluation.name, evaluation.id),
          error: conflict(t.nameTaken(evaluation.name), 'evaluation_name_taken'),
        },
        {
          holds: evaluations.canJoin(
            school,
            book,
            { id: evaluation.id, name: evaluation.name, max: evaluation.max_score + before },
            maxGrade,
          ),
          error: conflict(serverText.changedMeanwhile, 'changed'),
        },
      );
      piece.statements!.push(
        evaluations.insertEvaluationIfNew(db, school, {
          ...book,
          id: evaluation.id,
          name: evaluation.name,
          maxScore: evaluation.max_score,
        }),
      );
      taken.push(evaluation);
    }
    written.push(evaluation);
    pieces.push(piece);
    const above = new ApiError(400, 'score_above_max', t.scoreAbove(toPoints(evaluation.max_score)));
    // One guard per score value: a max lowered meanwhile refuses only the scores above it.
    const byValue = new Map<number, string[]>();
    for (const s of scores) {
      const score = s.score === null ? null : toHundredths(s.score);
      if (score !== null && score > evaluation.max_score) {
        refused.set(s.id, above);
        continue;
      }
      if (score !== null && existing) byValue.set(score, [...(byValue.get(score) ?? []), s.id]);
      const cell = { ...course, evaluationId: evaluation.id, enrollmentId: s.enrollment_id, score };
      pieces.push({
        parts: [s.id],
        statements: [grades.setSeatScore(db, school, cell)],
        audit: [
          score === null
            ? {
                action: 'DELETE_GRADE',
                target: evaluation.name,
                details: { enrollment: s.enrollment_id, evaluation: evaluation.id },
              }
            : {
                action: 'SET_GRADE',
                target: evaluation.name,
                details: { enrollment: s.enrollment_id, evaluation: evaluation.id, score: s.score },
              },
        ],
      });
    }
    for (const [score, ids] of byValue)
      pieces.push({
        parts: ids,
        guards: [
          {
            holds: evaluations.scoreFits(school, evaluation.id, score),
            error: new ApiError(400, 'score_above_max', t.scoreAbove(toPoints(evaluation.max_score))),
          },
        ],
      });
  }
  // The class seated once, before the scores (every score of the batch needs it).
  const allParts = pieces.flatMap((p) => p.parts);
  pieces.unshift({ parts: allParts, statements: [seatClass(db, school, course)] });
  const pupils = [
    ...new Set(bookEvaluations.flatMap((e) => e.scores.filter((s) => !refused.has(s.id)).map((s) => s.enrollment_id))),
  ];
  return commitParts(c, {
    pieces,
    refused,
    guards: [
      ...courseGuards(c, course),
      // A pupil moved to another class while the batch was on its way.
      {
        holds: enrollments.allInClass(school, pupils, course.classId),
        error: conflict(t.someNotInClass, 'not_in_class'),
      },
    ],
    body: (r) => scoresAnswer(r, bookEvaluations, written),
    // One log row for the batch (decision 331): its scores by seat, per evaluation.
    auditRow: (entries) => {
      const byEvaluation = new Map<string, { id: string; name: string; cells: GradeCell[] }>();
      for (const entry of entries) {
        const d = entry.details as { enrollment: string; evaluation: string; score?: number };
        const e = byEvaluation.get(d.evaluation) ?? { id: d.evaluation, name: entry.target ?? '', cells: [] };
        e.cells.push({ enrollment: d.enrollment, score: d.score ?? null });
        byEvaluation.set(d.evaluation, e);
      }
      return gradeBatchInsert(db, account, course, [...byEvaluation.values()]);
    },
  });
});

/** The value found most often (the first of those tied), undefined for none. */
function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | undefined;
  for (const [v, n] of counts) if (best === undefined || n > counts.get(best)!) best = v;
  return best;
}

/** The batch's answer: the scores saved, the refused with their error, the evaluations that took a score. */
function scoresAnswer(
  refused: Map<string, ApiError>,
  sent: { id: string; scores: { id: string }[] }[],
  written: { id: string; name: string; max_score: number }[],
): SavedScores {
  const landed = new Set<string>();
  const saved = sent.flatMap((e) =>
    e.scores.filter((s) => !refused.has(s.id) && Boolean(landed.add(e.id))).map((s) => s.id),
  );
  return {
    saved,
    refused: [...refused].map(([id, error]) => ({
      id,
      status: error.status,
      code: error.code,
      message: error.message,
    })),
    evaluations: written
      .filter((e) => landed.has(e.id))
      .map((e) => ({ id: e.id, name: e.name, max_score: toPoints(e.max_score) })),
    message: t.gradesSaved(saved.length),
  };
}

/** The grade a document 2 id names, with its evaluation and the cell to write back: 404 'Note introuvable.' unless the cell holds a score. */
async function requireGrade(c: SchoolContext, id: string) {
  const { db, school } = c.var;
  const cell = grades.cellOfGradeId(id);
  if (!cell) throw notFound(t.gradeNotFound);
  const [evaluationRows, scoreRows] = await db.batch([
    evaluations.selectEvaluation(db, school, cell.evaluationId),
    grades.selectCellScore(db, school, cell.evaluationId, cell.enrollmentId),
  ]);
  const evaluation = evaluationRows[0];
  if (!evaluation || scoreRows[0]?.score == null) throw notFound(t.gradeNotFound);
  const write: Omit<CellWrite, 'score'> = {
    evaluationId: evaluation.id,
    enrollmentId: cell.enrollmentId,
    subjectId: evaluation.subjectId,
    periodId: evaluation.periodId,
    evaluationName: evaluation.name,
    maxScore: toPoints(evaluation.max_score),
    newEvaluation: false,
  };
  return { evaluation, write };
}

route(gradeCellRoutes, api.updateGrade, bookRule('grade:create', teachesGradeOfPath), async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const { evaluation, write } = await requireGrade(c, id);
  if (body.score === undefined)
    return changeEvaluation(c, evaluation.id, { name: body.evaluation_name!, max_score: body.max_score! });
  return writeCell(c, { ...write, score: body.score, scored: true });
});

route(gradeCellRoutes, api.removeGrade, bookRule('grade:create', teachesGradeOfPath), async (c) => {
  const { id } = c.req.valid('param');
  const { write } = await requireGrade(c, id);
  return writeCell(c, { ...write, score: null });
});
