// Layout of staff, teachers and superadmins: the top bar, then the screen once the school's
// data is loaded (superadmins load none).
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { shellText } from '../i18n/shell';
import { isPlatform, useSession } from '../session/session';
import { staffMenu } from './menu';
import { SchoolProvider, useSchool } from './school';
import { TopBar } from './TopBar';

function SchoolGate() {
  const { loading, error } = useSchool();
  if (loading)
    return (
      <p className="page muted" role="status">
        {shellText.school.loading}
      </p>
    );
  if (error) {
    return (
      <div className="page">
        <div className="notice tone-error" role="alert">
          <h2>{shellText.school.configErrorTitle}</h2>
          <p>{error}</p>
          <Link to="/admin">{shellText.school.configErrorLink}</Link>
        </div>
      </div>
    );
  }
  return <Outlet />;
}

export function StaffLayout() {
  const session = useSession();
  if (!session) return null;
  if (isPlatform(session)) {
    return (
      <PlatformShell>
        <TopBar items={staffMenu(session)} withYears={false} />
        <Outlet />
      </PlatformShell>
    );
  }
  return (
    <SchoolProvider>
      <TopBar items={staffMenu(session)} withYears />
      <SchoolGate />
    </SchoolProvider>
  );
}

/** Platform accounts have no school: the top bar reads an empty school context. */
function PlatformShell({ children }: { children: ReactNode }) {
  return <SchoolProvider skip>{children}</SchoolProvider>;
}
