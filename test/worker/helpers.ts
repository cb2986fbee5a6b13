// Test fixtures: each test builds its own school (its own hostname). Tokens are signed directly
// (`tokenFor`) unless sign-in is what a test checks (`login`, `signIn`): hashing passwords was most
// of the suite's time.
import { decode } from '@tsndr/cloudflare-worker-jwt';
import { env, exports } from 'cloudflare:workers';
import { vi } from 'vitest';
import { signSession } from '../../worker/auth/jwt';
import { claimsFor } from '../../worker/auth/session';
import * as platformUserRows from '../../worker/db/platform-users';
import * as userRows from '../../worker/db/users';
import { database } from '../../worker/db/client';
import { newSchoolStatements } from '../../worker/db/instances';
import { platformUsers } from '../../worker/db/schema';
import { ALL_PERMISSION_KEYS, type RoleTemplateKey } from '../../worker/domain/permissions';

export const PASSWORD = 'Test#Password-2026';

/**
 * PASSWORD hashed once with today's parameters (a fixed salt: only the tests use it), so that no
 * test file pays a hash to build its school; test/worker/auth.test.ts checks that it still verifies.
 */
export const PASSWORD_HASH =
  'scrypt$8192$8$10$c2FsdC1vZi10aGUtdGVzdA==$wWI7mhG1dOm7MUW7LoBlP3DhNeEkDZpqcV4e3LfwIIx0kR894AYIwNSPEkDXwszwEMVFhVN5FwOV1G68jYdlbQ==';
const hashed = async () => PASSWORD_HASH;

export interface TestUser {
  username: string;
  type: 'admin' | 'teacher' | 'standard' | 'student';
  templates?: RoleTemplateKey[];
  status?: 'active' | 'temporary_password' | 'disabled';
  tempPasswordExpiresAt?: string | null;
}

export interface TestSchool {
  id: string;
  host: string;
  roleIdByTemplate: Map<string, string>;
  userIdByName: Map<string, string>;
  /** fetch() against this school's host. */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
}

const DEFAULT_USERS: TestUser[] = [
  { username: 'admin', type: 'admin' },
  { username: 'secretaire', type: 'standard', templates: ['secretary'] },
  { username: 'comptable', type: 'standard', templates: ['accountant'] },
  { username: 'prof', type: 'teacher' },
  { username: 'eleve', type: 'student' },
];

export async function createSchool(
  options: { users?: TestUser[]; expiresAt?: string | null; status?: 'active' | 'suspended' } = {},
): Promise<TestSchool> {
  const db = database(env.DB);
  const id = crypto.randomUUID();
  const host = `${id.slice(0, 8)}.ecole.test`;
  const passwordHash = await hashed();
  const accounts = (options.users ?? DEFAULT_USERS).map((u) => ({
    id: crypto.randomUUID(),
    username: u.username,
    passwordHash,
    accountType: u.type,
    status: u.status ?? 'active',
    tempPasswordExpiresAt: u.tempPasswordExpiresAt ?? null,
    templates: u.templates,
  }));
  const { statements, roleIdByTemplate } = newSchoolStatements(
    db,
    {
      id,
      name: `École ${id.slice(0, 4)}`,
      hostname: host,
      expiresAt: options.expiresAt ?? null,
      status: options.status ?? 'active',
    },
    accounts,
  );
  await db.batch(statements);
  return {
    id,
    host,
    roleIdByTemplate,
    userIdByName: new Map(accounts.map((a) => [a.username, a.id])),
    fetch: (path, init) => exports.default.fetch(`https://${host}${path}`, init),
  };
}

export async function createPlatformUser(
  username = `sa-${crypto.randomUUID().slice(0, 6)}`,
  type: 'superadmin' | 'superadmin_delegate' = 'superadmin',
) {
  const id = crypto.randomUUID();
  await database(env.DB)
    .insert(platformUsers)
    .values({ id, username, passwordHash: await hashed(), accountType: type, status: 'active' });
  return { id, username };
}

export async function login(school: Pick<TestSchool, 'fetch'>, username: string, password = PASSWORD) {
  return school.fetch('/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

/** A real sign-in's access token (the password is hashed and checked: slow, for the tests of sign-in). */
export async function signIn(
  school: Pick<TestSchool, 'fetch'>,
  username: string,
  password = PASSWORD,
): Promise<string> {
  const res = await login(school, username, password);
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/**
 * An access token for an account of the school (or a platform account), signed directly with the
 * tests' secret and the claims a sign-in would give it (worker/auth/session.ts claimsFor), without
 * hashing a password. With a `password`, or for a school known only by its `fetch`, a real sign-in.
 */
export async function tokenFor(
  school: Pick<TestSchool, 'fetch'> & { id?: string },
  username: string,
  password?: string,
): Promise<string> {
  if (password !== undefined || !school.id) return signIn(school, username, password);
  return signedToken(school.id, username);
}

/** The token a sign-in would answer for `username` (platform accounts first, as sign-in looks them up). */
export async function signedToken(schoolId: string, username: string): Promise<string> {
  const db = database(env.DB);
  const platform = await platformUserRows.findByUsername(db, username);
  if (platform) {
    return signSession(
      claimsFor({
        id: platform.id,
        username: platform.username,
        type: platform.accountType,
        status: platform.status,
        instanceId: null,
        tokenVersion: platform.tokenVersion,
        permissions: new Set(),
        roles: [],
      }),
      env.JWT_SECRET,
    );
  }
  const user = await userRows.findByUsername(db, schoolId, username);
  if (!user) throw new Error(`no account ${username} in school ${schoolId}`);
  const account = await userRows.accountWithPermissions(db, schoolId, user.id);
  if (!account) throw new Error(`no account ${username} in school ${schoolId}`);
  return signSession(
    claimsFor({
      id: account.id,
      username: account.username,
      type: account.accountType,
      status: account.status,
      instanceId: schoolId,
      tokenVersion: account.tokenVersion,
      permissions: new Set(account.accountType === 'admin' ? ALL_PERMISSION_KEYS : account.permissionKeys),
      roles: account.roles,
    }),
    env.JWT_SECRET,
  );
}

/** JSON call with a bearer token. */
export function call(
  school: Pick<TestSchool, 'fetch'>,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return school.fetch(path, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

export const claimsOf = (token: string): Record<string, unknown> => decode(token).payload;

/** The API's error shape: a French message and a machine code. */
export interface ErrorBody {
  message: string;
  code: string;
  [extra: string]: unknown;
}

export async function bodyOf<T = ErrorBody>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** The accessToken of a successful sign-in or password change (fails the test otherwise). */
export async function accessTokenOf(res: Response): Promise<string> {
  if (res.status !== 200) throw new Error(`expected a token, got ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Direct SQL on the test database, to set up states the API does not reach yet. */
export const sql = (query: string, ...params: unknown[]) => env.DB.prepare(query).bind(...params);

export const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

/**
 * The D1 round trips of one request, with its answer's status: each batch is one, each statement
 * sent alone is one. Subtract the session's own, measured on a request refused by validation.
 */
export async function d1RoundTrips(send: () => Promise<Response>): Promise<{ status: number; trips: number }> {
  const prepare = vi.spyOn(env.DB, 'prepare');
  const batch = vi.spyOn(env.DB, 'batch');
  try {
    const res = await send();
    await res.arrayBuffer();
    const batched = batch.mock.calls.reduce((n, [statements]) => n + statements.length, 0);
    return { status: res.status, trips: batch.mock.calls.length + prepare.mock.calls.length - batched };
  } finally {
    prepare.mockRestore();
    batch.mockRestore();
  }
}
