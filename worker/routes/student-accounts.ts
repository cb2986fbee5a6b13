// Student accounts: the routes of contract/student-accounts.ts (student_portal:manage_accounts).
// Usernames are picked around every username of the school and of the platform (two reads); the
// batch re-checks each one and that each student still has no account (decision 041).
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { generateTemporaryPassword, hashPassword } from '../auth/password';
import {
  type CreatedStudentAccounts,
  studentAccountsApi as api,
  type StudentAccountReset,
  type StudentAccountRow,
} from '../contract/student-accounts';
import { adminServerText } from '../contract/texts/admin';
import { serverText } from '../contract/texts/server';
import { studentAccountsServerText as t } from '../contract/texts/student-accounts';
import * as studentAccounts from '../db/student-accounts';
import * as reserved from '../db/reserved-usernames';
import * as users from '../db/users';
import { temporaryPasswordExpiry } from '../domain/accounts';
import { compareNames } from '../domain/text';
import { batchUsernames } from '../domain/usernames';
import type { SchoolBindings } from '../env';
import { conflict, found, notFound } from '../lib/errors';
import { requireYear } from '../lib/lookups';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const studentAccountRoutes = new Hono<SchoolBindings>();

const MANAGE = 'student_portal:manage_accounts';
const changed = () => conflict(adminServerText.users.usernameTaken);

route(studentAccountRoutes, api.list, allow.permission(MANAGE), async (c) => {
  const { db, school } = c.var;
  const year = await requireYear(c, c.req.valid('query').yearId);
  const rows = await studentAccounts.selectPortalAccounts(db, school, year.id);
  rows.sort((a, b) => a.class_order - b.class_order || compareNames(a.nom, b.nom) || compareNames(a.prenom, b.prenom));
  return c.json<StudentAccountRow[]>(rows.map(({ class_order: _, ...row }) => row));
});

route(studentAccountRoutes, api.create, allow.permission(MANAGE), async (c) => {
  const { db, school } = c.var;
  const body = c.req.valid('json');
  const year = await requireYear(c, body.yearId);
  const ids = [...new Set(body.student_ids)];
  const chosen = await studentAccounts.selectStudentsForAccounts(db, school, year.id, ids);
  if (chosen.length !== ids.length) throw notFound(t.studentsNotFound);
  // In the order of the selection: the first of two namesakes gets the plain username.
  const without = chosen.filter((s) => !s.user_id).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  if (!without.length) throw conflict(t.noneToCreate, 'has_accounts');
  const [schoolNames, platformNames] = await Promise.all([users.allUsernames(db, school), reserved.allReserved(db)]);
  const usernames = batchUsernames(without, [...schoolNames, ...platformNames], 'eleve');
  const accounts = [];
  for (const [i, student] of without.entries()) {
    const tempPassword = generateTemporaryPassword();
    accounts.push({ student, username: usernames[i]!, tempPassword, hash: await hashPassword(tempPassword) });
  }
  const expiry = temporaryPasswordExpiry();
  return commit(
    c,
    users.insertAccounts(
      db,
      school,
      accounts.map((a) => ({
        id: crypto.randomUUID(),
        username: a.username,
        passwordHash: a.hash,
        accountType: 'student' as const,
        status: 'temporary_password' as const,
        tempPasswordExpiresAt: expiry,
        studentId: a.student.id,
      })),
    ),
    {
      audit: {
        action: 'CREATE_STUDENT_ACCOUNTS',
        target: year.name,
        details: { usernames: accounts.map((a) => a.username) },
      },
      body: {
        accounts: accounts.map((a) => ({
          student_id: a.student.id,
          username: a.username,
          tempPassword: a.tempPassword,
        })),
        message: t.created(accounts.length),
      } satisfies CreatedStudentAccounts,
      status: 201,
      guards: accounts.flatMap((a) => [
        { holds: users.usernameFree(school, a.username), error: changed() },
        { holds: users.studentWithoutAccount(school, a.student.id), error: conflict(t.noneToCreate, 'has_accounts') },
      ]),
    },
  );
});

route(studentAccountRoutes, api.reset, allow.permission(MANAGE), async (c) => {
  const { db, school } = c.var;
  const account = found(await users.findStudentAccount(db, school, c.req.valid('param').id), t.notFound);
  const tempPassword = generateTemporaryPassword();
  const hash = await hashPassword(tempPassword);
  return commit(c, [users.setPassword(db, school, account.id, hash, 'temporary_password', temporaryPasswordExpiry())], {
    audit: { action: 'RESET_PASSWORD', target: account.username },
    body: { username: account.username, tempPassword, message: t.reset } satisfies StudentAccountReset,
    guards: [
      {
        holds: users.userUnchanged(school, account.id, account.tokenVersion),
        error: conflict(serverText.changedMeanwhile, 'changed'),
      },
    ],
  });
});

route(studentAccountRoutes, api.disable, allow.permission(MANAGE), async (c) => {
  const { db, school } = c.var;
  const account = found(await users.findStudentAccount(db, school, c.req.valid('param').id), t.notFound);
  if (account.status === 'disabled') throw conflict(t.alreadyDisabled, 'disabled');
  return commit(c, [users.disableAccount(db, school, account.id)], {
    audit: { action: 'DISABLE_STUDENT_ACCOUNT', target: account.username },
    body: { message: t.disabled },
    guards: [
      {
        holds: users.userUnchanged(school, account.id, account.tokenVersion),
        error: conflict(serverText.changedMeanwhile, 'changed'),
      },
    ],
  });
});
