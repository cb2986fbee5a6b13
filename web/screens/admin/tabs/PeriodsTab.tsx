// Periods tab: the periods of a chosen year (a year must be selected to add one).
import { useId, useState } from 'react';
import { useApi } from '../../../api/useApi';
import { adminServerText, adminText } from '../../../i18n/admin';
import { useSchool } from '../../../layouts/school';
import { EditableList } from '../EditableList';

interface Period {
  id: string;
  year_id: string;
  name: string;
}

const t = adminText.periods;

export function PeriodsTab() {
  const { years, selectedYear } = useSchool();
  const yearSelect = useId();
  const [yearId, setYearId] = useState(selectedYear?.id ?? '');
  const state = useApi<Period[]>(yearId ? `/academic-periods?yearId=${encodeURIComponent(yearId)}` : null);

  return (
    <>
      <h2>{t.title}</h2>
      <div className="field field-inline">
        <label htmlFor={yearSelect}>{adminText.common.year}</label>
        <select id={yearSelect} className="input" value={yearId} onChange={(e) => setYearId(e.target.value)}>
          <option value="">—</option>
          {years.map((y) => (
            <option key={y.id} value={y.id}>
              {y.name}
            </option>
          ))}
        </select>
      </div>
      {!yearId && <p className="notice notice-info">{years.length ? adminServerText.years.required : adminText.common.noYear}</p>}
      {yearId && (
        <EditableList
          list={state}
          texts={t}
          writes={{
            path: '/academic-periods',
            done: adminServerText.periods,
            scope: { year_id: yearId },
            added: (name) => ({ id: crypto.randomUUID(), year_id: yearId, name }),
          }}
        />
      )}
    </>
  );
}
