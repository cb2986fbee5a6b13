// Demo data for local use only (product decisions, "Demo data"): two schools, the demo accounts,
// and a school year full of classes, students, payments and grades. Never run on deploy.
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../worker/auth/password.ts';
import { systemRoleRows } from '../worker/domain/permissions.ts';
import { academicDemoRows } from './lib/demo-academics.mjs';
import { insertRows } from './lib/sql.mjs';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

const SCHOOL_1 = {
  id: 'demo-ecole-1',
  name: 'Collège Démo',
  email: 'contact@college-demo.ht',
  address: '12, rue Capois, Port-au-Prince',
  phone: '+509 2222 3344',
  passing_grade: 50,
  currency: 'Gdes',
  hostname: null,
  is_default: 1,
};

const SCHOOL_2 = {
  id: 'demo-ecole-2',
  name: 'École Nouvelle Aurore',
  email: 'info@aurore.ht',
  address: '5, avenue Christophe, Cap-Haïtien',
  phone: '+509 3344 5566',
  passing_grade: 60,
  currency: '$HT',
  hostname: 'ecole2.localhost',
  is_default: 0,
};

async function schoolAccounts(school, accounts, roleIdByTemplate) {
  const users = [];
  const userRoles = [];
  for (const { username, type, template, studentId } of accounts) {
    const id = randomUUID();
    users.push({
      id,
      instance_id: school.id,
      username,
      password_hash: await hashPassword(DEMO_PASSWORD),
      account_type: type,
      status: 'active',
      student_id: studentId ?? null,
    });
    if (template) userRoles.push({ instance_id: school.id, user_id: id, role_id: roleIdByTemplate.get(template) });
  }
  return { users, userRoles };
}

async function school(definition, accounts, academics) {
  const { roles, rolePermissions } = systemRoleRows(definition.id, randomUUID);
  const roleIdByTemplate = new Map(roles.map((r) => [r.template_key, r.id]));
  const data = academicDemoRows(definition.id, academics);
  const studentAccount = accounts.find((a) => a.type === 'student');
  if (studentAccount) studentAccount.studentId = data.students[0].id;
  const teacherAccounts = accounts.filter((a) => a.type === 'teacher');
  const { users, userRoles } = await schoolAccounts(definition, accounts, roleIdByTemplate);
  // The demo teacher account is the first teacher of the school.
  teacherAccounts.forEach((account, i) => {
    const user = users.find((u) => u.username === account.username);
    if (data.teachers[i]) data.teachers[i].user_id = user.id;
  });
  return [
    ...insertRows('instances', [definition]),
    ...insertRows('roles', roles),
    ...insertRows('role_permissions', rolePermissions),
    ...data.statementsBeforeUsers,
    ...insertRows('users', users),
    ...insertRows('user_roles', userRoles),
    ...data.statementsAfterUsers,
  ];
}

/** Every statement of the demo seed, in an order the foreign keys accept. */
export async function demoSeedStatements() {
  const platform = insertRows('platform_users', [
    {
      id: randomUUID(),
      username: 'superadmin',
      password_hash: await hashPassword(DEMO_PASSWORD),
      account_type: 'superadmin',
      status: 'active',
    },
  ]);
  const one = await school(
    SCHOOL_1,
    [
      { username: 'admin', type: 'admin' },
      { username: 'direction', type: 'standard', template: 'director' },
      { username: 'secretaire', type: 'standard', template: 'secretary' },
      { username: 'comptable', type: 'standard', template: 'accountant' },
      { username: 'prof', type: 'teacher' },
      { username: 'eleve', type: 'student' },
    ],
    { size: 'large' },
  );
  const two = await school(
    SCHOOL_2,
    [
      { username: 'admin', type: 'admin' },
      { username: 'secretaire', type: 'standard', template: 'secretary' },
      { username: 'prof', type: 'teacher' },
      { username: 'eleve', type: 'student' },
    ],
    { size: 'small' },
  );
  return [...platform, ...one, ...two];
}
