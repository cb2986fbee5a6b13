// Admin home (document 1 §2): teachers, students and superadmins have their own homes. Staff see
// the platform's latest announcement, the school, the welcome card while no year exists (it
// opens the setup wizard), the year in figures (with report:financial: enrolled, paid this
// month, balance, per class — one call), then the tiles and quick payment links their
// permissions open.
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { AnnouncementBanner } from '../../components/AnnouncementBanner';
import { Button } from '../../components/Button';
import { lazyPart } from '../../components/lazy-part';
import { OutboxSummary } from '../../components/OutboxSummary';
import { ErrorNotice } from '../../components/ErrorNotice';
import { dashboardText } from '../../i18n/dashboard';
import { commonText } from '../../i18n/common';
import { type SchoolYear, useSchool } from '../../layouts/school';
import { hasPermission, type Session, useSession } from '../../session/session';
import { schoolCalendarYear } from '../../../worker/domain/dates';
import { balanceClass, type Currency, formatMoney, toCentimes } from '../../../worker/domain/money';
import { SetupWizardLauncher } from '../setup-wizard/SetupWizardLauncher';
import './dashboard.css';
import { formatDay } from '../../../worker/domain/format';

const t = dashboardText;
const GradeBookDialog = lazyPart(() => import('../gradebook/GradeBookDialog'), 'GradeBookDialog');
const DISMISSED_KEY = 'dismissedAnnouncement';

const TILES = [
  { permission: 'student:update', to: '/students', ...t.tiles.students },
  { permission: 'report_card:generate', to: '/report-cards', ...t.tiles.reportCards },
  { permission: 'settings:manage_teachers', to: '/teachers-management', ...t.tiles.teachers },
  { permission: 'settings:manage_timetable', to: '/timetable', ...t.tiles.timetable },
  { permission: 'report:financial', to: '/report', ...t.tiles.report },
  { permission: 'report:attendance', to: '/reports/attendance', ...t.tiles.attendance },
] as const;

function PlatformAnnouncement() {
  const data = useSchool().announcement;
  return data ? (
    <AnnouncementBanner id={data.id} title={data.title} content={data.content} storageKey={DISMISSED_KEY} />
  ) : null;
}

const f = t.figures;

/** 'novembre 2026' for '2026-11'. */
const monthName = (month: string) => formatDay(month, 'month');

function YearFigures({ year, currency }: { year: SchoolYear; currency: Currency }) {
  const { data, error } = useRead(endpoints.dashboard.summary, { query: { yearId: year.id } });
  const money = (amount: number) => formatMoney(toCentimes(amount), currency);
  return (
    <section className="figures" aria-labelledby="figures-title">
      <h2 id="figures-title">{f.title(year.name)}</h2>
      {!data && !error && (
        <p className="muted" role="status">
          {f.loading}
        </p>
      )}
      {!data && <ErrorNotice message={error} />}
      {data && (
        <>
          <dl className="figure-cards">
            <div className="card figure">
              <dt>{f.enrolled}</dt>
              <dd>{data.enrolled}</dd>
            </div>
            <div className="card figure">
              <dt>{f.paidThisMonth(monthName(data.month))}</dt>
              <dd>{money(data.paidThisMonth)}</dd>
              <dd className="muted small">{f.paidOf(money(data.paid))}</dd>
            </div>
            <div className="card figure">
              <dt>{f.balance}</dt>
              <dd className={balanceClass(data.balance)}>{money(data.balance)}</dd>
              <dd className="muted small">{f.expectedOf(money(data.expected))}</dd>
            </div>
          </dl>
          <table className="figure-classes">
            <caption>{f.byClass}</caption>
            <thead>
              <tr>
                <th scope="col">{f.className}</th>
                <th scope="col">{f.enrolled}</th>
                <th scope="col">{f.paidThisMonth(monthName(data.month))}</th>
                <th scope="col">{f.balance}</th>
              </tr>
            </thead>
            <tbody>
              {data.classes.map((c) => (
                <tr key={c.id}>
                  <th scope="row">{c.name}</th>
                  <td className="figure-enrolled">
                    <span className="cell-label">{f.enrolled} : </span>
                    {c.enrolled}
                  </td>
                  <td className="figure-month">
                    <span className="cell-label">{f.paidThisMonth(monthName(data.month))} : </span>
                    {money(c.paidThisMonth)}
                  </td>
                  <td className={`figure-balance ${balanceClass(c.balance)}`}>
                    <span className="cell-label sr-only">{f.balance} : </span>
                    {money(c.balance)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function QuickPayments() {
  const { classes } = useSchool();
  return (
    <section className="quick-payments" aria-labelledby="quick-payments-title">
      <h2 id="quick-payments-title">{t.quickPayments}</h2>
      {classes.length === 0 && <p className="muted">{t.noClasses}</p>}
      <ul className="inline-list">
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
  const { school, years, selectedYear, reload } = useSchool();
  const [wizard, setWizard] = useState(false);
  const [gradebook, setGradebook] = useState(false);
  const tiles = TILES.filter((tile) => hasPermission(session, tile.permission));
  const gradeReader = hasPermission(session, 'grade:read');
  return (
    <main className="page dashboard">
      <PlatformAnnouncement />
      <OutboxSummary />
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
              <Button look="primary" onClick={() => setWizard(true)}>
                {t.startSetup}
              </Button>
            </>
          ) : (
            <p>{t.noYearNoRight}</p>
          )}
        </section>
      ) : (
        <>
          {selectedYear && hasPermission(session, 'report:financial') && (
            <YearFigures year={selectedYear} currency={school?.currency ?? 'Gdes'} />
          )}
          <section aria-labelledby="modules-title">
            <h2 id="modules-title" className="sr-only">
              {t.modules}
            </h2>
            {tiles.length === 0 && !gradeReader ? (
              <p className="notice tone-info">{t.noTiles}</p>
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
                {gradeReader && (
                  <li>
                    <button type="button" className="card tile" onClick={() => setGradebook(true)}>
                      <strong>{t.tiles.gradebook.title}</strong>
                      <span className="muted">{t.tiles.gradebook.body}</span>
                    </button>
                  </li>
                )}
              </ul>
            )}
          </section>
          {hasPermission(session, 'enrollment:update_payment') && <QuickPayments />}
        </>
      )}

      <footer className="dashboard-footer muted">
        {commonText.copyright(schoolCalendarYear(), school?.name ?? '')}
      </footer>

      <SetupWizardLauncher open={wizard} onClose={() => setWizard(false)} onDone={reload} />
      {gradebook && (
        <Suspense fallback={null}>
          <GradeBookDialog onClose={() => setGradebook(false)} />
        </Suspense>
      )}
    </main>
  );
}

export function DashboardPage() {
  const session = useSession();
  // Staff only: the route's guard sends the other accounts to their homes (web/routes.tsx).
  if (!session) return null;
  return <AdminHome session={session} />;
}
