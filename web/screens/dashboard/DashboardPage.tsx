// Admin home (document 1 §2): teachers, students and superadmins have their own homes.
import { Navigate } from 'react-router';
import { shellText } from '../../i18n/shell';
import { homeOf, isStaff, useSession } from '../../session/session';
import { UnavailablePage } from '../unavailable/UnavailablePage';

export function DashboardPage() {
  const session = useSession();
  if (session && !isStaff(session)) return <Navigate to={homeOf(session)} replace />;
  return <UnavailablePage title={shellText.screens.dashboard} />;
}
