// Student accounts (/student-portal, document 1 §2; product decision 'Teachers management and
// student accounts'): the enrolled students of a year with their account state; accounts made for
// a selection (usernames from prénom and nom made unique, temporary passwords shown once), reset,
// disable.
import { z } from 'zod';
import { ACCOUNTS_PER_REQUEST } from '../domain/accounts';
import { yearId, yearQuery, id, idParams } from './common';
import { type Answer, area, get, post, put } from './endpoint';
import { studentAccountsServerText as t } from './texts/student-accounts';

const credentials = z.strictObject({ student_id: z.string(), username: z.string(), tempPassword: z.string() });

export const studentAccountsApi = area('student-accounts', {
  list: get(
    '/student-accounts',
    'The enrolled students of a year by class and name, each with their portal account (none, active, temporary password, disabled).',
    {
      query: yearQuery,
      answers: {
        200: z.array(
          z.strictObject({
            student_id: z.string(),
            nom: z.string(),
            prenom: z.string(),
            class_name: z.string(),
            user_id: z.string().nullable(),
            username: z.string().nullable(),
            account_status: z.enum(['active', 'temporary_password', 'disabled']).nullable(),
          }),
        ),
      },
    },
  ),
  create: post(
    '/student-accounts',
    'Makes portal accounts for enrolled students who have none (at most 5 at a time): usernames and temporary passwords shown once.',
    {
      offline: 'never',
      body: z.object({
        yearId,
        student_ids: z
          .array(id(t.selectionRequired), { error: t.selectionRequired })
          .min(1, t.selectionRequired)
          .max(ACCOUNTS_PER_REQUEST, t.selectionTooLarge(ACCOUNTS_PER_REQUEST)),
      }),
      answers: { 201: z.strictObject({ accounts: z.array(credentials), message: z.string() }) },
    },
  ),
  reset: put(
    '/student-accounts/:id/reset',
    "Gives a student's account a new temporary password (and enables it again).",
    {
      offline: 'never',
      params: idParams,
      answers: { 200: z.strictObject({ username: z.string(), tempPassword: z.string(), message: z.string() }) },
    },
  ),
  disable: put('/student-accounts/:id/disable', "Disables a student's account and ends its sessions.", {
    params: idParams,
    answers: { 200: z.strictObject({ message: z.string() }) },
  }),
});

export type StudentAccountRow = Answer<typeof studentAccountsApi.list>[number];
export type CreatedStudentAccounts = Answer<typeof studentAccountsApi.create>;
export type StudentAccountReset = Answer<typeof studentAccountsApi.reset>;
