// `npm run test:e2e`: a fresh local database with the demo schools and the e2e fixture
// accounts, then Playwright against the production build.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { hashPassword } from '../worker/auth/password.ts';
import { systemRoleRows } from '../worker/domain/permissions.ts';
import { ensureDevVars, prepareLocalDatabase, requireNode22 } from './lib/local.mjs';
import { DEMO_PASSWORD, FIXTURE_PASSWORD } from './demo-accounts.ts';
import { insertRows } from './lib/sql.mjs';
import { d1ExecuteStatements, d1Query } from './lib/wrangler.mjs';

requireNode22();
process.env.PORTAIL_STATE_DIR ??= '.wrangler/e2e-state';
const where = ['--local', '--persist-to', process.env.PORTAIL_STATE_DIR];
rmSync(process.env.PORTAIL_STATE_DIR, { recursive: true, force: true });
ensureDevVars();
await prepareLocalDatabase();

// Accounts with a temporary password, forced through the change by the tests.
const [secretaryRole] = d1Query("SELECT id FROM roles WHERE instance_id = 'demo-ecole-1' AND template_key = 'secretary'", where);
const [student] = d1Query(
  "SELECT s.id FROM students s WHERE s.instance_id = 'demo-ecole-1' AND s.id NOT IN (SELECT student_id FROM users WHERE student_id IS NOT NULL) AND s.status = 'active' LIMIT 1",
  where,
);
const hash = await hashPassword(FIXTURE_PASSWORD);
const users = [
  { id: 'e2e-nouveau', instance_id: 'demo-ecole-1', username: 'nouveau', password_hash: hash, account_type: 'standard', status: 'temporary_password', student_id: null },
  { id: 'e2e-nouvel-eleve', instance_id: 'demo-ecole-1', username: 'nouvel-eleve', password_hash: hash, account_type: 'student', status: 'temporary_password', student_id: student.id },
  // Opens the forced-change page in the phone tests, never changing its password.
  { id: 'e2e-telephone', instance_id: 'demo-ecole-1', username: 'telephone', password_hash: hash, account_type: 'standard', status: 'temporary_password', student_id: null },
];
d1ExecuteStatements(
  [
    ...insertRows('users', users),
    ...insertRows('user_roles', [
      { instance_id: 'demo-ecole-1', user_id: 'e2e-nouveau', role_id: secretaryRole.id },
      { instance_id: 'demo-ecole-1', user_id: 'e2e-telephone', role_id: secretaryRole.id },
    ]),
  ],
  where,
);

// A new school without any year (vide.localhost): the administration tests run the setup wizard
// from its welcome card.
const emptySchool = { id: 'e2e-ecole-vide', name: 'École Vide', hostname: 'vide.localhost', is_default: 0 };
const emptySchoolRoles = systemRoleRows(emptySchool.id, randomUUID);
d1ExecuteStatements(
  [
    ...insertRows('instances', [emptySchool]),
    ...insertRows('roles', emptySchoolRoles.roles),
    ...insertRows('role_permissions', emptySchoolRoles.rolePermissions),
    ...insertRows('users', [
      {
        id: 'e2e-vide-admin',
        instance_id: emptySchool.id,
        username: 'admin',
        password_hash: await hashPassword(DEMO_PASSWORD),
        account_type: 'admin',
        status: 'active',
      },
    ]),
  ],
  where,
);

const result = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
