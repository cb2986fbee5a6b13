// The screens of the accounts most phones sign in with (web/app/screen-sets.json): the build packs
// each group of their files into one download (scripts/lib/service-worker-plugin.ts, decision 363).
// The sets are found as the app finds them once signed in (`screensFor`, app/offline-screens.tsx:
// the routes whose guards the account passes), so a change of a route or a guard changes them; this
// test fails until the file is written again (`npm run screen-sets`).
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import './stand-in-page';

const { routes } = await import('../../web/routes');
const { screensFor } = await import('../../web/app/offline-screens');
const { homeOf } = await import('../../web/session/session');
const { guideAddress, guideRoleOf } = await import('../../web/screens/docs/guide-address');
const { ROLE_TEMPLATES, ALL_PERMISSION_KEYS } = await import('../../worker/domain/permissions');
type Session = import('../../web/session/session').Session;

const FILE = new URL('../../web/app/screen-sets.json', import.meta.url);
/** The screen each home address shows (web/routes.tsx). */
const HOME: Record<string, string> = {
  '/dashboard': 'screens/dashboard/DashboardPage',
  '/teacher': 'screens/teacher/TeacherPage',
  '/student': 'screens/student/StudentHomePage',
  '/guardian': 'screens/guardian/GuardianHomePage',
};

const account = (role: Session['role'], permissions: readonly string[]): Session => ({
  token: '',
  id: 'account',
  username: 'account',
  role,
  status: 'active',
  instance_id: 'school',
  permissions: [...permissions],
  roles: [],
  exp: 0,
});
const template = (key: string) => ROLE_TEMPLATES.find((t) => t.key === key)!.permissions;

/**
 * The accounts packed for, in the order their packs are cut (each takes the files no account
 * before it has): the office's usual roles (the secretary's and the director's are the same), the
 * field, then the school's administrator (one account a school).
 */
const PROFILES: Record<string, { session: Session; language?: 'ht' }> = {
  office: { session: account('standard', template('secretary')) },
  teacher: { session: account('teacher', []) },
  student: { session: account('student', []) },
  // A pupil's phone in Kreyòl reads the guide in Kreyòl (issue 42).
  'student-ht': { session: account('student', []), language: 'ht' },
  guardian: { session: account('guardian', []) },
  administration: { session: account('standard', ALL_PERMISSION_KEYS) },
};

function screenSets() {
  return Object.fromEntries(
    Object.entries(PROFILES).map(([name, { session, language }]) => {
      const screens = screensFor(session, routes);
      const layout = screens.find((m) => m.startsWith('layouts/'));
      const home = HOME[homeOf(session)];
      const guide = guideRoleOf(session.role);
      return [
        name,
        {
          screens,
          // What the page itself loads on signing in: the layout and the home screen.
          landing: [layout, home].filter((m): m is string => !!m && screens.includes(m)),
          guide: guide ? guideAddress(guide, language) : null,
          // How the service worker knows the account at its sign-in (its token's claims).
          account: { role: session.role, permissions: [...session.permissions].sort() },
        },
      ];
    }),
  );
}

it('the packed accounts’ screens are those their guards open today', () => {
  const sets = screenSets();
  if (process.env.UPDATE_SCREEN_SETS) writeFileSync(FILE, `${JSON.stringify(sets, null, 2)}\n`);
  expect(sets.office!.screens).toContain('screens/students/StudentsPage');
  expect(sets.office!.screens).not.toContain('screens/admin/AdminPage');
  expect(sets.teacher!.landing).toEqual(['layouts/StaffLayout', 'screens/teacher/TeacherPage']);
  expect(JSON.parse(readFileSync(FILE, 'utf8')), 'web/app/screen-sets.json is stale: npm run screen-sets').toEqual(
    sets,
  );
});
