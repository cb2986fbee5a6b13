// Replace a temporary password (document 1 §2 "Forced password change").
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { send } from '../../api/calls';
import { ApiError, NetworkError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { NewPasswordFields } from '../../components/PasswordChecks';
import { SubmitButton } from '../../components/SubmitButton';
import { toast } from '../../components/toast';
import { authText } from '../../i18n/auth';
import { isStrongPassword } from '../../../worker/domain/password-policy';
import { homeOf, useSession } from '../../session/session';
import { acceptSession } from '../../session/data-key';
import { AuthCard } from '../login/AuthCard';
import { useTexts } from '../../session/language';
import { keepChosenLanguage } from '../../session/language-choice';

export function ForcePasswordChangePage() {
  const session = useSession();
  const navigate = useNavigate();
  const texts = useTexts('auth', authText);
  const t = texts.forced;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!session) return <Navigate to="/" replace />;
  // Home once the password is set: a guardian's too (issue 43), never through a refusal.
  const destination = session.role === 'student' ? '/student' : homeOf({ ...session, status: 'active' });
  if (session.status === 'active') return <Navigate to={destination} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!password || !confirm) return setError(t.required);
    if (password !== confirm) return setError(t.mismatch);
    if (!isStrongPassword(password)) return setError(t.weak);
    if (!navigator.onLine) return setError(texts.login.offline);
    setBusy(true);
    try {
      const body = { newPassword: password };
      const answer =
        session!.role === 'student'
          ? await send(endpoints.auth.studentForcedChange, { body })
          : await send(endpoints.auth.forcedChange, { body });
      const renewed = answer?.accessToken ? await acceptSession(answer) : null;
      if (!renewed) return setError(t.invalidResponse);
      // The language chosen on the sign-in page goes to the account now that it may write.
      await keepChosenLanguage(renewed);
      toast.success(t.success);
      navigate(destination, { replace: true });
    } catch (e) {
      setError(e instanceof NetworkError ? texts.login.offline : e instanceof ApiError ? e.message : t.unknownError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t.title} intro={t.intro} error={error} onSubmit={submit}>
      <NewPasswordFields
        password={password}
        confirm={confirm}
        labels={{ password: t.newPassword, confirm: t.confirm, match: t.match, mismatch: t.mismatch }}
        strength
        onPassword={setPassword}
        onConfirm={setConfirm}
      />
      <SubmitButton className="auth-submit" busy={busy} busyLabel={t.submitting}>
        {t.submit}
      </SubmitButton>
    </AuthCard>
  );
}
