// Security tab: the signed-in user's password change (document 2 §2 "Password change form", §5),
// with the live criteria checklist; the fresh token of the answer replaces the session's.
import { type FormEvent, useState } from 'react';
import { api, ApiError, NetworkError } from '../../../api/client';
import { PasswordCriteriaList } from '../../../components/PasswordChecks';
import { PasswordInput } from '../../../components/PasswordInput';
import { toast } from '../../../components/toast';
import { adminText } from '../../../i18n/admin';
import { authText } from '../../../i18n/auth';
import { serverText } from '../../../i18n/server';
import { setSessionToken } from '../../../session/session';
import { isStrongPassword } from '../../../../worker/domain/password-policy';
import '../../login/auth.css';

const t = adminText.security;
const rules = serverText.password;

export function SecurityTab() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!current || !next || !confirm) return setError(rules.changeRequired);
    if (next !== confirm) return setError(rules.changeMismatch);
    if (!isStrongPassword(next)) return setError(rules.changeWeak);
    if (next === current) return setError(rules.changeSame);
    if (!navigator.onLine) return setError(authText.login.offline);
    setBusy(true);
    try {
      const answer = await api.put<{ message: string; accessToken?: string }>('/user/change-password', {
        currentPassword: current,
        newPassword: next,
      });
      if (answer?.accessToken) setSessionToken(answer.accessToken);
      toast.success(answer?.message ?? rules.changed);
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (e) {
      setError(e instanceof NetworkError ? authText.login.offline : e instanceof ApiError ? e.message : authText.forced.unknownError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="security-form" onSubmit={submit} noValidate>
      <h2>{t.title}</h2>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor="current-password">{t.current}</label>
        <PasswordInput id="current-password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="next-password">{t.next}</label>
        <PasswordInput id="next-password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
        <PasswordCriteriaList password={next} />
      </div>
      <div className="field">
        <label htmlFor="confirm-next-password">{t.confirm}</label>
        <PasswordInput id="confirm-next-password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        {confirm && (
          <span className={next === confirm ? 'hint-ok' : 'hint-error'} aria-live="polite">
            {next === confirm ? t.match : rules.changeMismatch}
          </span>
        )}
      </div>
      <button type="submit" className="btn" disabled={busy}>
        {busy ? t.submitting : t.submit}
      </button>
    </form>
  );
}
