// Every route of the spec's route table (document 1 §2), each behind its guard, rendered by
// React Router's declarative mode (`useRoutes`, decision 272: the data router's code is not
// loaded; a screen's chunk is a `use`d promise under its own Suspense, below one error boundary,
// and its loading shows the progress bar). Screens and layouts load as their own chunks, except the sign-in page: it is in the entry chunk, so that
// /login (the installed app's start page) never waits for a second download. Each lazy route names
// its module: once signed in, the service worker fetches the modules of the routes whose guards
// the account passes (OfflineScreens, decision 180), and none other.
import { type ComponentType, Suspense, use } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { AppShell } from './app/AppShell';
import { OfflineScreens } from './app/offline-screens';
import { RouteErrorBoundary } from './app/RouteError';
import { trackScreenLoad } from './app/screen-loads';
import { commonText } from './i18n/common';
import { LoginPage } from './screens/login/LoginPage';
import { Guard } from './session/guards';
import { useTexts } from './session/language';

/** The route modules, each its own chunk, by path ('./screens/students/StudentsPage.tsx'). */
const modules = import.meta.glob<Record<string, ComponentType>>([
  './layouts/*Layout.tsx',
  './screens/*/*Page.tsx',
  './screens/guardian/staff/*Page.tsx',
  './screens/support/Support.tsx',
  '!./screens/login/*',
]);

/**
 * A route's lazily loaded module ('screens/students/StudentsPage', the name the build's manifest
 * gives it) and its component, by default the one named like the file. `offline: false`: a screen
 * a signed-in account only meets online or never (the landing page), not fetched in advance.
 */
function screen(
  module: string,
  component = module.slice(module.lastIndexOf('/') + 1),
  offline = true,
): Pick<RouteObject, 'element' | 'handle'> {
  const load = modules[`./${module}.tsx`];
  if (!load) throw new Error(`Module de route introuvable : ${module}`);
  // Loaded once. A failed load (offline) stays failed for this visit of the address (React renders
  // again before showing the error), and is tried again when the user opens an address.
  let loaded: Promise<ComponentType> | null = null;
  let failedAt: string | null = null;
  const code = (visit: string) => {
    if (failedAt !== null && failedAt !== visit) {
      loaded = null;
      failedAt = null;
    }
    return (loaded ??= trackScreenLoad(load()).then(
      (exports) => exports[component] ?? Promise.reject(new Error(`${module} : ${component} introuvable`)),
      (error: unknown) => {
        failedAt = visit;
        throw error;
      },
    ));
  };
  // Each screen waits under its own Suspense: a page whose layout is shown (the layout rendering
  // its page once the school's data is there, an update that is not a navigation) fills only its
  // own place with the loading notice, never hiding the layout (its menu, its 'Déconnexion').
  return {
    element: (
      <Suspense fallback={<Loading />}>
        <Screen code={code} />
      </Suspense>
    ),
    handle: { module, offline },
  };
}

/** What a screen shows while its code loads. */
function Loading() {
  return <p className="page muted">{useTexts('common', commonText).loading}</p>;
}

/** A lazily loaded screen: suspends until its code is there (each visit of an address is a `key`). */
function Screen({ code }: { code: (visit: string) => Promise<ComponentType> }) {
  const Loaded = use(code(useLocation().key));
  return <Loaded />;
}

/** A staff screen that needs one permission (the Guard sends anyone else home). */
const permitted = (permission: string, path: string, module: string): RouteObject => ({
  element: <Guard area="staff" permission={permission} />,
  children: [{ path, ...screen(module) }],
});

const staffLayout = screen('layouts/StaffLayout');
const studentLayout = screen('layouts/StudentLayout');

/** The screens of the staff layout: staff, teachers and platform accounts. */
const workspace: RouteObject[] = [
  // The office's home: a teacher, a pupil or the platform sent there goes to their own, and never
  // downloads it (issue 29).
  {
    element: <Guard area="staff" quiet />,
    children: [{ path: '/dashboard', ...screen('screens/dashboard/DashboardPage') }],
  },
  { path: '/docs', ...screen('screens/docs/DocsPage') },
  // Online only: its password change and its devices need the server.
  { path: '/security', ...screen('screens/security/SecurityPage', 'SecurityPage', false) },
  {
    element: <Guard area="staff" />,
    children: [
      { path: '/students', ...screen('screens/students/StudentsPage') },
      { path: '/class/:className', ...screen('screens/class-finance/ClassFinancePage') },
    ],
  },
  permitted('report_card:generate', '/report-cards', 'screens/report-cards/ReportCardsPage'),
  permitted('report:financial', '/report', 'screens/report/ReportPage'),
  permitted('student_portal:manage_accounts', '/student-portal', 'screens/student-accounts/StudentAccountsPage'),
  // Online only (codes shown once, links made and ended): not fetched in advance (decision 361).
  {
    element: <Guard area="staff" permission="guardian:manage" />,
    children: [{ path: '/guardians', ...screen('screens/guardian/staff/GuardiansPage', 'GuardiansPage', false) }],
  },
  permitted('settings:manage_teachers', '/teachers-management', 'screens/teachers/TeachersPage'),
  permitted('report:attendance', '/reports/attendance', 'screens/attendance/AttendanceReportPage'),
  permitted('settings:manage_timetable', '/timetable', 'screens/timetable/TimetablePage'),
  {
    element: <Guard area="admin" />,
    children: [
      { path: '/admin', ...screen('screens/admin/AdminPage') },
      { path: '/admin/contact', ...screen('screens/support/Support', 'ContactPage') },
      {
        element: <Guard area="admin" permission="user:manage" />,
        children: [
          { path: '/admin/users', ...screen('screens/admin-users/UsersPage') },
          { path: '/admin/add-user', ...screen('screens/add-user/AddUserPage') },
        ],
      },
    ],
  },
  {
    element: <Guard area="superadmin" />,
    children: [{ path: '/superadmin', ...screen('screens/superadmin/SuperadminPage') }],
  },
  {
    element: <Guard area="teacher" />,
    children: [
      { path: '/teacher', ...screen('screens/teacher/TeacherPage') },
      { path: '/teacher/attendance', ...screen('screens/teacher/RollCallPage') },
      { path: '/teacher/class/:className/subject/:subjectId', ...screen('screens/gradebook/GradeBookPage') },
    ],
  },
];

/** Every page, below the shell and its error page. */
const pages: RouteObject[] = [
  { path: '/', ...screen('screens/landing/LandingPage', 'LandingPage', false) },
  { path: '/login', element: <LoginPage /> },
  {
    element: <Guard area="authenticated" />,
    children: [
      {
        path: '/force-password-change',
        ...screen('screens/force-password-change/ForcePasswordChangePage', 'ForcePasswordChangePage', false),
      },
      {
        element: <Guard area="workspace" />,
        children: [{ ...staffLayout, children: workspace }],
      },
    ],
  },
  {
    element: <Guard area="student" />,
    children: [
      {
        ...studentLayout,
        children: [
          { path: '/student', ...screen('screens/student/StudentHomePage') },
          { path: '/student/timetable', ...screen('screens/student/StudentTimetablePage') },
          { path: '/student/grades', ...screen('screens/student/StudentGradesPage') },
          { path: '/student/resources', ...screen('screens/student/StudentResourcesPage') },
          { path: '/student/finance', ...screen('screens/student/StudentFinancePage') },
          { path: '/student/docs', ...screen('screens/docs/DocsPage', 'StudentDocsPage') },
          { path: '/student/security', ...screen('screens/security/SecurityPage', 'SecurityPage', false) },
        ],
      },
    ],
  },
  // The families' side (issue 43, decision 360).
  {
    element: <Guard area="guardian" />,
    children: [
      {
        ...screen('layouts/GuardianLayout'),
        children: [
          { path: '/guardian', ...screen('screens/guardian/GuardianHomePage') },
          { path: '/guardian/child/:schoolId/:studentId', ...screen('screens/guardian/ChildPage') },
          {
            path: '/guardian/child/:schoolId/:studentId/grades',
            ...screen('screens/guardian/ChildPartsPage', 'ChildGradesPage'),
          },
          {
            path: '/guardian/child/:schoolId/:studentId/timetable',
            ...screen('screens/guardian/ChildPartsPage', 'ChildTimetablePage'),
          },
          { path: '/guardian/security', ...screen('screens/security/SecurityPage', 'SecurityPage', false) },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <AppShell />
        <OfflineScreens routes={() => routes} />
      </>
    ),
    // Below the shell, so that its notices and the service worker's bridge stay on the error page.
    children: [
      {
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: pages,
      },
    ],
  },
];

/** The page at the browser's address (inside BrowserRouter). */
export function App() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}
