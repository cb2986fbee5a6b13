// Programme tab: for the selected year and a chosen class, the subjects on the programme with
// their max grade (saved when the field loses focus, only if changed) and the other subjects.
import { type ReactNode, useEffect, useState } from 'react';
import { useRead } from '../../../api/calls';
import { endpoints } from '../../../api/endpoints';
import { useWrite } from '../../../api/useWrite';
import { Button } from '../../../components/Button';
import { ClassSelect } from '../../../components/ClassSelect';
import { toast } from '../../../components/toast';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { adminServerText, adminText } from '../../../i18n/admin';
import { offlineText } from '../../../i18n/offline';
import { formatPlain } from '../../../../worker/domain/format';
import { useSchool } from '../../../layouts/school';
import { parseMaxGrade } from '../../../../worker/domain/setup';
import type { ProgrammeEntry as Entry } from '../../../../worker/contract/curriculum';

const t = adminText.programme;
const done = adminServerText.curriculum;
const shown = formatPlain;

function MaxGrade({ entry, onSave }: { entry: Entry; onSave: (value: number) => Promise<boolean> }) {
  const [text, setText] = useState(shown(entry.max_grade));
  useEffect(() => setText(shown(entry.max_grade)), [entry.max_grade]);
  async function blur() {
    const value = parseMaxGrade(text);
    if (value === null) {
      toast.error(done.invalidMaxGrade);
      return setText(shown(entry.max_grade));
    }
    if (value === entry.max_grade) return;
    if (!(await onSave(value))) setText(shown(entry.max_grade));
  }
  return (
    <input
      className="input max-grade"
      inputMode="decimal"
      aria-label={t.maxGradeOf(entry.subject_name)}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={blur}
    />
  );
}

export function ProgrammeTab() {
  const { selectedYear } = useSchool();
  const classes = useRead(endpoints.classes.list, {});
  const [className, setClassName] = useState('');
  const state = useRead(
    endpoints.curriculum.get,
    selectedYear && className ? { query: { yearId: selectedYear.id, className } } : null,
  );
  const { write, busy } = useWrite(state);

  if (!selectedYear) return <p className="notice tone-info">{adminText.common.noYear}</p>;
  const cell = (subjectId: string) => ({ yearId: selectedYear.id, className, subjectId });

  const assign = (subject: { id: string; name: string }) =>
    write(
      endpoints.curriculum.assign,
      { body: cell(subject.id) },
      {
        success: done.assigned,
        offline: (p) => ({
          assigned: [
            ...p.assigned,
            { id: crypto.randomUUID(), subject_id: subject.id, subject_name: subject.name, max_grade: 100 },
          ],
          available: p.available.filter((s) => s.id !== subject.id),
        }),
      },
    );

  const unassign = (entry: Entry) =>
    write(
      endpoints.curriculum.unassign,
      { body: cell(entry.subject_id) },
      {
        success: done.unassigned,
        queued: offlineText.queued.deletion,
        offline: (p) => ({
          assigned: p.assigned.filter((a) => a.id !== entry.id),
          available: [...p.available, { id: entry.subject_id, name: entry.subject_name }],
        }),
      },
    );

  const saveMaxGrade = async (entry: Entry, value: number) =>
    Boolean(
      await write(
        endpoints.curriculum.setMaxGrade,
        { params: { id: entry.id }, body: { max_grade: value } },
        {
          success: done.maxGradeUpdated,
          queued: offlineText.queued.update,
          offline: (p) => ({
            ...p,
            assigned: p.assigned.map((a) => (a.id === entry.id ? { ...a, max_grade: value } : a)),
          }),
        },
      ),
    );

  return (
    <>
      <h2>{t.title}</h2>
      <p className="muted">
        {adminText.common.year} : <strong>{selectedYear.name}</strong>
      </p>
      {classes.data?.length === 0 ? (
        <p className="notice tone-info">{t.noClasses}</p>
      ) : (
        <ClassSelect
          label={t.class}
          className="field-inline"
          value={className}
          onChange={setClassName}
          classes={classes.data ?? []}
          none={t.chooseClass}
        />
      )}
      <ErrorNotice message={state.error} />
      {state.data && (
        <div className="programme">
          <SubjectList
            list="assigned"
            items={state.data.assigned}
            name={(entry) => entry.subject_name}
            actions={(entry) => (
              <span className="item-actions">
                <span className="muted small">{t.maxGrade}</span>
                <MaxGrade entry={entry} onSave={(value) => saveMaxGrade(entry, value)} />
                <Button
                  className="danger-text"
                  aria-label={t.removeOf(entry.subject_name)}
                  disabled={busy}
                  onClick={() => unassign(entry)}
                >
                  {t.remove}
                </Button>
              </span>
            )}
          />
          <SubjectList
            list="available"
            items={state.data.available}
            name={(subject) => subject.name}
            actions={(subject) => (
              <Button aria-label={t.assignOf(subject.name)} disabled={busy} onClick={() => assign(subject)}>
                {t.assign}
              </Button>
            )}
          />
        </div>
      )}
    </>
  );
}

/** One of the two lists of the programme: its title, 'none' when empty, a row a subject with its actions. */
function SubjectList<S extends { id: string }>({
  list,
  items,
  name,
  actions,
}: {
  list: 'assigned' | 'available';
  items: readonly S[];
  name: (item: S) => string;
  actions: (item: S) => ReactNode;
}) {
  return (
    <section aria-labelledby={`${list}-title`}>
      <h3 id={`${list}-title`}>{t[list]}</h3>
      {items.length === 0 && <p className="muted">{list === 'assigned' ? t.noneAssigned : t.noneAvailable}</p>}
      <ul className="bare-list item-list">
        {items.map((item) => (
          <li key={item.id}>
            <span className="item-name">{name(item)}</span>
            {actions(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}
