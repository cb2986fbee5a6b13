// Every route of the spec's route table (document 1 §2), each behind its guard. Screens and
// layouts load as their own chunks, except the sign-in page: it is in the entry chunk, so that
// /login (the installed app's start page) never waits for a second download.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppShell } from './app/AppShell';
import { commonText } from './i18n/common';
import { LoginPage } from './screens/login/LoginPage';
import { Guard } from './session/guards';

const screen = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

const staffLayout = screen(async () => (await import('./layouts/StaffLayout')).StaffLayout);
const studentLayout = screen(async () => (await import('./layouts/StudentLayout')).StudentLayout);

/** The screens of the staff layout: staff, teachers and platform accounts. */
const workspace: RouteObject[] = [
  { path: '/dashboard', lazy: screen(async () => (await import('./screens/dashboard/DashboardPage')).DashboardPage) },
  { path: '/docs', lazy: screen(async () => (await import('./screens/docs/DocsPage')).DocsPage) },
  {
    element: <Guard area="staff" />,
    children: [
      { path: '/students', lazy: screen(async () => (await import('./screens/students/StudentsPage')).StudentsPage) },
      { path: '/class/:className', lazy: screen(async () => (await import('./screens/class-finance/ClassFinancePage')).ClassFinancePage) },
    ],
  },
  {
    element: <Guard area="staff" permission="report_card:generate" />,
    children: [{ path: '/report-cards', lazy: screen(async () => (await import('./screens/report-cards/ReportCardsPage')).ReportCardsPage) }],
  },
  {
    element: <Guard area="staff" permission="report:financial" />,
    children: [{ path: '/report', lazy: screen(async () => (await import('./screens/report/ReportPage')).ReportPage) }],
  },
  {
    element: <Guard area="staff" permission="student_portal:manage_accounts" />,
    children: [{ path: '/student-portal', lazy: screen(async () => (await import('./screens/student-accounts/StudentAccountsPage')).StudentAccountsPage) }],
  },
  {
    element: <Guard area="staff" permission="settings:manage_teachers" />,
    children: [{ path: '/teachers-management', lazy: screen(async () => (await import('./screens/teachers/TeachersPage')).TeachersPage) }],
  },
  {
    element: <Guard area="staff" permission="report:attendance" />,
    children: [{ path: '/reports/attendance', lazy: screen(async () => (await import('./screens/attendance/AttendanceReportPage')).AttendanceReportPage) }],
  },
  {
    element: <Guard area="staff" permission="settings:manage_timetable" />,
    children: [{ path: '/timetable', lazy: screen(async () => (await import('./screens/timetable/TimetablePage')).TimetablePage) }],
  },
  {
    element: <Guard area="admin" />,
    children: [
      { path: '/admin', lazy: screen(async () => (await import('./screens/admin/AdminPage')).AdminPage) },
      { path: '/admin/contact', lazy: screen(async () => (await import('./screens/support/Support')).ContactPage) },
      {
        element: <Guard area="admin" permission="user:manage" />,
        children: [
          { path: '/admin/users', lazy: screen(async () => (await import('./screens/admin-users/UsersPage')).UsersPage) },
          { path: '/admin/add-user', lazy: screen(async () => (await import('./screens/add-user/AddUserPage')).AddUserPage) },
        ],
      },
    ],
  },
  {
    element: <Guard area="superadmin" />,
    children: [{ path: '/superadmin', lazy: screen(async () => (await import('./screens/superadmin/SuperadminPage')).SuperadminPage) }],
  },
  {
    element: <Guard area="teacher" />,
    children: [
      { path: '/teacher', lazy: screen(async () => (await import('./screens/teacher/TeacherPage')).TeacherPage) },
      { path: '/teacher/attendance', lazy: screen(async () => (await import('./screens/teacher/RollCallPage')).RollCallPage) },
      { path: '/teacher/class/:className/subject/:subjectId', lazy: screen(async () => (await import('./screens/gradebook/GradeBookPage')).GradeBookPage) },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    hydrateFallbackElement: <p className="page muted">{commonText.loading}</p>,
    children: [
      { path: '/', lazy: screen(async () => (await import('./screens/landing/LandingPage')).LandingPage) },
      { path: '/login', element: <LoginPage /> },
      {
        element: <Guard area="authenticated" />,
        children: [
          {
            path: '/force-password-change',
            lazy: screen(async () => (await import('./screens/force-password-change/ForcePasswordChangePage')).ForcePasswordChangePage),
          },
          {
            element: <Guard area="workspace" />,
            children: [{ lazy: staffLayout, children: workspace }],
          },
        ],
      },
      {
        element: <Guard area="student" />,
        children: [
          {
            lazy: studentLayout,
            children: [
              { path: '/student', lazy: screen(async () => (await import('./screens/student/StudentHomePage')).StudentHomePage) },
              { path: '/student/timetable', lazy: screen(async () => (await import('./screens/student/StudentTimetablePage')).StudentTimetablePage) },
              { path: '/student/grades', lazy: screen(async () => (await import('./screens/student/StudentGradesPage')).StudentGradesPage) },
              { path: '/student/resources', lazy: screen(async () => (await import('./screens/student/StudentResourcesPage')).StudentResourcesPage) },
              { path: '/student/finance', lazy: screen(async () => (await import('./screens/student/StudentFinancePage')).StudentFinancePage) },
              { path: '/student/docs', lazy: screen(async () => (await import('./screens/docs/DocsPage')).StudentDocsPage) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
