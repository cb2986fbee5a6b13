// The administration panel (document 1 §2 "Administration panel"): a sidebar of grouped tabs,
// the active one remembered between visits, the suspension warning above. Tabs of later
// releases are listed, disabled and marked 'Bientôt disponible'; none pretends to work.
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { adminText } from '../../i18n/admin';
import { useSchool } from '../../layouts/school';
import { hasPermission, type Session, useSession } from '../../session/session';
import { SuspensionBanner } from './SuspensionBanner';
import './admin.css';
import { lazyPart } from '../../components/lazy-part';

const tabs = {
  general: lazyPart(() => import('./tabs/GeneralTab'), 'GeneralTab'),
  communications: lazyPart(() => import('./tabs/CommunicationsTab'), 'CommunicationsTab'),
  academic_year: lazyPart(() => import('./tabs/YearsTab'), 'YearsTab'),
  periods: lazyPart(() => import('./tabs/PeriodsTab'), 'PeriodsTab'),
  classes: lazyPart(() => import('./tabs/ClassesTab'), 'ClassesTab'),
  subjects: lazyPart(() => import('./tabs/SubjectsTab'), 'SubjectsTab'),
  programme: lazyPart(() => import('./tabs/ProgrammeTab'), 'ProgrammeTab'),
  promotion: lazyPart(() => import('./tabs/PromotionTab'), 'PromotionTab'),
  financials: lazyPart(() => import('./tabs/FinancialsTab'), 'FinancialsTab'),
  roles: lazyPart(() => import('./tabs/RolesTab'), 'RolesTab'),
  journal: lazyPart(() => import('./tabs/JournalTab'), 'JournalTab'),
  security: lazyPart(() => import('./tabs/AdminSecurityTab'), 'AdminSecurityTab'),
  resources: lazyPart(() => import('./tabs/ResourcesTab'), 'ResourcesTab'),
};

type TabKey = keyof typeof tabs;
type Entry =
  | { kind: 'tab'; key: TabKey; permission?: string }
  | { kind: 'link'; key: 'users'; to: string; permission: string }
  | { kind: 'soon'; key: TabKey; permission?: string };

const SIDEBAR: { group: keyof typeof adminText.panel.groups; entries: Entry[] }[] = [
  {
    group: 'school',
    entries: [
      { kind: 'tab', key: 'general' },
      { kind: 'tab', key: 'communications' },
    ],
  },
  {
    group: 'academics',
    entries: [
      { kind: 'tab', key: 'academic_year' },
      { kind: 'tab', key: 'periods' },
      { kind: 'tab', key: 'classes' },
      { kind: 'tab', key: 'subjects' },
      { kind: 'tab', key: 'programme' },
      { kind: 'tab', key: 'promotion', permission: 'settings:manage_academic' },
      { kind: 'tab', key: 'resources', permission: 'settings:manage_academic' },
    ],
  },
  { group: 'finance', entries: [{ kind: 'tab', key: 'financials' }] },
  {
    group: 'access',
    entries: [
      { kind: 'link', key: 'users', to: '/admin/users', permission: 'user:manage' },
      { kind: 'tab', key: 'roles', permission: 'role:manage' },
      { kind: 'tab', key: 'journal' },
      { kind: 'tab', key: 'security' },
    ],
  },
];

const ACTIVE_TAB_KEY = 'adminActiveTab';
const t = adminText.panel;

const allowed = (session: Session, entry: Entry) => !entry.permission || hasPermission(session, entry.permission);

function rememberedTab(session: Session): TabKey {
  const stored = localStorage.getItem(ACTIVE_TAB_KEY);
  const entry = SIDEBAR.flatMap((g) => g.entries).find((e) => e.kind === 'tab' && e.key === stored);
  return entry && entry.kind === 'tab' && allowed(session, entry) ? entry.key : 'general';
}

function Panel({ session }: { session: Session }) {
  const { school } = useSchool();
  const [active, setActive] = useState<TabKey>(() => rememberedTab(session));
  const open = (key: TabKey) => {
    localStorage.setItem(ACTIVE_TAB_KEY, key);
    setActive(key);
  };
  const Tab = tabs[active];
  return (
    <main className="page admin">
      <SuspensionBanner expiresAt={school?.expires_at ?? null} />
      <h1>{t.title}</h1>
      <div className="admin-layout">
        <nav className="admin-sidebar" aria-label={t.sections}>
          {SIDEBAR.map(({ group, entries }) => (
            <div key={group} className="admin-group">
              <h2>{t.groups[group]}</h2>
              <ul className="bare-list">
                {entries
                  .filter((entry) => allowed(session, entry))
                  .map((entry) => (
                    <li key={entry.key}>
                      {entry.kind === 'tab' && (
                        <button
                          type="button"
                          className={entry.key === active ? 'admin-tab is-active' : 'admin-tab'}
                          aria-current={entry.key === active ? 'page' : undefined}
                          onClick={() => open(entry.key)}
                        >
                          {t.tabs[entry.key]}
                        </button>
                      )}
                      {entry.kind === 'link' && (
                        <Link className="admin-tab" to={entry.to}>
                          {t.tabs[entry.key]} →
                        </Link>
                      )}
                      {entry.kind === 'soon' && (
                        <span className="admin-tab is-soon" aria-disabled="true" title={t.soonTitle}>
                          {t.tabs[entry.key]} <small>{t.soon}</small>
                        </span>
                      )}
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </nav>
        <section className="admin-content card" aria-label={t.tabs[active]}>
          <Suspense fallback={<p className="muted">{adminText.common.loading}</p>}>
            <Tab />
          </Suspense>
        </section>
      </div>
    </main>
  );
}

export function AdminPage() {
  const session = useSession();
  return session ? <Panel session={session} /> : null;
}
