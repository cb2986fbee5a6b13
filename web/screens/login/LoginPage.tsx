// Sign-in (document 1 §2 "Login"): the school's name, username and password, then the
// destination that fits the account. A signed-in user who opens it (the installed app starts
// here) lands on their home at once, online or not. In French or Kreyòl, as the phone chose
// (issue 42): the choice is offered here, and kept with the pupil's account at sign-in.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { read, send } from '../../api/calls';
import { ApiError, errorMessage, NetworkError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { InputField } from '../../components/Field';
import { PasswordField } from '../../components/PasswordInput';
import { SubmitButton } from '../../components/SubmitButton';
import { toast } from '../../components/toast';
import { authText } from '../../i18n/auth';
import { homeOf, signOutNotice, useSession } from '../../session/session';
import { acceptSession } from '../../session/data-key';
import { AuthCard } from './AuthCard';
import { readFirstPaint } from './first-paint';
import type { PublicSchool } from '../../../worker/contract/instance';
import { schoolAccessText } from '../../../worker/contract/texts/school-access';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useTexts } from '../../session/language';
import { chooseBeforeSignIn, languageAtSignIn } from '../../session/language-choice';

export function LoginPage() {
  const session = useSession();
  if (session) return <Navigate to={homeOf(session)} replace />;
  return <SignInForm />;
}

function SignInForm() {
  const navigate = useNavigate();
  const t = useTexts('auth', authText).login;
  const access = useTexts('schoolAccess', schoolAccessText);
  // What was typed (and tapped) in the page's static form before the app started.
  const [early] = useState(readFirstPaint);
  const [school, setSchool] = useState<PublicSchool | null>(null);
  const [schoolRead, setSchoolRead] = useState(false);
  const [username, setUsername] = useState(early?.username ?? '');
  const [password, setPassword] = useState(early?.password ?? '');
  const [busy, setBusy] = useState(Boolean(early?.submitted));
  const [error, setError] = useState<string | null>(null);
  // Why the previous session ended (expired, inactivity), kept across a reload of this tab. A
  // school's suspension or expiry is a state, not an event: the page says it from the school's
  // access as the server answers it now, so a school reactivated meanwhile shows nothing
  // (decision 201); offline, the last answer kept, or the reason kept.
  const [stored] = useState(signOutNotice);
  // Said in the language of the moment it was kept, or of now.
  const lockTexts: readonly string[] = [...Object.values(schoolAccessText), ...Object.values(access)];
  const state = school?.access;
  const lock = state === 'suspended' || state === 'expired' ? access[state] : null;
  const storedLock = stored !== null && lockTexts.includes(stored);
  const notice = lock ?? (storedLock ? (schoolRead && !school ? stored : null) : stored);
  const usernameField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    read(endpoints.instance.publicInfo, {}, { anonymous: true })
      .then(setSchool, () => setSchool(null))
      .finally(() => setSchoolRead(true));
  }, []);

  async function signIn() {
    setError(null);
    const problem = !username.trim() || !password ? t.required : !navigator.onLine ? t.offline : null;
    setBusy(!problem);
    if (problem) return setError(problem);
    try {
      const answer = await send(
        endpoints.auth.login,
        { body: { username: username.trim(), password } },
        { anonymous: true },
      );
      // The session, and the account's set on this phone opened with its data key (decision 320).
      const session = await acceptSession(answer);
      if (!session) throw new Error('token');
      await languageAtSignIn(session, answer.language);
      if (session.status === 'temporary_password') toast.info(t.securityUpdate);
      navigate(homeOf(session), { replace: true });
    } catch (e) {
      setError(
        e instanceof NetworkError ? t.offline : e instanceof ApiError ? e.message : errorMessage(e, t.genericError),
      );
    } finally {
      setBusy(false);
    }
  }

  // The static form's state carries on: its focus, or its tap on 'Se connecter'.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (early?.submitted) void signIn();
    else if (early?.focused === 'username') usernameField.current?.focus();
    else if (early?.focused === 'password') passwordField.current?.focus();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signIn();
  };

  return (
    <AuthCard
      title={t.title}
      intro={t.subtitle}
      error={error}
      onSubmit={submit}
      corner={<LanguageSwitch onChoose={(language) => void chooseBeforeSignIn(language)} />}
      before={
        <>
          <p className="auth-school">{school?.name ?? ''}</p>
          {notice && (
            <p className="notice tone-warning" role="status">
              {notice}
            </p>
          )}
        </>
      }
    >
      {/* The ids are the first-paint form's (first-paint.ts), which this form takes over. */}
      <InputField
        label={t.username}
        id="username"
        ref={usernameField}
        autoComplete="username"
        autoCapitalize="none"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        required
      />
      <PasswordField
        label={t.password}
        id="password"
        ref={passwordField}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <SubmitButton className="auth-submit" busy={busy} busyLabel={t.submitting}>
        {t.submit}
      </SubmitButton>
      <Link to="/" className="auth-back">
        {t.backToLanding}
      </Link>
    </AuthCard>
  );
}
