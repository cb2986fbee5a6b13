// Periods tab: the periods of a chosen year (a year must be selected to add one).
import { useId, useState } from 'react';
import { api, type Queued } from '../../../api/client';
import { useApi } from '../../../api/useApi';
import { patchData, settled, submitWrite, type WriteOutcome } from '../../../api/write';
import { adminServerText, adminText } from '../../../i18n/admin';
import { offlineText } from '../../../i18n/offline';
import { useSchool } from '../../../layouts/school';
import { EditableList } from '../EditableList';
import type { Period, SavedPeriod } from '../../../../worker/contract/academic-periods';
import type { Message } from '../../../../worker/contract/endpoint';


const t = adminText.periods;
const done = adminServerText.periods;

export function PeriodsTab() {
  const { years, selectedYear } = useSchool();
  const yearSelect = useId();
  const [yearId, setYearId] = useState(selectedYear?.id ?? '');
  const path = yearId ? `/academic-periods?yearId=${encodeURIComponent(yearId)}` : null;
  const state = useApi<Period[]>(path);
  const patch = (update: (list: Period[]) => Period[]) => path && patchData(state, path, update);

  const ok = (outcome: WriteOutcome<unknown>) => settled(outcome, state.reload);

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
        <EditableList<Period>
          items={state.data}
          error={state.error}
          newLabel={t.newPeriod}
          emptyText={t.empty}
          renameLabel={t.rename}
          deleteTitle={t.deleteTitle}
          deleteWarning={t.deleteWarning}
          onAdd={async (name) =>
            ok(
              await submitWrite(api.post<SavedPeriod | Queued>('/academic-periods', { name, year_id: yearId }), {
                success: done.added,
                queued: offlineText.queued.action,
                offline: () => patch((list) => [...list, { id: crypto.randomUUID(), year_id: yearId, name }]),
              }),
            )
          }
          onSave={async (period, name) =>
            ok(
              await submitWrite(api.put<SavedPeriod | Queued>(`/academic-periods/${period.id}`, { name, year_id: period.year_id }), {
                success: done.updated,
                queued: offlineText.queued.modification,
                offline: () => patch((list) => list.map((p) => (p.id === period.id ? { ...p, name } : p))),
              }),
            )
          }
          onDelete={async (period) =>
            ok(
              await submitWrite(api.delete<Message | Queued>(`/academic-periods/${period.id}`), {
                success: done.deleted,
                queued: offlineText.queued.deletion,
                offline: () => patch((list) => list.filter((p) => p.id !== period.id)),
              }),
            )
          }
        />
      )}
    </>
  );
}
