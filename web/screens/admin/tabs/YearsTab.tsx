// School years tab: the wizard, a manual add, the list with the current badge, 'set as current'
// and delete (not for the current year; the warning says all of the year's data goes).
import { type FormEvent, useState } from 'react';
import { useRead } from '../../../api/calls';
import { endpoints } from '../../../api/endpoints';
import { removal, useWrite } from '../../../api/useWrite';
import { Button } from '../../../components/Button';
import { useConfirmation } from '../../../components/ConfirmDialog';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { SubmitButton } from '../../../components/SubmitButton';
import { adminServerText, adminText } from '../../../i18n/admin';
import { offlineText } from '../../../i18n/offline';
import { useSchool } from '../../../layouts/school';
import { SetupWizardLauncher } from '../../setup-wizard/SetupWizardLauncher';
import type { SchoolYear } from '../../../../worker/contract/school-years';
import { yearNameProblem } from '../../../../worker/domain/setup';

const t = adminText.years;
const done = adminServerText.years;

export function YearsTab() {
  const school = useSchool();
  const state = useRead(endpoints.schoolYears.list, {});
  const [name, setName] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [wizard, setWizard] = useState(false);
  // The school's years (the year menu) follow the change too.
  const refresh = () => {
    state.reload();
    school.reload();
  };
  const { write, busy } = useWrite(state, { reload: refresh });

  async function add(event: FormEvent) {
    event.preventDefault();
    const value = name.trim();
    const problem = yearNameProblem(value);
    if (problem) return setFormError(problem === 'format' ? done.invalidFormat : done.notConsecutive);
    setFormError(null);
    const outcome = await write(
      endpoints.schoolYears.create,
      { body: { name: value } },
      {
        success: done.added,
        offline: (list) =>
          [...list, { id: crypto.randomUUID(), name: value, is_current: list.length === 0 }].sort((a, b) =>
            b.name.localeCompare(a.name),
          ),
      },
    );
    if (outcome) setName('');
  }

  const makeCurrent = (year: SchoolYear) =>
    write(
      endpoints.schoolYears.setCurrent,
      { params: { id: year.id } },
      {
        success: done.madeCurrent,
        queued: offlineText.queued.update,
        offline: (list) => list.map((y) => ({ ...y, is_current: y.id === year.id })),
      },
    );

  const deletion = useConfirmation(
    (year: SchoolYear) => ({
      title: t.deleteTitle(year.name),
      confirmLabel: adminText.common.confirmDelete,
      body: t.deleteWarning,
    }),
    (year: SchoolYear) =>
      write(endpoints.schoolYears.remove, { params: { id: year.id } }, removal(year.id, done.deleted)),
  );

  return (
    <>
      <h2>{t.title}</h2>
      <div className="admin-callout">
        <p>{t.wizardIntro}</p>
        <Button look="primary" onClick={() => setWizard(true)}>
          {t.openWizard}
        </Button>
      </div>
      <form className="toolbar inline-form" onSubmit={add} noValidate>
        <div className="field">
          <label htmlFor="new-year">{t.newYear}</label>
          <input
            id="new-year"
            className="input"
            value={name}
            placeholder="2026-2027"
            inputMode="numeric"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={Boolean(formError)}
            aria-describedby={formError ? 'new-year-error' : undefined}
          />
        </div>
        <SubmitButton busy={busy}>{adminText.common.add}</SubmitButton>
      </form>
      <ErrorNotice message={formError} id="new-year-error" />
      <ErrorNotice message={state.error} />
      {state.data?.length === 0 && <p className="muted">{t.empty}</p>}
      <ul className="bare-list item-list">
        {state.data?.map((year) => (
          <li key={year.id}>
            <span className="item-name">
              {year.name} {year.is_current && <span className="badge badge-current">{t.current}</span>}
            </span>
            {!year.is_current && (
              <span className="item-actions">
                <Button disabled={busy} onClick={() => makeCurrent(year)}>
                  {t.makeCurrent}
                </Button>
                <Button
                  className="danger-text"
                  aria-label={`${adminText.common.delete} ${year.name}`}
                  onClick={() => deletion.ask(year)}
                >
                  {adminText.common.delete}
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {deletion.dialog}
      <SetupWizardLauncher open={wizard} onClose={() => setWizard(false)} onDone={refresh} />
    </>
  );
}
