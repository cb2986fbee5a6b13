// The grade book's table (document 2 §2, §4): a row per student (a box to select them for
// printing), a column per evaluation (its max, ✎ to change it, ✕ to delete it), each score's
// cell, the student's average in percent (red below 50) and their appreciation.
import type { Dispatch, SetStateAction } from 'react';
import { gradebookText as t } from '../../i18n/gradebook';
import type { BookEvaluation, BookStudent } from '../../../worker/contract/grades';
import { formatPoints, isBelowHalf } from '../../../worker/domain/grades';
import { AppreciationInput } from './AppreciationInput';
import { percentText, studentName } from './book';
import { ScoreInput } from './ScoreInput';
import type { BookState } from './useBook';
import { toggled } from '../../components/selection';

export interface BookTableProps {
  state: BookState;
  students: readonly BookStudent[];
  selected: ReadonlySet<string>;
  setSelected: Dispatch<SetStateAction<Set<string>>>;
  onEdit: (e: BookEvaluation) => void;
  onRemove: (e: BookEvaluation) => void;
}

export function BookTable({ state, students, selected, setSelected, onEdit, onRemove }: BookTableProps) {
  const allSelected = students.length > 0 && students.every((s) => selected.has(s.enrollment_id));
  const toggle = (enrollmentId: string) => setSelected((set) => toggled(set, enrollmentId));
  return (
    <div className="gradebook-scroll">
      <table className="gradebook-table">
        <thead>
          <tr>
            <th className="gradebook-student">
              <label className="gradebook-check">
                <input
                  type="checkbox"
                  checked={allSelected}
                  aria-label={t.selectAll}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(students.map((s) => s.enrollment_id)))}
                />
                {t.student}
              </label>
            </th>
            {state.evaluations.map((e) => (
              <EvaluationHead key={e.id} evaluation={e} onEdit={onEdit} onRemove={onRemove} />
            ))}
            <th>{t.average}</th>
            <th className="gradebook-appreciation">{t.appreciation}</th>
          </tr>
        </thead>
        <tbody>
          {students.map((s) => (
            <StudentRow
              key={s.enrollment_id}
              state={state}
              student={s}
              selected={selected.has(s.enrollment_id)}
              onToggle={() => toggle(s.enrollment_id)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EvaluationHead({
  evaluation: e,
  onEdit,
  onRemove,
}: {
  evaluation: BookEvaluation;
  onEdit: (e: BookEvaluation) => void;
  onRemove: (e: BookEvaluation) => void;
}) {
  return (
    <th className="gradebook-evaluation">
      <span className="gradebook-evaluation-name">{e.name}</span>
      <span className="muted small">{t.outOf(formatPoints(e.max_score))}</span>
      <span className="gradebook-evaluation-actions">
        <IconButton label={t.edit.label(e.name)} icon="✎" onClick={() => onEdit(e)} />
        <IconButton label={t.remove.label(e.name)} icon="✕" onClick={() => onRemove(e)} />
      </span>
    </th>
  );
}

/** A button shown as its sign, named (and titled) by its label. */
function IconButton({ label, icon, onClick }: { label: string; icon: string; onClick: () => void }) {
  return (
    <button type="button" className="btn-icon" aria-label={label} title={label} onClick={onClick}>
      {icon}
    </button>
  );
}

function StudentRow({
  state,
  student: s,
  selected,
  onToggle,
}: {
  state: BookState;
  student: BookStudent;
  selected: boolean;
  onToggle: () => void;
}) {
  const average = state.averageOf(s.enrollment_id);
  const name = studentName(s);
  return (
    <tr>
      <th scope="row" className="gradebook-student">
        <label className="gradebook-check">
          <input type="checkbox" checked={selected} aria-label={t.select(name)} onChange={onToggle} />
          {name}
        </label>
      </th>
      {state.evaluations.map((e) => (
        <td key={e.id}>
          <ScoreInput
            label={t.scoreOf(name, e.name, formatPoints(e.max_score))}
            max={e.max_score}
            value={state.scoreOf(e.id, s.enrollment_id)}
            draft={state.draftIn(e.id, s.enrollment_id)}
            onTyped={(score) => state.typed(e, s.enrollment_id, score)}
          />
        </td>
      ))}
      <td
        className={average !== null && isBelowHalf(average) ? 'gradebook-average gradebook-low' : 'gradebook-average'}
      >
        {average === null ? '-' : percentText(average)}
      </td>
      <td className="gradebook-appreciation">
        <AppreciationInput
          label={t.appreciationOf(name)}
          suggestion={state.suggestionOf(s.enrollment_id)}
          value={state.data?.appreciationsByEnrollment[s.enrollment_id] ?? ''}
          onSave={(text) => state.saveAppreciation(s.enrollment_id, text)}
        />
      </td>
    </tr>
  );
}
