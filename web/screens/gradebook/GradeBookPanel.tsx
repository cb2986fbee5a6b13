// The grade book of one class and subject (document 2 §2 'Grade book', §4 'Grade entry', §5,
// §9): the period, a table of students by evaluation with score inputs (step 0.01), each
// student's average in percent (red below 50) and an appreciation saved 1.5 s after typing; add
// an evaluation (local until its first grade; 'Limite atteinte' when the set reaches the
// subject's max), edit and delete one; print the selected students. Scores go through the
// drafts (drafts.ts): kept on the phone at once, sent when the network allows. The pieces: the
// period (PeriodPicker), one period's book (Book, its data in useBook), its table (BookTable),
// the drafts' status (DraftsStatus), the evaluation forms (EvaluationForms), the print (printBook).
import { useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { ErrorNotice } from '../../components/ErrorNotice';
import { gradebookText as t } from '../../i18n/gradebook';
import { currentPeriodId, schoolToday } from '../../../worker/domain/grades';
import { Book } from './Book';
import { useGradeDrafts } from './drafts';
import { DraftsElsewhere, PeriodPicker } from './PeriodPicker';
import './gradebook.css';

export interface GradeBookProps {
  yearId: string;
  className: string;
  subjectId: string;
  subjectName: string;
  /** The period shown first (default: the period under way, else the year's first). */
  periodId?: string;
  /** Told after a change lands (the report cards reload). */
  onChanged?: () => void;
}

export function GradeBookPanel({ yearId, className, subjectId, subjectName, onChanged, ...props }: GradeBookProps) {
  const periods = useRead(endpoints.periods.list, { query: { yearId } });
  const [chosen, setPeriodId] = useState<string>(props.periodId ?? '');
  // Until one is chosen, the period under way (by its start date, the school's today), else the
  // year's first: derived, not set by an effect, so that a choice made as the list arrives is
  // never overwritten by the default (found by the e2e under load).
  const periodId = chosen || (periods.data ? (currentPeriodId(periods.data, schoolToday()) ?? '') : '');
  const allDrafts = useGradeDrafts();

  return (
    <div className="gradebook">
      <PeriodPicker periods={periods.data} periodId={periodId} onChoose={setPeriodId} />
      <DraftsElsewhere
        course={{ yearId, className, subjectId }}
        periods={periods.data}
        periodId={periodId}
        drafts={allDrafts}
        onChoose={setPeriodId}
      />
      {periods.error && <ErrorNotice message={periods.error} />}
      {periods.data && !periods.data.length && <p className="muted">{t.noPeriods}</p>}
      {periodId && (
        <Book
          key={periodId}
          yearId={yearId}
          className={className}
          subjectId={subjectId}
          subjectName={subjectName}
          periodId={periodId}
          periodName={periods.data?.find((p) => p.id === periodId)?.name ?? ''}
          allDrafts={allDrafts}
          {...(onChanged ? { onChanged } : {})}
        />
      )}
    </div>
  );
}
