// Who is calling: the bearer token checked against the database on every request, so a
// password change, reset, role change or deletion revokes older tokens at once.
import type { Context } from 'hono';
import { serverText } from '../contract/texts/server';
import * as platformUsers from '../db/platform-users';
import * as users from '../db/users';
import type { AppBindings } from '../env';
import { ApiError, unauthorized } from '../lib/errors';
import { reroute, schoolMoving } from '../lib/host';
import { isSchoolLocked } from '../domain/school-access';
import { type Account, isDirectoryType } from '../domain/accounts';
import { type SessionClaims, verifySession } from './jwt';
import { ALL_PERMISSION_KEYS } from '../domain/permissions';

/** The signed-in account (declared with the account types, domain/accounts.ts: below everything that uses it). */
export type { Account };

/** A browser cannot set headers on a WebSocket: its page offers the token as a protocol. */
export const SOCKET_PROTOCOL = 'portail';

function socketToken(c: Context): string | null {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') return null;
  const offered = (c.req.header('Sec-WebSocket-Protocol') ?? '').split(',').map((p) => p.trim());
  if (!offered.includes(SOCKET_PROTOCOL)) return null;
  const token = offered.find((p) => p.startsWith('bearer.'))?.slice('bearer.'.length);
  return token && /^[A-Za-z0-9_\-.]+$/.test(token) ? token : null;
}

export function bearerToken(c: Context): string | null {
  const header = c.req.header('Authorization');
  if (!header) return socketToken(c);
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header.trim());
  return match?.[1] ?? null;
}

export async function authenticate(c: Context<AppBindings>): Promise<Account> {
  const token = bearerToken(c);
  if (!token) throw unauthorized();
  const claims = await verifySession(token, c.env.JWT_SECRET);
  if (!claims) throw unauthorized();
  // A school token only works on its own school's host.
  const platform = isDirectoryType(claims.role);
  // A token of the school that took this hostname over since the isolate looked it up (a restore,
  // decision 312): the directory is asked again.
  if (
    !platform &&
    claims.instance_id !== c.get('instance')?.id &&
    !((await reroute(c)) && claims.instance_id === c.get('instance')?.id)
  )
    throw unauthorized();
  // Every token names its device session; one without (signed before decision 314) is renewed by the page.
  if (!claims.sid) throw unauthorized();
  const account = await loadAccount(c, claims.id, platform, claims.sid);
  if (!account || account.tokenVersion !== claims.tv) throw unauthorized();
  if (account.status === 'disabled') throw unauthorized(serverText.accountDisabled);
  // Its device session ended (signed out, 'Déconnecter', an administrator's end, a password
  // change elsewhere) or lapsed: the token ends with it, read in the same round trip as the account.
  if (account.sessionId !== claims.sid) throw unauthorized();
  return account;
}

/** A device session's end read with the account: it stands while the end is ahead (with its device id, or its own id for a session started before decision 320). */
const standing = (sessionId: string | undefined, end: number | null, device: string | null) =>
  sessionId && end !== null && end > Date.now() / 1000 ? { sessionId, deviceId: device ?? sessionId } : {};

/**
 * The account as every request sees it: permissions and school access state included, and with
 * `sessionId`, that device session of the account when it still stands (`sessionId` set on the
 * answer), read in the same statement as the account.
 */
export async function loadAccount(
  c: Context<AppBindings>,
  id: string,
  platform: boolean,
  sessionId?: string,
): Promise<Account | null> {
  if (platform) {
    const found = await platformUsers.findWithSession(c.var.directory, id, sessionId);
    if (!found) return null;
    const { user } = found;
    return {
      ...standing(sessionId, found.sessionEnd, found.sessionDevice),
      id: user.id,
      username: user.username,
      type: user.accountType,
      status: user.status,
      instanceId: null,
      tokenVersion: user.tokenVersion,
      dataEpoch: user.dataEpoch,
      permissions: new Set(),
      roles: [],
    };
  }
  const instanceId = c.get('instance')?.id;
  if (!instanceId) return null;
  let user = await users.accountWithPermissions(c.var.db, instanceId, id, sessionId);
  // The school moved to another database since this isolate looked its host up (lib/host.ts):
  // its row here says so, or is gone. The directory is asked again.
  if ((!user || user.instanceState === 'moved') && (await reroute(c)))
    user = await users.accountWithPermissions(c.var.db, instanceId, id, sessionId);
  if (!user) return null;
  if (user.instanceState !== 'open') throw schoolMoving();
  if (user.instanceStatus === 'suspended') throw new ApiError(403, 'school_suspended', serverText.schoolSuspended);
  if (isSchoolLocked(user.expiresAt, new Date())) throw new ApiError(403, 'school_expired', serverText.schoolExpired);
  return {
    ...standing(sessionId, user.sessionEnd, user.sessionDevice),
    id: user.id,
    username: user.username,
    type: user.accountType,
    status: user.status,
    instanceId,
    tokenVersion: user.tokenVersion,
    dataEpoch: user.dataEpoch,
    permissions: new Set(user.accountType === 'admin' ? ALL_PERMISSION_KEYS : user.permissionKeys),
    roles: user.roles,
  };
}

export function claimsFor(
  account: Pick<
    Account,
    'id' | 'username' | 'type' | 'status' | 'instanceId' | 'permissions' | 'roles' | 'tokenVersion'
  >,
): SessionClaims {
  return {
    id: account.id,
    username: account.username,
    role: account.type,
    status: account.status,
    instance_id: account.instanceId,
    permissions: [...account.permissions].sort(),
    roles: account.roles,
    tv: account.tokenVersion,
  };
}
