// Sign-in and passwords: the routes of contract/auth.ts.
import { Hono } from 'hono';
import { allow, raiseIfMaintenance } from '../auth/access';
import { signSession } from '../auth/jwt';
import { DECOY_HASH, hashPassword, verifyPassword } from '../auth/password';
import { type Account, claimsFor, loadAccount } from '../auth/session';
import { authApi as api, type PasswordChanged, type SignedIn } from '../contract/auth';
import { serverText } from '../contract/texts/server';
import * as platformUsers from '../db/platform-users';
import * as users from '../db/users';
import type { AccountType } from '../domain/accounts';
import { clientOf } from '../domain/login-limits';
import { isStrongPassword } from '../domain/password-policy';
import { accountThrottle, addressThrottle } from '../durable/login-throttle';
import type { AppBindings, AppContext } from '../env';
import { ApiError, badRequest } from '../lib/errors';
import { accountDatabase } from '../lib/host';
import { input } from '../lib/validate';
import { commit } from '../lib/write';

export const authRoutes = new Hono<AppBindings>();

const badCredentials = () => new ApiError(401, 'bad_credentials', serverText.badCredentials);

/** 429 with the wait in seconds, in the body and in Retry-After. */
const tooManyAttempts = (seconds: number) =>
  new ApiError(429, 'too_many_attempts', serverText.tooManyAttempts(seconds), { retryAfter: seconds });

// The limits count the attempt before the password is checked: per client address over every
// account, then per account and client.
authRoutes.post(api.login.path, allow.public(), input(api.login), async (c) => {
  const { username, password } = c.req.valid('json');
  const { db, instance } = c.var;
  // Platform accounts (in the directory) sign in on any host; school accounts on their school's
  // host (in its database).
  const platformUser = await platformUsers.findByUsername(c.var.directory, username);
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
  return c.json<SignedIn>({ accessToken: await signSession(claimsFor(account), c.env.JWT_SECRET) });
});

async function replacePassword(c: AppContext, account: Account, currentHash: string, newPassword: string) {
  if (await verifyPassword(newPassword, currentHash)) throw badRequest(serverText.password.changeSame);
  const hash = await hashPassword(newPassword);
  const db = accountDatabase(c, account.instanceId);
  const statement = account.instanceId
    ? users.setPassword(db, account.instanceId, account.id, hash, 'active')
    : platformUsers.setPassword(db, account.id, hash, 'active');
  const next: Account = { ...account, status: 'active', tokenVersion: account.tokenVersion + 1 };
  const accessToken = await signSession(claimsFor(next), c.env.JWT_SECRET);
  return commit(c, [statement], {
    audit: { action: 'PASSWORD_CHANGE', target: account.username },
    body: { message: serverText.password.changed, accessToken } satisfies PasswordChanged,
  });
}

async function passwordHashOf(c: AppContext, account: Account): Promise<string> {
  const db = accountDatabase(c, account.instanceId);
  const row = account.instanceId
    ? await users.findByUsername(db, account.instanceId, account.username)
    : await platformUsers.findByUsername(db, account.username);
  if (!row) throw badCredentials();
  return row.passwordHash;
}

const forcedChange = (
  endpoint: typeof api.forcedChange | typeof api.studentForcedChange,
  types: readonly AccountType[],
) =>
  authRoutes.put(endpoint.path, allow.passwordChange(types), input(endpoint), async (c) => {
    const { newPassword } = c.req.valid('json');
    if (!isStrongPassword(newPassword)) throw badRequest(serverText.password.forcedWeak);
    const account = c.var.account;
    return replacePassword(c, account, await passwordHashOf(c, account), newPassword);
  });

forcedChange(api.forcedChange, ['admin', 'standard', 'teacher', 'superadmin', 'superadmin_delegate']);
forcedChange(api.studentForcedChange, ['student']);

authRoutes.put(api.changePassword.path, allow.signedIn(), input(api.changePassword), async (c) => {
  const { currentPassword, newPassword } = c.req.valid('json');
  if (!isStrongPassword(newPassword)) throw badRequest(serverText.password.changeWeak);
  const account = c.var.account;
  const currentHash = await passwordHashOf(c, account);
  if (!(await verifyPassword(currentPassword, currentHash))) throw badRequest(serverText.password.wrongCurrent);
  return replacePassword(c, account, currentHash, newPassword);
});
