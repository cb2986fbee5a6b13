// Sign-in, device sessions and passwords: the routes of contract/auth.ts.
import type { BatchItem } from 'drizzle-orm/batch';
import { Hono } from 'hono';
import { allow, raiseIfMaintenance } from '../auth/access';
import {
  accessTokenFor,
  clearSessionCookie,
  credentialOf,
  dataKeyOf,
  deviceIdOf,
  endOf,
  findDeviceSession,
  newDeviceSession,
  nowSeconds,
  parseCredential,
  randomId,
  REUSE_GRACE_SECONDS,
  sessionCookieOf,
  setDeviceCookie,
  setSessionCookie,
  userAgentOf,
  withoutSessionCookie,
  withSessionCookie,
} from '../auth/device-session';
import { DECOY_HASH, hashPassword, needsRehash, verifyPassword } from '../auth/password';
import { type Account, loadAccount } from '../auth/session';
import {
  authApi as api,
  type DeviceSession,
  type PasswordChanged,
  type Renewed,
  type SignedIn,
} from '../contract/auth';
import type { Message } from '../contract/endpoint';
import { serverText } from '../contract/texts/server';
import { sessionsServerText } from '../contract/texts/sessions';
import * as deviceSessions from '../db/device-sessions';
import * as guardians from '../db/guardians';
import * as platformUsers from '../db/platform-users';
import * as users from '../db/users';
import type { AccountType } from '../domain/accounts';
import { type Attempter, clientOf } from '../domain/login-limits';
import { deviceName } from '../domain/devices';
import { guardianPhone } from '../domain/guardians';
import { languageOf } from '../domain/language';
import { isStrongPassword } from '../domain/password-policy';
import { accountThrottle, addressThrottle } from '../durable/login-throttle';
import type { AppBindings, AppContext } from '../env';
import { ApiError, badRequest, notFound, unauthorized } from '../lib/errors';
import { accountDatabase, rerouteIfGone } from '../lib/host';
import { textsOf } from '../lib/language';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const authRoutes = new Hono<AppBindings>();

const badCredentials = () => new ApiError(401, 'bad_credentials', serverText.badCredentials);

/** 429 with the wait in seconds, in the body (in the answer's language) and in Retry-After. */
const tooManyAttempts = (c: AppContext, seconds: number, message = textsOf(c).server.tooManyAttempts(seconds)) =>
  new ApiError(429, 'too_many_attempts', message, { retryAfter: seconds });

// The limits count the attempt before the password is checked: per account (per proven device,
// or with the account's other attempts), then, for a device and network the account does not
// know, per client address (decision 040).
route(authRoutes, api.login, allow.public(), async (c) => {
  const { password } = c.req.valid('json');
  // A guardian signs in with the phone, typed as people write it: its account's username is the
  // phone written one way (decision 360).
  const username = guardianPhone(c.req.valid('json').username) ?? c.req.valid('json').username;
  const { db, instance } = c.var;
  // Directory accounts (the platform's, the guardians') sign in on any host; school accounts on
  // their school's host (in its database).
  const platformUser = await platformUsers.findByUsername(c.var.directory, username);
  const client = clientOf(c.req.header('CF-Connecting-IP'));
  const who: Attempter = { ...client, device: deviceIdOf(c) };
  const attempt = crypto.randomUUID();
  // A platform account is one account on every host: its attempts count together.
  const byAccount = accountThrottle(c.env, platformUser ? null : (instance?.id ?? null), username);
  const verdict = await byAccount.beginAccount(who, attempt);
  if (!verdict.allowed) throw tooManyAttempts(c, verdict.retryAfterSeconds);
  const byAddress = verdict.proven ? null : addressThrottle(c.env, client);
  if (byAddress) {
    const addressVerdict = await byAddress.beginAddress(attempt);
    if (!addressVerdict.allowed) {
      await byAccount.releaseAccount(attempt);
      throw tooManyAttempts(c, addressVerdict.retryAfterSeconds);
    }
  }

  let schoolUser = platformUser || !instance ? undefined : await users.findByUsername(db, instance.id, username);
  // No such account here, the school's row moved or gone: the host may name another school or
  // database now (a move, a restore, decisions 251 and 312); looked up there.
  if (!platformUser && instance && !schoolUser && (await rerouteIfGone(c)) && c.var.instance)
    schoolUser = await users.findByUsername(c.var.db, c.var.instance.id, username);
  const user = platformUser ?? schoolUser;
  const valid = await verifyPassword(password, user?.passwordHash ?? DECOY_HASH);
  if (!user || !valid) throw badCredentials();
  // The device is proven for this account from now on: its own limits, never held by the address.
  const device = who.device ?? randomId();
  await Promise.all([byAccount.succeedAccount({ ...who, device }, attempt), byAddress?.releaseAddress(attempt)]);
  if (!who.device) setDeviceCookie(c, device);
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

  const now = nowSeconds();
  // The account's database: its school's, or the directory for a platform account.
  const accountDb = accountDatabase(c, account.instanceId);
  const session = await newDeviceSession(c, account, { now, deviceId: device });
  // A hash made with older parameters is made again now that the password is known (same
  // password: no token version bump), unless it changed meanwhile.
  const rehash = needsRehash(user.passwordHash) ? await hashPassword(password) : null;
  const rehashed = rehash
    ? platformUser
      ? [platformUsers.replaceHash(accountDb, user.id, user.passwordHash, rehash)]
      : [users.replaceHash(accountDb, instance!.id, user.id, user.passwordHash, rehash)]
    : [];
  await accountDb.batch([...session.statements, ...rehashed] as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  setSessionCookie(c, session.credential, session.expiresAt, now);
  // The language the account chose (a pupil's), for the phone it signs in on (decision 340).
  const language = languageOf(
    platformUser?.accountType === 'guardian'
      ? await guardians.languageOfGuardian(c.var.directory, platformUser.id)
      : schoolUser?.language,
  );
  return c.json<SignedIn>({
    accessToken: await accessTokenFor(c, account, session),
    dataKey: await dataKeyOf(c, account, { id: session.id, deviceId: device }),
    language,
  });
});

/** The device session's cookie is refused: it is forgotten, and the page signs in again. */
const sessionEnded = (c: AppContext) => {
  clearSessionCookie(c);
  return unauthorized();
};

// The page's renewal: the credential of the cookie, rotated. A credential used after it was
// replaced (beyond the grace of a lost answer) was copied: the device session ends (decision 004).
route(authRoutes, api.refresh, allow.public(), async (c) => {
  const now = nowSeconds();
  const presented = await parseCredential(c.env.JWT_SECRET, sessionCookieOf(c));
  if (!presented) throw sessionEnded(c);
  const found = await findDeviceSession(c, presented.id);
  if (!found || found.row.expiresAt <= now) throw sessionEnded(c);
  const { db, row } = found;
  // A school's device session renews on its school's host only.
  const platform = row.instanceId === null;
  if (!platform && row.instanceId !== c.var.instance?.id) throw sessionEnded(c);
  const account = await loadAccount(c, row.accountId, platform);
  // Revoked: password, reset, roles or status changed (the token version moved), or deleted.
  if (!account || account.tokenVersion !== row.tokenVersion || account.status === 'disabled') {
    await deviceSessions.remove(db, row.id).run();
    throw sessionEnded(c);
  }
  let generation = row.generation;
  let expiresAt = row.expiresAt;
  if (presented.generation === row.generation) {
    expiresAt = endOf(row.createdAt, now);
    const rotated = await deviceSessions.rotate(db, row.id, row.generation, now, expiresAt, userAgentOf(c));
    // Another renewal with the same credential won the race: both answer its credential.
    generation = rotated?.generation ?? row.generation + 1;
  } else if (!(presented.generation === row.generation - 1 && now - row.rotatedAt <= REUSE_GRACE_SECONDS)) {
    await deviceSessions.remove(db, row.id).run();
    throw sessionEnded(c);
  }
  await raiseIfMaintenance(c, account.type);
  setSessionCookie(c, await credentialOf(c.env.JWT_SECRET, row.id, generation), expiresAt, now);
  return c.json<Renewed>({
    accessToken: await accessTokenFor(c, account, { id: row.id, expiresAt }),
    dataKey: await dataKeyOf(c, account, row),
  });
});

// Signing out ends the device session whatever the state of the access token (it may have
// expired). Without a credential of ours there is nothing to end: 401, the cookie forgotten.
route(authRoutes, api.logout, allow.public(), async (c) => {
  const presented = await parseCredential(c.env.JWT_SECRET, sessionCookieOf(c));
  if (!presented) throw sessionEnded(c);
  const found = await findDeviceSession(c, presented.id);
  if (found) await deviceSessions.remove(found.db, presented.id).run();
  clearSessionCookie(c);
  return c.json<Message>({ message: textsOf(c).server.signedOut });
});

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

// One's signed-in devices (decision 314): the account's device sessions still usable, this one
// marked and used now (the others' last use is their last renewal: within the hour of their use).
route(authRoutes, api.sessions, allow.signedIn(), async (c) => {
  const { account } = c.var;
  const now = nowSeconds();
  const rows = await deviceSessions.listAccount(
    accountDatabase(c, account.instanceId),
    account.id,
    account.tokenVersion,
    now,
  );
  const current = (id: string) => id === account.sessionId;
  const names = textsOf(c).sessions.device;
  return c.json<DeviceSession[]>(
    [...rows.filter((r) => current(r.id)), ...rows.filter((r) => !current(r.id))].map((r) => ({
      id: r.id,
      device: deviceName(r.userAgent, names),
      lastUsedAt: isoOf(current(r.id) ? now : r.rotatedAt),
      signedInAt: isoOf(r.createdAt),
      current: current(r.id),
    })),
  );
});

// 'Déconnecter' one device: its row goes, so its renewal and its access token end at once. This
// device's own is a sign-out (its cookie is forgotten).
route(authRoutes, api.endSession, allow.signedIn(), async (c) => {
  const { id } = c.req.valid('param');
  const { account } = c.var;
  const db = accountDatabase(c, account.instanceId);
  const row = await deviceSessions.findOfAccount(db, account.id, id);
  if (!row) throw notFound(sessionsServerText.notFound);
  const res = await commit(c, [deviceSessions.removeOfAccount(db, account.id, id)], {
    audit: { action: 'END_SESSION', target: account.username, details: { device: deviceName(row.userAgent) } },
    body: { message: textsOf(c).sessions.ended },
  });
  return id === account.sessionId ? withoutSessionCookie(res) : res;
});

// 'Déconnecter tous les appareils': every device of the account, this one included.
route(authRoutes, api.endAllSessions, allow.signedIn(), async (c) => {
  const { account } = c.var;
  const db = accountDatabase(c, account.instanceId);
  // Every device's data key changes too: what the devices kept can no longer be read (decision 320).
  const rotated = account.instanceId
    ? users.rotateDataKeys(db, account.instanceId, account.id)
    : platformUsers.rotateDataKeys(db, account.id);
  const res = await commit(c, [deviceSessions.removeAccount(db, account.id), rotated], {
    audit: { action: 'END_ALL_SESSIONS', target: account.username },
    body: { message: textsOf(c).sessions.allEnded },
  });
  return withoutSessionCookie(res);
});

/**
 * A password check of a signed-in account (its current password, or a forced change's "same as
 * the old one"): counted by the account's limits with its other attempts (decision 040), 429
 * while they must wait. Answers whether `password` is the account's, and settles the count.
 */
async function checkedAgainstLimits(c: AppContext, account: Account, password: string, hash: string) {
  const byAccount = accountThrottle(c.env, account.instanceId, account.username);
  const who: Attempter = { ...clientOf(c.req.header('CF-Connecting-IP')), device: null };
  const attempt = crypto.randomUUID();
  const verdict = await byAccount.beginAccount(who, attempt);
  if (!verdict.allowed)
    throw tooManyAttempts(
      c,
      verdict.retryAfterSeconds,
      textsOf(c).server.password.tooManyTries(verdict.retryAfterSeconds),
    );
  const matches = await verifyPassword(password, hash);
  return { matches, settle: () => byAccount.releaseAccount(attempt) };
}

/** The new password replaces the old one; this device gets a new session, the others are signed out. */
async function replacePassword(c: AppContext, account: Account, newPassword: string) {
  const hash = await hashPassword(newPassword);
  const db = accountDatabase(c, account.instanceId);
  const statement = account.instanceId
    ? users.setPassword(db, account.instanceId, account.id, hash, 'active')
    : platformUsers.setPassword(db, account.id, hash, 'active');
  // The statement moves the token version and the data epoch: every other device is signed out
  // and its data key changes; this one gets its new key (decision 320).
  const next: Account = {
    ...account,
    status: 'active',
    tokenVersion: account.tokenVersion + 1,
    dataEpoch: account.dataEpoch + 1,
  };
  const now = nowSeconds();
  const deviceId = account.deviceId ?? null;
  const session = await newDeviceSession(c, next, { replaceAll: true, now, deviceId });
  const accessToken = await accessTokenFor(c, next, session);
  const dataKey = await dataKeyOf(c, next, { id: session.id, deviceId });
  const res = await commit(c, [statement, ...session.statements], {
    audit: { action: 'PASSWORD_CHANGE', target: account.username },
    body: { message: textsOf(c).server.password.changed, accessToken, dataKey } satisfies PasswordChanged,
  });
  return withSessionCookie(res, session, now);
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
  route(authRoutes, endpoint, allow.passwordChange(types), async (c) => {
    const { newPassword } = c.req.valid('json');
    if (!isStrongPassword(newPassword)) throw badRequest(serverText.password.forcedWeak);
    const account = c.var.account;
    // "Same as the temporary password" tells whether a guess is the password: it counts as a try.
    const same = await checkedAgainstLimits(c, account, newPassword, await passwordHashOf(c, account));
    if (same.matches) throw badRequest(serverText.password.changeSame);
    await same.settle();
    return replacePassword(c, account, newPassword);
  });

forcedChange(api.forcedChange, ['admin', 'standard', 'teacher', 'superadmin', 'superadmin_delegate', 'guardian']);
forcedChange(api.studentForcedChange, ['student']);

route(authRoutes, api.changePassword, allow.signedIn(), async (c) => {
  const { currentPassword, newPassword } = c.req.valid('json');
  if (!isStrongPassword(newPassword)) throw badRequest(serverText.password.changeWeak);
  const account = c.var.account;
  const currentHash = await passwordHashOf(c, account);
  // A session left open must not be a way to guess the password: wrong ones count (decision 040).
  const current = await checkedAgainstLimits(c, account, currentPassword, currentHash);
  if (!current.matches) throw badRequest(serverText.password.wrongCurrent);
  await current.settle();
  // The current password is known right: the new one is the same exactly when they read the same.
  if (newPassword.normalize('NFKC') === currentPassword.normalize('NFKC'))
    throw badRequest(serverText.password.changeSame);
  return replacePassword(c, account, newPassword);
});
