// One period's grade book as the screen works with it: the server's data with this phone's drafts
// and local evaluations (columns, each cell's score and draft, each student's average and
// suggested appreciation), and what the teacher does to it: type a score (kept at once, sent
// after a pause, decision 270), add, change or delete an evaluation, write an appreciation.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { send, useRead } from '../../api/calls';
import { errorMessage, isQueued } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { useWrite, type WriteOutcome } from '../../api/useWrite';
import { toast } from '../../components/toast';
import { gradebookText as t } from '../../i18n/gradebook';
import { reportCardsText } from '../../i18n/report-cards';
import type { BookEvaluation, GradeBook, GradeCell, SavedGrade } from '../../../worker/contract/grades';
import {
  limitReached,
  subjectHundredths,
  subjectPercent,
  suggestedAppreciation,
  toHundredths,
} from '../../../worker/domain/grades';
import {
  cellKey,
  columnsOf,
  evaluationProblem,
  serverScore,
  withAnswer,
  withAppreciation,
  withEvaluation,
  withoutEvaluation,
} from './book';
import { bookKey, dropDraft, type GradeDraft, keepScore, onSaved, sendDrafts } from './drafts';

/** A pause in typing this long sends the book's pending scores, together (decision 270). */
const SEND_AFTER_MS = 1500;

export interface BookPlace {
  yearId: string;
  className: string;
  subjectId: string;
  periodId: string;
}

export type BookState = ReturnType<typeof useBook>;

/** The book of one period; `allDrafts` are the account's drafts (the panel holds the one subscription). */
export function useBook(place: BookPlace, allDrafts: readonly GradeDraft[], onChanged?: () => void) {
  const { yearId, className, subjectId, periodId } = place;
  const book = useRead(endpoints.grades.book, { query: { yearId, className, subjectId, periodId } });
  const { write, patch, busy } = useWrite(book, { reload: false });
  const key = bookKey(place);
  const drafts = useMemo(() => allDrafts.filter((d) => d.book === key), [allDrafts, key]);
  const [local, setLocal] = useState<BookEvaluation[]>([]);
  const sendTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A score the server took: into the book's data (and its offline copy); a new evaluation joins it.
  useEffect(
    () =>
      onSaved((savedBook, answers: SavedGrade[]) => {
        if (savedBook !== key) return;
        onChanged?.();
        patch((data) => answers.reduce(withAnswer, data));
      }),
    [key, patch, onChanged],
  );

  // Leaving the book (another period, another screen): what was typed goes now.
  useEffect(
    () => () => {
      if (!sendTimer.current) return;
      clearTimeout(sendTimer.current);
      void sendDrafts();
    },
    [key],
  );

  const data = book.data;
  const evaluations = useMemo(() => columnsOf(data?.evaluations ?? [], local, drafts), [data, local, drafts]);
  const serverIds = useMemo(() => new Set(data?.evaluations.map((e) => e.id)), [data]);
  const draftOf = useMemo(
    () => new Map(drafts.map((d) => [cellKey(d.body.evaluation_id, d.body.enrollment_id), d])),
    [drafts],
  );

  /** The draft of a cell, if any. */
  const draftIn = useCallback(
    (evaluationId: string, enrollmentId: string) => draftOf.get(cellKey(evaluationId, enrollmentId)) ?? null,
    [draftOf],
  );
  /** The score shown in a cell: the draft's when there is one, else the server's. */
  const scoreOf = (evaluationId: string, enrollmentId: string): number | null => {
    const draft = draftIn(evaluationId, enrollmentId);
    if (draft) return draft.body.score;
    return data ? serverScore(data, evaluationId, enrollmentId) : null;
  };
  /** A student's marks in the book (hundredths of points), drafts included. */
  const marksOf = (enrollmentId: string) =>
    evaluations.flatMap((e) => {
      const score = scoreOf(e.id, enrollmentId);
      return score === null ? [] : [{ score: toHundredths(score), max: toHundredths(e.max_score) }];
    });
  const averageOf = (enrollmentId: string) => subjectPercent(marksOf(enrollmentId));
  /** The automatic appreciation, from the exact average (hundredths of a percent). */
  const suggestionOf = (enrollmentId: string) => {
    const exact = subjectHundredths(marksOf(enrollmentId));
    return exact === null ? null : suggestedAppreciation(exact, reportCardsText.phrases);
  };
  const maxGrade = data?.maxGrade ?? 0;
  /** The set reaches the subject's max: no evaluation can be added. */
  const full = limitReached(
    evaluations.map((e) => toHundredths(e.max_score)),
    toHundredths(maxGrade),
  );

  function typed(evaluation: BookEvaluation, enrollmentId: string, score: number | null) {
    const cell: GradeCell = {
      evaluation_id: evaluation.id,
      enrollment_id: enrollmentId,
      subject_id: subjectId,
      period_id: periodId,
      evaluation_name: evaluation.name,
      max_score: evaluation.max_score,
      new_evaluation: !serverIds.has(evaluation.id),
      score,
    };
    void keepScore(key, cell, false);
    if (sendTimer.current) clearTimeout(sendTimer.current);
    sendTimer.current = setTimeout(() => {
      sendTimer.current = null;
      void sendDrafts();
    }, SEND_AFTER_MS);
  }

  /** Adds an evaluation on this phone (sent with its first score); the problem when it cannot. */
  function addEvaluation(name: string, max: number): string | null {
    const problem = evaluationProblem(name, max, evaluations, maxGrade);
    if (problem) return problem;
    setLocal((list) => [...list, { id: crypto.randomUUID(), name, max_score: max }]);
    toast.success(t.add.created);
    return null;
  }

  /** A change the server answered for good: into the book's data (a queued one was patched by useWrite). */
  function landed(outcome: WriteOutcome<unknown>, change: (data: GradeBook) => GradeBook) {
    if (!outcome || outcome.queued) return;
    patch(change);
    onChanged?.();
  }

  /** Renames an evaluation or changes its max: null when done, '' when the write failed (its error shown). */
  async function saveEvaluation(e: BookEvaluation, name: string, max: number): Promise<string | null> {
    const others = evaluations.filter((o) => o.id !== e.id);
    const problem = evaluationProblem(name, max, others, maxGrade);
    if (problem) return problem;
    if (!serverIds.has(e.id)) {
      setLocal((list) => list.map((o) => (o.id === e.id ? { ...o, name, max_score: max } : o)));
      return null;
    }
    const rename = withEvaluation(e.id, name, max);
    const outcome = await write(
      endpoints.grades.updateEvaluation,
      { params: { id: e.id }, body: { name, max_score: max } },
      { success: (a) => a.message, offline: rename },
    );
    landed(outcome, rename);
    return outcome ? null : '';
  }

  async function removeEvaluation(e: BookEvaluation) {
    if (!serverIds.has(e.id)) {
      setLocal((list) => list.filter((o) => o.id !== e.id));
      for (const d of drafts.filter((d) => d.body.evaluation_id === e.id)) await dropDraft(d.key);
      toast.success(t.deleted(e.name));
      return;
    }
    const drop = withoutEvaluation(e.id);
    const outcome = await write(
      endpoints.grades.removeEvaluation,
      { params: { id: e.id } },
      { success: (a) => a.message, offline: drop },
    );
    landed(outcome, drop);
  }

  async function saveAppreciation(enrollmentId: string, text: string) {
    try {
      const answer = await send(endpoints.grades.appreciation, {
        body: { enrollment_id: enrollmentId, subject_id: subjectId, period_id: periodId, text },
      });
      patch(withAppreciation(enrollmentId, text));
      if (!isQueued(answer)) onChanged?.();
    } catch (error) {
      toast.error(t.errors.saveFailed(errorMessage(error)));
      book.reload();
    }
  }

  return {
    book,
    data,
    busy,
    drafts,
    evaluations,
    full,
    draftIn,
    scoreOf,
    averageOf,
    suggestionOf,
    typed,
    addEvaluation,
    saveEvaluation,
    removeEvaluation,
    saveAppreciation,
  };
}
