// Security tab: the signed-in user's password change (document 2 §2 "Password change form", §5),
// with the live criteria checklist; the fresh token of the answer replaces the session's. Below
// it, one's signed-in devices (decision 314). Every account's Sécurité: the administration's and a
// teacher's tab, the pupil's and the other accounts' page (screens/security).
import { type FormEvent, useState } from 'react';
import { send } from '../../../api/calls';
import { ApiError, isQueued, NetworkError } from '../../../api/client';
import { endpoints } from '../../../api/endpoints';
import { ErrorNotice } from '../../../components/ErrorNotice';
import {} from '../../../components/Field';
import { NewPasswordFields } from '../../../components/PasswordChecks';
import { PasswordField } from '../../../components/PasswordInput';
import { SubmitButton } from '../../../components/SubmitButton';
import { toast } from '../../../components/toast';
import { authText } from '../../../i18n/auth';
import { passwordText, securityText } from '../../../i18n/security';
import { acceptSession } from '../../../session/data-key';
import { isStrongPassword } from '../../../../worker/domain/password-policy';
import { DevicesCard } from '../../security/DevicesCard';
import { useTexts } from '../../../session/language';
import '../../login/auth.css';

export function SecurityTab() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useTexts('security', securityText);
  const rules = useTexts('password', passwordText);
  const auth = useTexts('auth', authText);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!current || !next || !confirm) return setError(rules.changeRequired);
    if (next !== confirm) return setError(rules.changeMismatch);
    if (!isStrongPassword(next)) return setError(rules.changeWeak);
    if (next === current) return setError(rules.changeSame);
    if (!navigator.onLine) return setError(auth.login.offline);
    setBusy(true);
    try {
      const sent = await send(endpoints.auth.changePassword, {
        body: { currentPassword: current, newPassword: next },
      });
      const answer = isQueued(sent) ? null : sent;
      // The new password's session and data key: the other devices' sets can no longer be read (decision 320).
      if (answer?.accessToken) await acceptSession(answer);
      toast.success(answer?.message ?? rules.changed);
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (e) {
      setError(
        e instanceof NetworkError ? auth.login.offline : e instanceof ApiError ? e.message : auth.forced.unknownError,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="security-form" onSubmit={submit} noValidate>
        <h2>{t.title}</h2>
        <ErrorNotice message={error} />
        <PasswordField
          label={t.current}
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <NewPasswordFields
          password={next}
          confirm={confirm}
          labels={{ password: t.next, confirm: t.confirm, match: t.match, mismatch: rules.changeMismatch }}
          onPassword={setNext}
          onConfirm={setConfirm}
        />
        <SubmitButton busy={busy} busyLabel={t.submitting}>
          {t.submit}
        </SubmitButton>
      </form>
      <DevicesCard />
    </>
  );
}
