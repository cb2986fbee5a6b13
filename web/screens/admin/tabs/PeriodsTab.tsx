// Periods tab: the periods of a chosen year (a year must be selected to add one).
import { useState } from 'react';
import { useRead } from '../../../api/calls';
import { endpoints } from '../../../api/endpoints';
import { SelectField, RowOptions } from '../../../components/Field';
import { adminServerText, adminText } from '../../../i18n/admin';
import { useSchool } from '../../../layouts/school';
import { EditableList } from '../EditableList';

const t = adminText.periods;

export function PeriodsTab() {
  const { years, selectedYear } = useSchool();
  const [yearId, setYearId] = useState(selectedYear?.id ?? '');
  const state = useRead(endpoints.periods.list, yearId ? { query: { yearId } } : null);

  return (
    <>
      <h2>{t.title}</h2>
      <SelectField
        label={adminText.common.year}
        fieldClassName="field-inline"
        value={yearId}
        onChange={(e) => setYearId(e.target.value)}
      >
        <option value="">—</option>
        <RowOptions rows={years} />
      </SelectField>
      {!yearId && (
        <p className="notice tone-info">{years.length ? adminServerText.years.required : adminText.common.noYear}</p>
      )}
      {yearId && <p className="muted small">{t.startDateHint}</p>}
      {yearId && (
        <EditableList
          area="periods"
          calls={endpoints.periods}
          list={state}
          scope={{ year_id: yearId }}
          added={(name) => ({ id: crypto.randomUUID(), year_id: yearId, name, start_date: null })}
        />
      )}
    </>
  );
}
