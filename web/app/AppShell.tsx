// The root of every route: toasts, connectivity notices, session expiry, inactivity guard,
// and the maintenance screen that replaces the app when the platform is down for work.
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Toasts } from '../components/Toasts';
import { toast } from '../components/toast';
import { shellText } from '../i18n/shell';
import { on } from '../session/events';
import { signOut } from '../session/logout';
import { useSession } from '../session/session';
import { InactivityGuard } from './InactivityGuard';
import { MaintenanceGate } from './MaintenanceGate';
import { ServiceWorkerBridge } from './ServiceWorkerBridge';

function useConnectivityNotices() {
  useEffect(() => {
    const online = () => toast.success(shellText.status.backOnline);
    const offline = () => toast.warning(shellText.status.nowOffline);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, []);
}

function useSessionExpiry() {
  const navigate = useNavigate();
  useEffect(
    () =>
      on('session-expired', () => {
        toast.warning(shellText.session.expired);
        void signOut(navigate);
      }),
    [navigate],
  );
}

export function AppShell() {
  const session = useSession();
  useConnectivityNotices();
  useSessionExpiry();
  return (
    <>
      <MaintenanceGate>
        <Outlet />
        {session && <InactivityGuard />}
      </MaintenanceGate>
      <ServiceWorkerBridge />
      <Toasts />
    </>
  );
}
