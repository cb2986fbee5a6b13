// One period of the grade book: the subject's max grade, the drafts' status, the form to add an
// evaluation, the table, 'Imprimer' for the selected students, and the dialogs to change or
// delete an evaluation. The data and what the teacher does to it live in useBook.
import { useState } from 'react';
import { Button } from '../../components/Button';
import { useConfirmation } from '../../components/ConfirmDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { gradebookText as t } from '../../i18n/gradebook';
import { useSchool } from '../../layouts/school';
import type { BookEvaluation } from '../../../worker/contract/grades';
import { formatPoints } from '../../../worker/domain/grades';
import { studentName } from './book';
import { BookTable } from './BookTable';
import type { GradeDraft } from './drafts';
import { DraftsStatus } from './DraftsStatus';
import { AddEvaluation, EditEvaluation } from './EvaluationForms';
import { printBook } from './printBook';
import { type BookPlace, useBook } from './useBook';

export interface BookProps extends BookPlace {
  subjectName: string;
  periodName: string;
  /** The account's drafts (the panel holds the one subscription). */
  allDrafts: readonly GradeDraft[];
  onChanged?: () => void;
}

export function Book({ subjectName, periodName, allDrafts, onChanged, ...place }: BookProps) {
  const { school, selectedYear } = useSchool();
  const state = useBook(place, allDrafts, onChanged);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<BookEvaluation | null>(null);
  const { book, data, busy } = state;
  // Closed at once: the grade book shows the evaluation gone while the delete goes.
  const removing = useConfirmation(
    (evaluation: BookEvaluation) => ({
      title: t.remove.title,
      confirmLabel: t.remove.confirm,
      body: <p>{t.remove.body(evaluation.name)}</p>,
    }),
    async (evaluation: BookEvaluation) => void state.removeEvaluation(evaluation),
  );

  if (book.error && !data) return <ErrorNotice message={book.error} />;
  if (!data) return <p className="muted">{t.loading}</p>;

  const nameOf = (enrollmentId: string) => {
    const s = data.students.find((x) => x.enrollment_id === enrollmentId);
    return s ? studentName(s) : enrollmentId;
  };
  const print = () =>
    printBook({
      school,
      yearName: selectedYear?.name ?? '',
      className: place.className,
      subjectName,
      periodName,
      students: data.students.filter((s) => selected.has(s.enrollment_id)),
      state,
    });

  return (
    <>
      <p className="muted small">{t.maxGrade(formatPoints(data.maxGrade))}</p>
      <DraftsStatus drafts={state.drafts} nameOf={nameOf} />
      <AddEvaluation full={state.full} onAdd={state.addEvaluation} />
      {data.students.length === 0 ? (
        <p className="muted">{t.noStudents}</p>
      ) : (
        <BookTable
          state={state}
          students={data.students}
          selected={selected}
          setSelected={setSelected}
          onEdit={setEditing}
          onRemove={removing.ask}
        />
      )}
      <div className="gradebook-footer">
        <Button onClick={print}>{t.print.button}</Button>
      </div>
      {editing && (
        <EditEvaluation
          evaluation={editing}
          busy={busy}
          onSave={state.saveEvaluation}
          onClose={() => setEditing(null)}
        />
      )}
      {removing.dialog}
    </>
  );
}
