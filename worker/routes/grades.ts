// Grade books, appreciations and report cards: the routes of contract/grades.ts. Who may (each
// route's rule): the teacher of the course (an assignment of the year, checked by the rule), or
// staff holding grade:read (reading), grade:create (scores and evaluations), appreciation:create
// (appreciations); admins hold all.
// Every condition a write depends on is re-checked inside its batch (decision 041): the
// evaluation set's total, the name's uniqueness, the score within the max, the teacher's course.
import { Hono } from 'hono';
import { type BookGrade, type GradeBook, gradesApi as api } from '../contract/grades';
import { gradesServerText as t } from '../contract/texts/grades';
import * as appreciations from '../db/appreciations';
import * as enrollments from '../db/enrollments';
import * as evaluations from '../db/evaluations';
import * as grades from '../db/grades';
import { toPoints } from '../domain/grades';
import { compareNames } from '../domain/text';
import type { SchoolBindings } from '../env';
import { requireYearAndClass } from '../lib/lookups';
import { route } from '../lib/route';
import { commit } from '../lib/write';
import {
  bookRule,
  changeEvaluation,
  courseGuards,
  evaluationForWrite,
  gradeOut,
  openBook,
  teachesBookOfQuery,
  teachesEvaluationOfPath,
} from './grade-rules';
import { gradeCellRoutes } from './grade-cells';
import { reportCardRoutes } from './report-cards';

export const gradesRoutes = new Hono<SchoolBindings>();

route(gradesRoutes, api.book, bookRule('grade:read', teachesBookOfQuery), async (c) => {
  const { db, school } = c.var;
  const q = c.req.valid('query');
  const { year, klass } = await requireYearAndClass(c, q.yearId, q.className);
  const course = { yearId: year.id, classId: klass.id, subjectId: q.subjectId };
  const { maxGrade } = await openBook(c, course, q.periodId);
  const book = { classId: klass.id, subjectId: q.subjectId, periodId: q.periodId };
  const [evaluationRows, gradeRows, appreciationRows, studentRows] = await db.batch([
    evaluations.selectBookEvaluations(db, school, book),
    grades.selectBookGrades(db, school, { ...book, yearId: year.id }),
    appreciations.selectBookAppreciations(db, school, { ...course, periodId: q.periodId }),
    enrollments.selectRoster(db, school, year.id, klass.id),
  ]);
  const byId = new Map(evaluationRows.map((e) => [e.id, e]));
  const gradesByEnrollment: Record<string, BookGrade[]> = {};
  for (const g of gradeRows) {
    const e = byId.get(g.evaluation_id);
    if (e) (gradesByEnrollment[g.enrollment_id] ??= []).push(gradeOut(g, e));
  }
  return c.json<GradeBook>({
    maxGrade: toPoints(maxGrade),
    evaluations: evaluationRows.map((e) => ({ id: e.id, name: e.name, max_score: toPoints(e.max_score) })),
    students: studentRows.sort((a, b) => compareNames(a.nom, b.nom) || compareNames(a.prenom, b.prenom)),
    gradesByEnrollment,
    appreciationsByEnrollment: Object.fromEntries(appreciationRows.map((a) => [a.enrollment_id, a.text])),
  });
});

route(gradesRoutes, api.updateEvaluation, bookRule('grade:create', teachesEvaluationOfPath), async (c) =>
  changeEvaluation(c, c.req.valid('param').id, c.req.valid('json')),
);

route(gradesRoutes, api.removeEvaluation, bookRule('grade:create', teachesEvaluationOfPath), async (c) => {
  const { db, school } = c.var;
  const { id } = c.req.valid('param');
  const { evaluation, course } = await evaluationForWrite(c, id);
  return commit(c, [evaluations.deleteEvaluation(db, school, id)], {
    audit: { action: 'DELETE_EVALUATION', target: evaluation.name, details: { max: toPoints(evaluation.max_score) } },
    guards: courseGuards(c, course),
    body: { message: t.evaluationDeleted(evaluation.name) },
  });
});

// The cells (document 2's calls and the grade book's batch) and the report cards' routes, in files
// of their own, served under the same area.
gradesRoutes.route('/', gradeCellRoutes);
gradesRoutes.route('/', reportCardRoutes);
