// Route guards (document 1 §2): a signed-out user failing a guard is sent to / (or to /login after
// signing out); a signed-in user who opens another area's address is sent to their own home
// (a student opening /dashboard lands on /student, decision 101); a missing permission sends to
// /dashboard; a temporary password to /force-password-change from any other page. Every refusal
// of a signed-in user says why, in French, on arrival (a toast; decision 200).
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from '../components/toast';
import { shellText } from '../i18n/shell';
import { PERMISSIONS } from '../../worker/domain/permissions';
import { hasPermission, homeOf, isPlatform, type Session, useSession, wasSignedOut } from './session';
import { textsNow } from './language';

/** 'workspace': the accounts of the staff layout (staff, teachers, platform), not students. */
export type Area =
  'authenticated' | 'workspace' | 'staff' | 'admin' | 'teacher' | 'student' | 'superadmin' | 'guardian';

const inArea: Record<Area, (s: Session) => boolean> = {
  authenticated: () => true,
  workspace: (s) => s.role !== 'student' && s.role !== 'guardian',
  staff: (s) => s.role === 'admin' || s.role === 'standard',
  admin: (s) => hasPermission(s, 'user:manage') && !isPlatform(s),
  teacher: (s) => s.role === 'teacher' || s.role === 'admin',
  student: (s) => s.role === 'student' || s.role === 'admin',
  superadmin: (s) => isPlatform(s),
  guardian: (s) => s.role === 'guardian',
};

/** Whether a signed-in account may open what a guard protects (its area and permission). */
export const canEnter = (session: Session, area: Area, permission?: string) =>
  inArea[area](session) && (!permission || hasPermission(session, permission));

/** Why a signed-in account may not open what a guard protects (its area first, then its permission). */
function refusal(area: Exclude<Area, 'authenticated'>, permission: string | undefined, session: Session) {
  const refused = textsNow('shell', shellText).refused;
  if (!inArea[area](session)) return refused[area];
  const label = PERMISSIONS.find((p) => p.key === permission)?.description ?? permission ?? '';
  return refused.permission(label);
}

/** Sends elsewhere and says why once there (the toasts live in the app shell, above every route). */
function Refused({ to, reason }: { to: string; reason: string }) {
  useEffect(() => toast.warning(reason), [reason]);
  return <Navigate to={to} replace />;
}

/**
 * `quiet`: an account outside the area goes to its own home without a word, as anyone signed in
 * who opens /dashboard (the office's home): the address every sign-in path of the spec names.
 */
export function Guard({ area, permission, quiet }: { area: Area; permission?: string; quiet?: boolean }) {
  const session = useSession();
  const { pathname } = useLocation();
  // Signed out from this page: the sign-in page; never signed in: the landing page.
  if (!session) return <Navigate to={wasSignedOut() ? '/login' : '/'} replace />;
  if (session.status === 'temporary_password' && pathname !== '/force-password-change') {
    return <Navigate to="/force-password-change" replace />;
  }
  if (area !== 'authenticated' && !canEnter(session, area, permission)) {
    if (quiet) return <Navigate to={homeOf(session)} replace />;
    const reason = refusal(area, permission, session);
    return <Refused to={inArea[area](session) ? '/dashboard' : homeOf(session)} reason={reason} />;
  }
  return <Outlet />;
}
