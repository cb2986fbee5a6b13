// Route guards (document 1 §2): a signed-out user failing a guard is sent to / (or to /login after
// signing out); a signed-in user who opens another area's address is sent to their own home
// (a student opening /dashboard lands on /student, decision 101); a missing permission sends to
// /dashboard; a temporary password to /force-password-change from any other page.
import { Navigate, Outlet, useLocation } from 'react-router';
import { hasPermission, homeOf, isPlatform, type Session, useSession, wasSignedOut } from './session';

/** 'workspace': the accounts of the staff layout (staff, teachers, platform), not students. */
export type Area = 'authenticated' | 'workspace' | 'staff' | 'admin' | 'teacher' | 'student' | 'superadmin';

const inArea: Record<Area, (s: Session) => boolean> = {
  authenticated: () => true,
  workspace: (s) => s.role !== 'student',
  staff: (s) => s.role === 'admin' || s.role === 'standard',
  admin: (s) => hasPermission(s, 'user:manage') && !isPlatform(s),
  teacher: (s) => s.role === 'teacher' || s.role === 'admin',
  student: (s) => s.role === 'student' || s.role === 'admin',
  superadmin: (s) => isPlatform(s),
};

/** Whether a signed-in account may open what a guard protects (its area and permission). */
export const canEnter = (session: Session, area: Area, permission?: string) =>
  inArea[area](session) && (!permission || hasPermission(session, permission));

export function Guard({ area, permission }: { area: Area; permission?: string }) {
  const session = useSession();
  const { pathname } = useLocation();
  // Signed out from this page: the sign-in page; never signed in: the landing page.
  if (!session) return <Navigate to={wasSignedOut() ? '/login' : '/'} replace />;
  if (session.status === 'temporary_password' && pathname !== '/force-password-change') {
    return <Navigate to="/force-password-change" replace />;
  }
  if (!inArea[area](session)) return <Navigate to={homeOf(session)} replace />;
  if (permission && !hasPermission(session, permission)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
