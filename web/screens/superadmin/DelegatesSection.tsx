// The platform's delegates (the superadmin only): create one (its temporary password shown
// once), delete one (its sessions end at once).
import { type FormEvent, useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { useWrite } from '../../api/useWrite';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CredentialsDialog, type Credentials } from '../../components/CredentialsDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { adminServerText } from '../../i18n/admin';
import { platformText } from '../../i18n/platform';
import type { Delegate } from '../../../worker/contract/superadmin';

const t = platformText.delegates;

export function DelegatesSection() {
  const list = useRead(endpoints.superadmin.delegates, {});
  const { write, busy } = useWrite(list);
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [removing, setRemoving] = useState<Delegate | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return setError(adminServerText.users.usernameRequired);
    setError(null);
    const done = await write(
      endpoints.superadmin.createDelegate,
      { body: { username } },
      {
        success: null,
      },
    );
    if (done && !done.queued) {
      setCredentials(done.answer);
      setUsername('');
    }
  };
  const remove = async (delegate: Delegate) => {
    if (
      await write(endpoints.superadmin.deleteDelegate, { params: { id: delegate.id } }, { success: (a) => a.message })
    )
      setRemoving(null);
  };

  return (
    <>
      <h2>{platformText.tabs.delegates}</h2>
      <p className="muted">{t.intro}</p>
      <form className="delegate-form" onSubmit={(e) => void submit(e)} noValidate>
        <ErrorNotice message={error} />
        <Field label={t.username} required>
          {(control) => (
            <input
              {...control}
              className="input"
              value={username}
              maxLength={50}
              autoComplete="off"
              onChange={(e) => setUsername(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? t.adding : t.add}
        </button>
      </form>
      <ErrorNotice message={list.error} />
      {list.data?.length === 0 && <p className="muted">{t.empty}</p>}
      <ul className="plain-list">
        {list.data?.map((d) => (
          <li key={d.id} className="announcement-item" aria-label={d.username}>
            <div>
              <strong>{d.username}</strong> <span className="badge">{t.status[d.status]}</span>
            </div>
            <button type="button" className="btn btn-ghost" onClick={() => setRemoving(d)}>
              {t.delete}
            </button>
          </li>
        ))}
      </ul>
      {removing && (
        <ConfirmDialog
          title={t.deleteTitle(removing.username)}
          confirmLabel={t.delete}
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p>{t.deleteBody}</p>
        </ConfirmDialog>
      )}
      {credentials && (
        <CredentialsDialog
          title={t.credentialsTitle(credentials.username)}
          credentials={credentials}
          onClose={() => setCredentials(null)}
        />
      )}
    </>
  );
}
