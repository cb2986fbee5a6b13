// Sign-in and passwords (document 1 §2 and §7, document 2 §5).
import { Hono } from 'hono';
import { z } from 'zod';
import { serverText } from '../contract/texts/server';
import { allow, raiseIfMaintenance } from '../auth/access';
import { signSession } from '../auth/jwt';
import type { AccountType } from '../domain/accounts';
import { DECOY_HASH, hashPassword, verifyPassword } from '../auth/password';
import { type Account, claimsFor, loadAccount } from '../auth/session';
import * as platformUsers from '../db/platform-users';
import * as users from '../db/users';
import { database } from '../db/client';
import { isStrongPassword } from '../domain/password-policy';
import { clientOf } from '../domain/login-limits';
import { accountThrottle, addressThrottle } from '../durable/login-throttle';
import type { AppBindings, AppContext } from '../env';
import { ApiError, badRequest } from '../lib/errors';
import { text } from '../contract/common';
import { readJson } from '../lib/validate';
import { commit } from '../lib/write';

export const authRoutes = new Hono<AppBindings>();

const loginBody = z.object({
  username: text(serverText.loginRequired, 100),
  password: z.string({ error: serverText.loginRequired }).min(1, serverText.loginRequired).max(256),
});

const badCredentials = () => new ApiError(401, 'bad_credentials', serverText.badCredentials);

/** 429 with the wait in seconds, in the body and in Retry-After. */
const tooManyAttempts = (seconds: number) =>
  new ApiError(429, 'too_many_attempts', serverText.tooManyAttempts(seconds), { retryAfter: seconds });

// Sign in: answers the session token; unknown user and wrong password answer the same. The limits
// (decision 040) count the attempt before the password is checked: per client address over every
// account, then per account and client.
authRoutes.post('/login', allow.public(), async (c) => {
  const { username, password } = await readJson(c, loginBody);
  const instance = c.get('instance');
  const db = database(c.env.DB);
  // Platform accounts sign in on any host; school accounts on their school's host.
  const platformUser = await platformUsers.findByUsername(db, username);
  const client = clientOf(c.req.header('CF-Connecting-IP'));
  const attempt = crypto.randomUUID();
  const byAddress = addressThrottle(c.env, client);
  const addressVerdict = await byAddress.beginAddress(attempt);
  if (!addressVerdict.allowed) throw tooManyAttempts(addressVerdict.retryAfterSeconds);
  // A platform account is one account on every host: its attempts count together.
  const byAccount = accountThrottle(c.env, platformUser ? null : (instance?.id ?? null), username);
  const verdict = await byAccount.beginAccount(client, attempt);
  if (!verdict.allowed) {
    await byAddress.releaseAddress(attempt);
    throw tooManyAttempts(verdict.retryAfterSeconds);
  }

  const schoolUser = platformUser || !instance ? undefined : await users.findByUsername(db, instance.id, username);
  const user = platformUser ?? schoolUser;
  const valid = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
  if (!user || !valid) throw badCredentials();
  await Promise.all([byAccount.succeedAccount(client, attempt), byAddress.releaseAddress(attempt)]);
  if (user.status === 'disabled') throw new ApiError(403, 'account_disabled', serverText.accountDisabled);
  if (
    user.status === 'temporary_password' &&
    user.tempPasswordExpiresAt &&
    Date.parse(user.tempPasswordExpiresAt) < Date.now()
  ) {
    throw new ApiError(401, 'temporary_password_expired', serverText.tempPasswordExpired);
  }
  const account = await loadAccount(c, user.id, Boolean(platformUser));
  if (!account) throw badCredentials();
  await raiseIfMaintenance(c, account.type);
  return c.json({ accessToken: await signSession(claimsFor(account), c.env.JWT_SECRET) });
});

const forcedBody = z.object({
  newPassword: z.string({ error: serverText.password.forcedWeak }).max(256),
});

async function replacePassword(
  c: AppContext,
  account: Account,
  currentHash: string,
  newPassword: string,
) {
  if (await verifyPassword(newPassword, currentHash)) throw badRequest(serverText.password.changeSame);
  const db = database(c.env.DB);
  const hash = await hashPassword(newPassword);
  const statement = account.instanceId
    ? users.setPassword(db, account.instanceId, account.id, hash, 'active')
    : platformUsers.setPassword(db, account.id, hash, 'active');
  const next: Account = { ...account, status: 'active', tokenVersion: account.tokenVersion + 1 };
  const accessToken = await signSession(claimsFor(next), c.env.JWT_SECRET);
  return commit(c, [statement], {
    audit: { action: 'PASSWORD_CHANGE', target: account.username },
    body: { message: serverText.password.changed, accessToken },
  });
}

async function passwordHashOf(c: AppContext, account: Account): Promise<string> {
  const db = database(c.env.DB);
  const row = account.instanceId
    ? await users.findByUsername(db, account.instanceId, account.username)
    : await platformUsers.findByUsername(db, account.username);
  if (!row) throw badCredentials();
  return row.passwordHash;
}

const forcedChange = (types: readonly AccountType[]) =>
  [
    allow.passwordChange(types),
    async (c: AppContext) => {
      const { newPassword } = await readJson(c, forcedBody);
      if (!isStrongPassword(newPassword)) throw badRequest(serverText.password.forcedWeak);
      const account = c.get('account');
      return replacePassword(c, account, await passwordHashOf(c, account), newPassword);
    },
  ] as const;

// Replace a temporary password (staff, teachers, platform): answers a fresh token.
authRoutes.put('/user/force-change-password', ...forcedChange(['admin', 'standard', 'teacher', 'superadmin', 'superadmin_delegate']));

// Replace a temporary password (students): answers a fresh token.
authRoutes.put('/student/force-change-password', ...forcedChange(['student']));

const changeBody = z.object({
  currentPassword: z.string({ error: serverText.password.changeRequired }).min(1, serverText.password.changeRequired).max(256),
  newPassword: z.string({ error: serverText.password.changeRequired }).min(1, serverText.password.changeRequired).max(256),
});

// Change one's own password from the security tab: answers a message and a fresh token.
authRoutes.put('/user/change-password', allow.signedIn(), async (c) => {
  const { currentPassword, newPassword } = await readJson(c, changeBody);
  if (!isStrongPassword(newPassword)) throw badRequest(serverText.password.changeWeak);
  const account = c.get('account');
  const currentHash = await passwordHashOf(c, account);
  if (!(await verifyPassword(currentPassword, currentHash))) throw badRequest(serverText.password.wrongCurrent);
  return replacePassword(c, account, currentHash, newPassword);
});

