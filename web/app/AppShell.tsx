// The root of every route: the progress bar, toasts, connectivity notices, session expiry,
// inactivity guard, and the maintenance screen that replaces the app when the platform is down
// for work.
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { NoticeArea, Toasts } from '../components/Toasts';
import { toast } from '../components/toast';
import { shellText } from '../i18n/shell';
import { isOnline, onConnectivityChange } from '../session/connectivity';
import { on } from '../session/events';
import { signOut } from '../session/logout';
import { useSession } from '../session/session';
import { textsNow } from '../session/language';
import { InactivityGuard } from './InactivityGuard';
import { MaintenanceGate } from './MaintenanceGate';
import { RouteProgress } from './RouteProgress';
import { ServiceWorkerBridge } from './ServiceWorkerBridge';

function useConnectivityNotices() {
  useEffect(
    () =>
      onConnectivityChange(() => {
        const t = textsNow('shell', shellText).status;
        if (isOnline()) toast.success(t.backOnline);
        else toast.warning(t.nowOffline);
      }),
    [],
  );
}

function useSessionExpiry() {
  const navigate = useNavigate();
  useEffect(
    () =>
      on('session-expired', (reason) => {
        void signOut(navigate, reason ?? textsNow('shell', shellText).session.expired);
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
      <RouteProgress />
      <MaintenanceGate>
        <Outlet />
        {session && <InactivityGuard />}
      </MaintenanceGate>
      <NoticeArea>
        <ServiceWorkerBridge />
        <Toasts />
      </NoticeArea>
    </>
  );
}
