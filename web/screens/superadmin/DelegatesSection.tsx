// The platform's delegates (the superadmin only): create one (its temporary password shown
// once), delete one (its sessions end at once).
import { RemovableList } from './RemovableList';
import { type FormEvent, useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { useWrite } from '../../api/useWrite';
import { CredentialsDialog, type Credentials } from '../../components/CredentialsDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { InputField } from '../../components/Field';
import { SubmitButton } from '../../components/SubmitButton';
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
  const remove = async (delegate: Delegate) =>
    (await write(
      endpoints.superadmin.deleteDelegate,
      { params: { id: delegate.id } },
      { success: (a) => a.message },
    )) !== null;

  return (
    <>
      <h2>{platformText.tabs.delegates}</h2>
      <p className="muted">{t.intro}</p>
      <form className="delegate-form" onSubmit={(e) => void submit(e)} noValidate>
        <ErrorNotice message={error} />
        <InputField
          label={t.username}
          marked
          value={username}
          maxLength={50}
          autoComplete="off"
          onChange={(e) => setUsername(e.target.value)}
        />
        <SubmitButton busy={busy} busyLabel={t.adding}>
          {t.add}
        </SubmitButton>
      </form>
      <ErrorNotice message={list.error} />
      <RemovableList items={list.data} empty={t.empty} name={(d) => d.username} texts={t} remove={remove}>
        {(d) => (
          <>
            <strong>{d.username}</strong> <span className="badge">{t.status[d.status]}</span>
          </>
        )}
      </RemovableList>
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
