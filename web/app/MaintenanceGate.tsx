// The maintenance screen replaces the app for everyone but superadmins and, except under
// full lockdown, the school admin; / and /login stay visible unless a sign-in failed on it.
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, endMaintenanceStall } from '../api/client';
import { shellText } from '../i18n/shell';
import { type MaintenanceEvent, on } from '../session/events';
import type { Maintenance } from '../../worker/contract/platform';
import { signOut } from '../session/logout';
import { isPlatform, useSession } from '../session/session';
import './maintenance.css';

const POLL_MS = 20_000;

export function MaintenanceGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<MaintenanceEvent | null>(null);
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(
    () =>
      on('maintenance', (detail) =>
        setState((s) => ({ ...detail, fromLogin: detail.fromLogin || Boolean(s?.fromLogin) })),
      ),
    [],
  );

  // While the screen is up, ask the platform whether the work is over.
  useEffect(() => {
    if (!state) return;
    const timer = setInterval(async () => {
      try {
        const current = await api.get<Maintenance>('/maintenance', { anonymous: true });
        if (!current.active) {
          setState(null);
          endMaintenanceStall();
        }
      } catch {
        // Still unreachable: keep the screen.
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [state]);

  const exempt = session && (isPlatform(session) || (session.role === 'admin' && state?.level !== 'full_lockdown'));
  const publicPage = pathname === '/' || pathname === '/login';
  if (!state || exempt || (publicPage && !state.fromLogin)) return children;

  return (
    <main className="maintenance" role="alert">
      <div className="card maintenance-card">
        <svg
          width="48"
          height="48"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
        >
          <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
        </svg>
        <h1>{shellText.maintenance.title}</h1>
        <p>{state.message || shellText.maintenance.fallback}</p>
        {state.level === 'full_lockdown' && <p className="muted">{shellText.maintenance.lockdown}</p>}
        {session && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={async () => {
              setState((s) => (s ? { ...s, fromLogin: false } : s));
              await signOut(navigate);
            }}
          >
            {shellText.maintenance.switchUser}
          </button>
        )}
      </div>
    </main>
  );
}
