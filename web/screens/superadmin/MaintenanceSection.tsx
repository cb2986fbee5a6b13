// The platform's maintenance state (document 1 §4; the superadmin only): its message and level,
// started, changed and ended here; the maintenance screen shows it to everyone it stops.
import { type FormEvent, useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import type { ApiState } from '../../api/useApi';
import { useWrite } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { TextAreaField } from '../../components/Field';
import { SubmitButton } from '../../components/SubmitButton';
import { commonText } from '../../i18n/common';
import { platformText } from '../../i18n/platform';
import type { Maintenance, MaintenanceLevel } from '../../../worker/contract/platform';

const t = platformText.maintenance;

export function MaintenanceSection() {
  const state = useRead(endpoints.platform.maintenance, {});
  const current = state.data;
  return (
    <>
      <h2>{platformText.tabs.maintenance}</h2>
      <p className="muted">{t.intro}</p>
      <ErrorNotice message={state.error} />
      {!current ? (
        <p className="muted">{commonText.loading}</p>
      ) : (
        // The form starts from the state read, and again from each new one.
        <MaintenanceForm key={JSON.stringify(current)} current={current} state={state} />
      )}
    </>
  );
}

function MaintenanceForm({ current, state }: { current: Maintenance; state: ApiState<Maintenance> }) {
  const { write, busy } = useWrite(state);
  const [message, setMessage] = useState(current.message);
  const [level, setLevel] = useState<MaintenanceLevel>(current.level);
  const change = (active: boolean) =>
    write(
      endpoints.platform.setMaintenance,
      { body: { active, message, level } },
      {
        success: active ? t.started : t.stopped,
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void change(true);
  };
  return (
    <>
      <p className={current.active ? 'notice tone-warning' : 'notice tone-info'} role="status">
        {t.state(current.active)}
      </p>
      <form onSubmit={submit} noValidate>
        <TextAreaField
          label={t.message}
          rows={3}
          maxLength={500}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <fieldset className="maintenance-levels">
          <legend>{t.level}</legend>
          {(Object.keys(t.levels) as MaintenanceLevel[]).map((key) => (
            <label key={key} className="radio-line">
              <input type="radio" name="level" value={key} checked={level === key} onChange={() => setLevel(key)} />
              {t.levels[key]}
            </label>
          ))}
        </fieldset>
        <div className="school-actions">
          <SubmitButton look="warning" busy={busy}>
            {current.active ? t.update : t.start}
          </SubmitButton>
          {current.active && (
            <Button look="primary" disabled={busy} onClick={() => void change(false)}>
              {t.stop}
            </Button>
          )}
        </div>
      </form>
    </>
  );
}
