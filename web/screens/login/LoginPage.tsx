// Sign-in (document 1 §2 "Login"): the school's name, username and password, then the
// destination that fits the account.
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, ApiError, errorMessage, NetworkError } from '../../api/client';
import { PasswordInput } from '../../components/PasswordInput';
import { toast } from '../../components/toast';
import { authText } from '../../i18n/auth';
import { homeOf, setSessionToken, signOutNotice } from '../../session/session';
import { AuthCard } from './AuthCard';

const t = authText.login;

export function LoginPage() {
  const navigate = useNavigate();
  const [schoolName, setSchoolName] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Why the previous session ended (expired, inactivity), kept across a reload of this tab.
  const [notice] = useState(signOutNotice);

  useEffect(() => {
    api
      .get<{ name: string }>('/instance/default', { anonymous: true })
      .then((school) => setSchoolName(school.name))
      .catch(() => setSchoolName(''));
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!username.trim() || !password) return setError(t.required);
    if (!navigator.onLine) return setError(t.offline);
    setBusy(true);
    try {
      const { accessToken } = await api.post<{ accessToken: string }>(
        '/login',
        { username: username.trim(), password },
        { anonymous: true },
      );
      const session = setSessionToken(accessToken);
      if (!session) throw new Error('token');
      if (session.status === 'temporary_password') toast.info(t.securityUpdate);
      navigate(homeOf(session), { replace: true });
    } catch (e) {
      setError(e instanceof NetworkError ? t.offline : e instanceof ApiError ? e.message : errorMessage(e, t.genericError));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t.title} intro={t.subtitle} error={error} onSubmit={submit} before={
        <>
          <p className="auth-school">{schoolName}</p>
          {notice && (
            <p className="notice notice-warning" role="status">
              {notice}
            </p>
          )}
        </>
      }>
      <div className="field">
        <label htmlFor="username">{t.username}</label>
        <input
          id="username"
          className="input"
          autoComplete="username"
          autoCapitalize="none"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
        />
      </div>
      <div className="field">
        <label htmlFor="password">{t.password}</label>
        <PasswordInput
          id="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </div>
      <button type="submit" className="btn auth-submit" disabled={busy}>
        {busy ? t.submitting : t.submit}
      </button>
      <Link to="/" className="auth-back">
        {t.backToLanding}
      </Link>
    </AuthCard>
  );
}
