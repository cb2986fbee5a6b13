// /superadmin (document 1 §2; issue 17): the platform's console for superadmins and delegates.
// Schools, announcements and the whole platform's activity log for both; delegates and the
// maintenance state for the superadmin only.
import { useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { platformText as t } from '../../i18n/platform';
import { type Session, useSession } from '../../session/session';
import { Tabs } from '../../components/Tabs';
import { ActivityLog } from '../journal/ActivityLog';
import { AnnouncementsSection } from './AnnouncementsSection';
import { BackupsSection } from './BackupsSection';
import { DelegatesSection } from './DelegatesSection';
import { MaintenanceSection } from './MaintenanceSection';
import { SchoolsSection } from './SchoolsSection';
import './superadmin.css';

type Tab = keyof typeof t.tabs;
const TAB_KEY = 'superadminActiveTab';
const SUPERADMIN_ONLY: readonly Tab[] = ['delegates', 'maintenance', 'backups'];

function Console({ session }: { session: Session }) {
  const superadmin = session.role === 'superadmin';
  const tabs = (Object.keys(t.tabs) as Tab[]).filter((tab) => superadmin || !SUPERADMIN_ONLY.includes(tab));
  const [active, setActive] = useState<Tab>(() => {
    const stored = localStorage.getItem(TAB_KEY) as Tab | null;
    return stored && tabs.includes(stored) ? stored : 'schools';
  });
  // Every school, for the backups' list and the journal's school filter only: the schools tab
  // reads one page at a time (decision 332).
  const schools = useRead(endpoints.superadmin.schools, active === 'backups' || active === 'journal' ? {} : null);
  const open = (tab: Tab) => {
    localStorage.setItem(TAB_KEY, tab);
    setActive(tab);
  };
  return (
    <main className="page superadmin">
      <h1>{t.title}</h1>
      <Tabs
        id="platform"
        label={t.sections}
        tabs={tabs}
        names={t.tabs}
        active={active}
        onChoose={open}
        panelClassName="card superadmin-content"
      >
        {active === 'schools' && <SchoolsSection canDelete={superadmin} />}
        {active === 'announcements' && <AnnouncementsSection />}
        {active === 'delegates' && <DelegatesSection />}
        {active === 'maintenance' && <MaintenanceSection />}
        {active === 'backups' && <BackupsSection schools={schools} />}
        {active === 'journal' && (
          <ActivityLog scope={{ kind: 'platform', schools: schools.data ?? [], canDelete: superadmin }} />
        )}
      </Tabs>
    </main>
  );
}

export function SuperadminPage() {
  const session = useSession();
  return session ? <Console session={session} /> : null;
}
