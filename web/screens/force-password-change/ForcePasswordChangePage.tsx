// Replace a temporary password (document 1 §2 "Forced password change").
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { api, ApiError, NetworkError } from '../../api/client';
import { PasswordCriteriaList, PasswordStrength } from '../../components/PasswordChecks';
import { PasswordInput } from '../../components/PasswordInput';
import { toast } from '../../components/toast';
import { authText } from '../../i18n/auth';
import { isStrongPassword } from '../../../worker/domain/password-policy';
import { setSessionToken, useSession } from '../../session/session';
import { AuthCard } from '../login/AuthCard';

const t = authText.forced;

export function ForcePasswordChangePage() {
  const session = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!session) return <Navigate to="/" replace />;
  const destination = session.role === 'student' ? '/student' : '/dashboard';
  if (session.status === 'active') return <Navigate to={destination} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!password || !confirm) return setError(t.required);
    if (password !== confirm) return setError(t.mismatch);
    if (!isStrongPassword(password)) return setError(t.weak);
    if (!navigator.onLine) return setError(authText.login.offline);
    setBusy(true);
    try {
      const path = session!.role === 'student' ? '/student/force-change-password' : '/user/force-change-password';
      const answer = await api.put<{ accessToken?: string }>(path, { newPassword: password });
      if (!answer?.accessToken || !setSessionToken(answer.accessToken)) return setError(t.invalidResponse);
      toast.success(t.success);
      navigate(destination, { replace: true });
    } catch (e) {
      setError(e instanceof NetworkError ? authText.login.offline : e instanceof ApiError ? e.message : t.unknownError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t.title} intro={t.intro} error={error} onSubmit={submit}>
      <div className="field">
        <label htmlFor="new-password">{t.newPassword}</label>
        <PasswordInput
          id="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <PasswordStrength password={password} />
        <PasswordCriteriaList password={password} />
      </div>
      <div className="field">
        <label htmlFor="confirm-password">{t.confirm}</label>
        <PasswordInput
          id="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          required
        />
        {confirm && (
          <span className={password === confirm ? 'hint-ok' : 'hint-error'} aria-live="polite">
            {password === confirm ? t.match : t.mismatch}
          </span>
        )}
      </div>
      <button type="submit" className="btn auth-submit" disabled={busy}>
        {busy ? t.submitting : t.submit}
      </button>
    </AuthCard>
  );
}
