// School accounts (document 1 §2 "User list", "Add-user form", §4 "Role assignment", §7; product
// decisions "Schools, accounts and sign-in"). The role rules of the form are enforced by the
// server too; the `admin` account and the caller's own account cannot be reset or deleted; nobody
// manages an account stronger than their own or grants a role they could not hold.
import { z } from 'zod';
import { isUsername } from '../domain/users';
import { id, idParams, text } from './common';
import { type Answer, area, del, get, idNotice, post, put } from './endpoint';
import { adminServerText } from './texts/admin';

const t = adminServerText.users;

const namedRole = z.strictObject({ id: z.string(), name: z.string() });

export const schoolUser = z.strictObject({
  id: z.string(),
  username: z.string(),
  role: z.enum(['admin', 'teacher', 'standard', 'student']),
  status: z.enum(['temporary_password', 'active', 'disabled']),
  roles: z.array(namedRole),
});
export type SchoolUser = z.output<typeof schoolUser>;

export const usersApi = area('users', {
  list: get('/users', 'Staff and teacher accounts with their roles and status.', {
    answers: { 200: z.array(schoolUser) },
  }),
  register: post(
    '/register',
    'Creates a staff account with roles; its password is temporary (changed at first sign-in, valid 7 days).',
    {
      body: z.object({
        username: text(t.usernameRequired, 200, t.usernameInvalid).refine(isUsername, t.usernameInvalid),
        password: z.string({ error: t.passwordWeak }).max(256, t.passwordWeak),
        roleIds: z.array(id(t.unknownRole), { error: t.roleRequired }).min(1, t.roleRequired).max(30),
      }),
      answers: { 201: z.strictObject({ id: z.string(), username: z.string(), message: z.string() }) },
    },
  ),
  remove: del('/delete-user/:id', 'Deletes an account; its sessions end at once.', idNotice),
  resetPassword: put(
    '/users/:id/reset-password',
    'Gives an account a new temporary password (shown once, valid 7 days) and ends its sessions.',
    {
      params: idParams,
      answers: { 200: z.strictObject({ username: z.string(), tempPassword: z.string(), message: z.string() }) },
    },
  ),
  endSessions: del(
    '/users/:id/sessions',
    "Signs every device of an account of the school out (not one's own: the Sécurité tab does): its tokens end at once.",
    idNotice,
  ),
  setRoles: put(
    '/users/:id/roles',
    "Replaces the roles of a staff account and ends its sessions (one's own change answers a fresh token).",
    {
      params: idParams,
      body: z.object({ roleIds: z.array(id(t.unknownRole), { error: t.unknownRole }).max(30) }),
      answers: {
        200: z.strictObject({ message: z.string(), roles: z.array(namedRole), accessToken: z.string().optional() }),
      },
    },
  ),
});

export type RegisteredUser = Answer<typeof usersApi.register>;
export type PasswordReset = Answer<typeof usersApi.resetPassword>;
export type SavedUserRoles = Answer<typeof usersApi.setRoles>;
