// The grade book's period (document 2 §2) and, beside it, the periods of the same course where
// drafts (pending or refused) wait: never out of sight, one tap away.
import { useMemo } from 'react';
import { gradebookText as t } from '../../i18n/gradebook';
import type { Period } from '../../../worker/contract/academic-periods';
import { bookKey, type GradeDraft } from './drafts';
import { Picker } from './Picker';
import { Button } from '../../components/Button';
import { RowOptions } from '../../components/Field';

export interface PeriodPickerProps {
  periods: readonly Period[] | null;
  periodId: string;
  onChoose: (periodId: string) => void;
}

export function PeriodPicker({ periods, periodId, onChoose }: PeriodPickerProps) {
  return (
    <Picker label={t.periodLabel} value={periodId} disabled={!periods?.length} onChange={onChoose}>
      {!periodId && <option value="">{t.choosePeriod}</option>}
      {periods && <RowOptions rows={periods} />}
    </Picker>
  );
}

export interface DraftsElsewhereProps {
  course: { yearId: string; className: string; subjectId: string };
  periods: readonly Period[] | null;
  periodId: string;
  /** The account's drafts. */
  drafts: readonly GradeDraft[];
  onChoose: (periodId: string) => void;
}

/** This course's drafts in the other periods, by period, each a button to open it. */
export function DraftsElsewhere({ course, periods, periodId, drafts, onChoose }: DraftsElsewhereProps) {
  const { yearId, className, subjectId } = course;
  const elsewhere = useMemo(() => {
    const count = new Map<string, number>();
    for (const d of drafts) {
      if (d.body.period_id === periodId) continue;
      if (d.book !== bookKey({ yearId, className, subjectId, periodId: d.body.period_id })) continue;
      count.set(d.body.period_id, (count.get(d.body.period_id) ?? 0) + 1);
    }
    return (periods ?? []).filter((p) => count.has(p.id)).map((p) => ({ period: p, count: count.get(p.id)! }));
  }, [drafts, periods, periodId, yearId, className, subjectId]);
  if (!elsewhere.length) return null;
  return (
    <div className="notice tone-warning gradebook-elsewhere" role="status">
      <p>{t.drafts.elsewhere}</p>
      <ul className="inline-list">
        {elsewhere.map(({ period, count }) => (
          <li key={period.id}>
            <Button onClick={() => onChoose(period.id)}>{t.drafts.openPeriod(period.name, count)}</Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
