// The maintenance screen replaces the app for everyone but superadmins and, except under
// full lockdown, the school admin; / and /login stay visible unless a sign-in failed on it.
// It comes up on the maintenance event (a 503 answer) or, for a page left open that calls
// nothing, when its poll of the platform's state finds maintenance on (decision 170).
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { read } from '../api/calls';
import { endMaintenanceStall } from '../api/client';
import { endpoints } from '../api/endpoints';
import { shellText } from '../i18n/shell';
import { emit, type MaintenanceEvent, on } from '../session/events';
import { MAINTENANCE_POLL_MS as POLL_MS } from '../../worker/domain/maintenance';
import { signOut } from '../session/logout';
import { isPlatform, useSession } from '../session/session';
import { useTexts } from '../session/language';
import { Button } from '../components/Button';
import { LineIcon } from '../components/LineIcon';
import './maintenance.css';

const currentState = () => read(endpoints.platform.maintenance, {}, { anonymous: true });

export function MaintenanceGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<MaintenanceEvent | null>(null);
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const t = useTexts('shell', shellText).maintenance;

  useEffect(
    () =>
      on('maintenance', (detail) =>
        setState((s) => ({ ...detail, fromLogin: detail.fromLogin || Boolean(s?.fromLogin) })),
      ),
    [],
  );

  // While the screen is up, ask the platform whether the work is over (or its message changed).
  const up = state !== null;
  useEffect(() => {
    if (!up) return;
    const timer = setInterval(async () => {
      try {
        const current = await currentState();
        if (!current.active) {
          setState(null);
          endMaintenanceStall();
        } else {
          setState((s) => s && { ...s, message: current.message, level: current.level });
        }
      } catch {
        // Still unreachable: keep the screen.
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [up]);

  // A signed-in page that calls nothing would never get a 503: while it is shown, it asks the
  // platform's state itself (a 304 while nothing changes). Platform accounts are never stopped.
  const publicPage = pathname === '/' || pathname === '/login';
  const watch = !up && !publicPage && session !== null && !isPlatform(session);
  useEffect(() => {
    if (!watch) return;
    const check = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const current = await currentState();
        if (current.active) emit('maintenance', { message: current.message, level: current.level, fromLogin: false });
      } catch {
        // Unreachable: the next call or poll tells.
      }
    };
    const timer = setInterval(() => void check(), POLL_MS);
    // A page brought back to the screen asks at once.
    const onVisible = () => void check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [watch]);

  const exempt = session && (isPlatform(session) || (session.role === 'admin' && state?.level !== 'full_lockdown'));
  if (!state || exempt || (publicPage && !state.fromLogin)) return children;

  return (
    <main className="maintenance" role="alert">
      <div className="card maintenance-card">
        <LineIcon size={48} stroke={1.8}>
          <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
        </LineIcon>
        <h1>{t.title}</h1>
        <p>{state.message || t.fallback}</p>
        {state.level === 'full_lockdown' && <p className="muted">{t.lockdown}</p>}
        {session && (
          <Button
            onClick={async () => {
              setState((s) => (s ? { ...s, fromLogin: false } : s));
              await signOut(navigate);
            }}
          >
            {t.switchUser}
          </Button>
        )}
      </div>
    </main>
  );
}
