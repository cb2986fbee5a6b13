// Add-user form (document 1 §2 "Add-user form"): username, password with show/hide and role
// checkboxes with their info buttons; back to /admin/users on success. The password is
// temporary: the new user changes it at first sign-in, within 7 days.
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { updateCachedGet } from '../../api/cache';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { pathOf } from '../../api/route';
import { useWrite } from '../../api/useWrite';
import { ErrorNotice } from '../../components/ErrorNotice';
import { NotLoaded } from '../../components/NotLoaded';
import { InputField } from '../../components/Field';
import { PasswordCriteriaList } from '../../components/PasswordChecks';
import { PasswordField } from '../../components/PasswordInput';
import { RoleChecklist } from '../../components/RoleChecklist';
import { SubmitButton } from '../../components/SubmitButton';
import { adminServerText, adminText } from '../../i18n/admin';
import type { SchoolUser as UserRow } from '../../../worker/contract/users';
import { isStrongPassword } from '../../../worker/domain/password-policy';
import { cleanText } from '../../../worker/domain/text';
import { isUsername } from '../../../worker/domain/users';
import '../admin-users/users.css';
import '../login/auth.css';

const t = adminText.addUser;
const rules = adminServerText.users;

export function AddUserPage() {
  const navigate = useNavigate();
  const roles = useRead(endpoints.roles.list, {});
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { write, busy } = useWrite();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = cleanText(username);
    if (!name) return setError(rules.usernameRequired);
    if (!isUsername(name)) return setError(rules.usernameInvalid);
    if (!isStrongPassword(password)) return setError(rules.passwordWeak);
    if (selected.length === 0) return setError(rules.roleRequired);
    setError(null);
    const outcome = await write(
      endpoints.users.register,
      { body: { username: name, password, roleIds: selected } },
      { success: (answer) => answer.message },
    );
    if (outcome?.queued) {
      // The user list, opened next, shows the account waiting to be created.
      const held = (roles.data ?? []).filter((r) => selected.includes(r.id)).map((r) => ({ id: r.id, name: r.name }));
      void updateCachedGet<UserRow[]>(pathOf(endpoints.users.list), (list) => [
        ...list,
        { id: crypto.randomUUID(), username: name, role: 'standard', status: 'temporary_password', roles: held },
      ]);
    }
    if (outcome) navigate('/admin/users');
  }

  return (
    <main className="page">
      <p>
        <Link to="/admin/users">← {adminText.users.title}</Link>
      </p>
      <form className="card add-user-form" onSubmit={submit} noValidate>
        <h1>{t.title}</h1>
        <ErrorNotice message={error} />
        <InputField
          label={t.username}
          autoComplete="off"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          maxLength={50}
        />
        <PasswordField
          label={t.password}
          hint={t.passwordHint}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordCriteriaList password={password} />
        <p className="muted small">{t.rolesHint}</p>
        {!roles.data && <NotLoaded error={roles.error} />}
        {roles.data && <RoleChecklist roles={roles.data} selected={selected} onChange={setSelected} legend={t.roles} />}
        <div className="add-user-actions">
          <SubmitButton busy={busy} busyLabel={t.submitting}>
            {t.submit}
          </SubmitButton>
          <Link to="/admin/users" className="btn btn-secondary">
            {t.cancel}
          </Link>
        </div>
      </form>
    </main>
  );
}
