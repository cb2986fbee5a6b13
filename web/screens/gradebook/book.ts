// The grade book's pure pieces (no React): the columns the book shows, a cell's score, a
// student's marks, the checks of an evaluation's name and max, and the book's data once a change
// lands (a score, a renamed or deleted evaluation, an appreciation).
import type { BookEvaluation, BookStudent, GradeBook, SavedGrade } from '../../../worker/contract/grades';
import {
  exceededTotal,
  isScoreValue,
  parsePoints,
  sameEvaluationName,
  toHundredths,
  toPoints,
} from '../../../worker/domain/grades';
import { gradebookText as t } from '../../i18n/gradebook';
import type { GradeDraft } from './drafts';
import { formatDecimal } from '../../../worker/domain/format';

export const percentText = (p: number) => `${formatDecimal(p)} %`;

export const studentName = (s: Pick<BookStudent, 'nom' | 'prenom'>) => `${s.nom} ${s.prenom}`;

/** A cell's key: its evaluation and its student. */
export const cellKey = (evaluationId: string, enrollmentId: string) => `${evaluationId}|${enrollmentId}`;

/** The columns: the server's evaluations, then those only on this phone (added, or typed and not yet sent). */
export function columnsOf(
  server: readonly BookEvaluation[],
  local: readonly BookEvaluation[],
  drafts: readonly GradeDraft[],
): BookEvaluation[] {
  const list = [...server];
  const known = new Set(list.map((e) => e.id));
  for (const e of [
    ...local,
    ...drafts.map((d) => ({ id: d.body.evaluation_id, name: d.body.evaluation_name, max_score: d.body.max_score })),
  ]) {
    if (!known.has(e.id)) {
      known.add(e.id);
      list.push(e);
    }
  }
  return list;
}

/** The score of a cell on the server. */
export const serverScore = (data: GradeBook, evaluationId: string, enrollmentId: string): number | null =>
  data.gradesByEnrollment[enrollmentId]?.find((g) => g.evaluation_id === evaluationId)?.score ?? null;

/**
 * Why an evaluation named so, out of `max`, cannot join the `others` of the book (the subject's max
 * grade `maxGrade`): null when it can. The same checks for a new evaluation and a changed one.
 */
export function evaluationProblem(
  name: string,
  max: number,
  others: readonly BookEvaluation[],
  maxGrade: number,
): string | null {
  if (!name) return t.errors.nameRequired;
  if (!(max > 0) || !isScoreValue(max)) return t.errors.maxRequired;
  if (others.some((o) => sameEvaluationName(o.name, name))) return t.errors.nameTaken(name);
  const total = exceededTotal(
    others.map((o) => toHundredths(o.max_score)),
    toHundredths(max),
    toHundredths(maxGrade),
  );
  return total === null ? null : t.errors.totalAbove(toPoints(total), maxGrade);
}

/** The book's data once the server took a score: the grade set or removed, the evaluation known. */
export function withAnswer(data: GradeBook, answer: SavedGrade): GradeBook {
  const evaluations = data.evaluations.some((e) => e.id === answer.evaluation.id)
    ? data.evaluations
    : [...data.evaluations, answer.evaluation];
  const others = (data.gradesByEnrollment[answer.enrollment_id] ?? []).filter(
    (g) => g.evaluation_id !== answer.evaluation.id,
  );
  const gradesByEnrollment = {
    ...data.gradesByEnrollment,
    [answer.enrollment_id]: answer.grade ? [...others, answer.grade] : others,
  };
  return { ...data, evaluations, gradesByEnrollment };
}

/** The book's data with an evaluation renamed or given another max. */
export const withEvaluation =
  (id: string, name: string, max: number) =>
  (data: GradeBook): GradeBook => ({
    ...data,
    evaluations: data.evaluations.map((o) => (o.id === id ? { ...o, name, max_score: max } : o)),
  });

/** The book's data without an evaluation and its grades. */
export const withoutEvaluation =
  (id: string) =>
  (data: GradeBook): GradeBook => ({
    ...data,
    evaluations: data.evaluations.filter((o) => o.id !== id),
    gradesByEnrollment: Object.fromEntries(
      Object.entries(data.gradesByEnrollment).map(([k, v]) => [k, v.filter((g) => g.evaluation_id !== id)]),
    ),
  });

/** The book's data with a student's appreciation set (a blank text removes it). */
export const withAppreciation =
  (enrollmentId: string, text: string) =>
  (data: GradeBook): GradeBook => {
    const next = { ...data.appreciationsByEnrollment };
    if (text.trim()) next[enrollmentId] = text.trim();
    else delete next[enrollmentId];
    return { ...data, appreciationsByEnrollment: next };
  };

/** Typed points ('12,5' as well as '12.5', two decimals at most); NaN when blank or not points. */
export const typedNumber = (raw: string) => parsePoints(raw) ?? NaN;
