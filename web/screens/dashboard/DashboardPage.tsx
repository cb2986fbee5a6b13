// Admin home (document 1 §2): teachers, students and superadmins have their own homes. Staff see
// the platform's latest announcement, the school, the welcome card while no year exists (it
// opens the setup wizard), then the tiles and quick payment links their permissions open.
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useApi } from '../../api/useApi';
import { adminText } from '../../i18n/admin';
import { commonText } from '../../i18n/common';
import { useSchool } from '../../layouts/school';
import { hasPermission, homeOf, isStaff, type Session, useSession } from '../../session/session';
import './dashboard.css';

const SetupWizard = lazy(async () => ({ default: (await import('../setup-wizard/SetupWizard')).SetupWizard }));

const t = adminText.dashboard;
const DISMISSED_KEY = 'dismissedAnnouncement';

interface Announcement {
  id: string;
  title: string;
  content: string;
}

const TILES = [
  { permission: 'student:update', to: '/students', ...t.tiles.students },
  { permission: 'report_card:generate', to: '/report-cards', ...t.tiles.reportCards },
  { permission: 'settings:manage_teachers', to: '/teachers-management', ...t.tiles.teachers },
  { permission: 'settings:manage_timetable', to: '/timetable', ...t.tiles.timetable },
  { permission: 'report:financial', to: '/report', ...t.tiles.report },
  { permission: 'report:attendance', to: '/reports/attendance', ...t.tiles.attendance },
] as const;

function AnnouncementBanner() {
  const { data } = useApi<Announcement | null>('/admin/announcements');
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY));
  if (!data || data.id === dismissed) return null;
  const close = () => {
    localStorage.setItem(DISMISSED_KEY, data.id);
    setDismissed(data.id);
  };
  return (
    <aside className="notice notice-info announcement" aria-label={data.title}>
      <div>
        <strong>{data.title}</strong>
        <p>{data.content}</p>
      </div>
      <button type="button" className="btn btn-ghost" aria-label={t.closeAnnouncement} onClick={close}>
        ✕
      </button>
    </aside>
  );
}

function QuickPayments() {
  const { classes } = useSchool();
  return (
    <section className="quick-payments" aria-labelledby="quick-payments-title">
      <h2 id="quick-payments-title">{t.quickPayments}</h2>
      {classes.length === 0 && <p className="muted">{t.noClasses}</p>}
      <ul>
        {classes.map((c) => (
          <li key={c.id}>
            <Link className="btn btn-secondary" to={`/class/${encodeURIComponent(c.name)}`}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AdminHome({ session }: { session: Session }) {
  const { school, years, reload } = useSchool();
  const [wizard, setWizard] = useState(false);
  const tiles = TILES.filter((tile) => hasPermission(session, tile.permission));
  return (
    <main className="page dashboard">
      <AnnouncementBanner />
      <header className="dashboard-school">
        {school?.logo_url ? (
          <img src={school.logo_url} alt="" width={64} height={64} />
        ) : (
          <span className="dashboard-mark" aria-hidden="true">
            {(school?.name ?? '').slice(0, 2).toUpperCase()}
          </span>
        )}
        <div>
          <h1>{school?.name}</h1>
          <p className="muted">{t.title}</p>
        </div>
      </header>

      {years.length === 0 ? (
        <section className="card welcome" aria-labelledby="welcome-title">
          <h2 id="welcome-title">{t.welcomeTitle}</h2>
          {hasPermission(session, 'user:manage') ? (
            <>
              <p>{t.welcomeBody}</p>
              <button type="button" className="btn" onClick={() => setWizard(true)}>
                {t.startSetup}
              </button>
            </>
          ) : (
            <p>{t.noYearNoRight}</p>
          )}
        </section>
      ) : (
        <>
          <section aria-labelledby="modules-title">
            <h2 id="modules-title" className="sr-only">
              {t.modules}
            </h2>
            {tiles.length === 0 ? (
              <p className="notice notice-info">{t.noTiles}</p>
            ) : (
              <ul className="tiles">
                {tiles.map((tile) => (
                  <li key={tile.to}>
                    <Link to={tile.to} className="card tile">
                      <strong>{tile.title}</strong>
                      <span className="muted">{tile.body}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {hasPermission(session, 'enrollment:update_payment') && <QuickPayments />}
        </>
      )}

      <footer className="dashboard-footer muted">{commonText.copyright(new Date().getFullYear(), school?.name ?? '')}</footer>

      {wizard && (
        <Suspense fallback={null}>
          <SetupWizard
            onClose={() => setWizard(false)}
            onDone={() => {
              setWizard(false);
              reload();
            }}
          />
        </Suspense>
      )}
    </main>
  );
}

export function DashboardPage() {
  const session = useSession();
  if (!session) return null;
  if (!isStaff(session)) return <Navigate to={homeOf(session)} replace />;
  return <AdminHome session={session} />;
}
