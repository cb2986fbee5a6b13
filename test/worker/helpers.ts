// Test fixtures: each test builds its own school (its own hostname). Tokens are signed directly
// (`tokenFor`) unless sign-in is what a test checks (`login`, `signIn`): hashing passwords was most
// of the suite's time.
import { decode } from '@tsndr/cloudflare-worker-jwt';
import { env, exports } from 'cloudflare:workers';
import { vi } from 'vitest';
import { endOf, randomId } from '../../worker/auth/device-session';
import { signSession } from '../../worker/auth/jwt';
import { claimsFor } from '../../worker/auth/session';
import type { BatchItem } from 'drizzle-orm/batch';
import { database, type Db } from '../../worker/db/client';
import { d1Binding, DIRECTORY, schoolDatabaseNames } from '../../worker/db/databases';
import { directoryRow, newSchoolStatements } from '../../worker/db/instances';
import * as platformUserRows from '../../worker/db/platform-users';
import { reserve } from '../../worker/db/reserved-usernames';
import * as userRows from '../../worker/db/users';
import { deviceSessions, platformUsers } from '../../worker/db/schema';
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
  /** The school database holding it (its binding) and that database. */
  shard: string;
  db: D1Database;
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

/** The directory: the platform's database (hostnames, platform accounts, platform log). */
export const directoryD1 = () => d1Binding(env, DIRECTORY);

/** The school databases of the tests (wrangler.toml: two). */
export const schoolD1s = () => schoolDatabaseNames(env).map((name) => ({ name, d1: d1Binding(env, name) }));

/** The school database holding a school, as the directory names it (for fixtures given a school id). */
export async function schoolD1(instanceId: string): Promise<D1Database> {
  const row = await directoryD1()
    .prepare('SELECT shard FROM instances WHERE id = ?')
    .bind(instanceId)
    .first<{ shard: string | null }>();
  if (!row) throw new Error(`school ${instanceId} is not in the directory`);
  return row.shard ? d1Binding(env, row.shard) : directoryD1();
}

let placed = 0;

/**
 * A school of its own, on its own host. Schools go to each school database in turn (or to the
 * one named), the way the tests run against several databases: its rows there, its row in the
 * directory (worker/db/placement.ts's order).
 */
export async function createSchool(
  options: {
    users?: TestUser[];
    expiresAt?: string | null;
    status?: 'active' | 'suspended';
    shard?: string;
  } = {},
): Promise<TestSchool> {
  const names = schoolDatabaseNames(env);
  const shard = options.shard ?? names[placed++ % names.length]!;
  const d1 = d1Binding(env, shard);
  const db = database(d1);
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
  const directory = database(directoryD1());
  await db.batch(statements);
  await directory.batch([directoryRow(directory, { id, name: `École ${id.slice(0, 4)}`, hostname: host }, shard)]);
  return {
    id,
    host,
    shard,
    db: d1,
    roleIdByTemplate,
    userIdByName: new Map(accounts.map((a) => [a.username, a.id])),
    fetch: (path, init) => exports.default.fetch(`https://${host}${path}`, init),
  };
}

/**
 * A school written by other statements (the demo's): its rows in the next school database, its
 * row in the directory on its hostname.
 */
export async function placeSchool(
  school: { id: string; name: string; hostname: string },
  statementsFor: (db: Db) => Promise<BatchItem<'sqlite'>[]>,
): Promise<Pick<TestSchool, 'id' | 'host' | 'shard' | 'db' | 'fetch'>> {
  const names = schoolDatabaseNames(env);
  const shard = names[placed++ % names.length]!;
  const d1 = d1Binding(env, shard);
  const db = database(d1);
  const statements = await statementsFor(db);
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  await directoryRow(database(directoryD1()), school, shard).run();
  return {
    id: school.id,
    host: school.hostname,
    shard,
    db: d1,
    fetch: (path, init) => exports.default.fetch(`https://${school.hostname}${path}`, init),
  };
}

/** A platform account in the directory, its name reserved in every school database (decision 250). */
export async function createPlatformUser(
  username = `sa-${crypto.randomUUID().slice(0, 6)}`,
  type: 'superadmin' | 'superadmin_delegate' | 'guardian' = 'superadmin',
) {
  const id = crypto.randomUUID();
  for (const { d1 } of schoolD1s()) {
    const db = database(d1);
    await db.batch([reserve(db, [username])]);
  }
  await database(directoryD1())
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

/**
 * A device session for an account, as a sign-in starts one (decision 004), in the account's
 * database: every access token names one (decision 314). Answers its id and end.
 */
export async function deviceSessionFor(
  d1: D1Database,
  account: { id: string; instanceId: string | null; tokenVersion: number },
  userAgent: string | null = null,
) {
  const now = Math.floor(Date.now() / 1000);
  const session = { id: randomId(), expiresAt: endOf(now, now) };
  await database(d1).insert(deviceSessions).values({
    id: session.id,
    instanceId: account.instanceId,
    accountId: account.id,
    tokenVersion: account.tokenVersion,
    rotatedAt: now,
    expiresAt: session.expiresAt,
    createdAt: now,
    userAgent,
  });
  return session;
}

/** The claims' device session: `sid` and `dse`, as a sign-in gives them. */
const ofSession = (session: { id: string; expiresAt: number }) => ({ sid: session.id, dse: session.expiresAt });

/** The token a sign-in would answer for `username` (platform accounts first, as sign-in looks them up). */
export async function signedToken(schoolId: string, username: string): Promise<string> {
  const platform = await platformUserRows.findByUsername(database(directoryD1()), username);
  if (platform) {
    const session = await deviceSessionFor(directoryD1(), { ...platform, instanceId: null });
    return signSession(
      {
        ...claimsFor({
          id: platform.id,
          username: platform.username,
          type: platform.accountType,
          status: platform.status,
          instanceId: null,
          tokenVersion: platform.tokenVersion,
          permissions: new Set(),
          roles: [],
        }),
        ...ofSession(session),
      },
      env.JWT_SECRET,
    );
  }
  const d1 = await schoolD1(schoolId);
  const db = database(d1);
  const user = await userRows.findByUsername(db, schoolId, username);
  if (!user) throw new Error(`no account ${username} in school ${schoolId}`);
  const account = await userRows.accountWithPermissions(db, schoolId, user.id);
  if (!account) throw new Error(`no account ${username} in school ${schoolId}`);
  const session = await deviceSessionFor(d1, { ...account, instanceId: schoolId });
  return signSession(
    {
      ...claimsFor({
        id: account.id,
        username: account.username,
        type: account.accountType,
        status: account.status,
        instanceId: schoolId,
        tokenVersion: account.tokenVersion,
        permissions: new Set(account.accountType === 'admin' ? ALL_PERMISSION_KEYS : account.permissionKeys),
        roles: account.roles,
      }),
      ...ofSession(session),
    },
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

/**
 * Direct SQL on a test database, to set up states the API does not reach yet: a school's database
 * (the school, or the D1 binding itself, e.g. `directoryD1()`).
 */
export const sql = (on: Pick<TestSchool, 'db'> | D1Database, query: string, ...params: unknown[]) =>
  ('db' in on ? on.db : on).prepare(query).bind(...params);

/** Every test database: the directory and each school database. */
export const everyD1 = () => [directoryD1(), ...schoolD1s().map((s) => s.d1)];

/** A count over every database (rows of several schools, wherever they live): the column `n`, summed. */
export async function countEverywhere(query: string, ...params: unknown[]): Promise<number> {
  const counts = await Promise.all(
    everyD1().map((d1) =>
      d1
        .prepare(query)
        .bind(...params)
        .first<{ n: number | null }>(),
    ),
  );
  return counts.reduce((sum, row) => sum + (row?.n ?? 0), 0);
}

/** The first row a query finds in any database (a row looked up by its id, wherever its school lives). */
export async function firstEverywhere<T>(query: string, ...params: unknown[]): Promise<T | null> {
  for (const d1 of everyD1()) {
    const row = await d1
      .prepare(query)
      .bind(...params)
      .first<T>();
    if (row) return row;
  }
  return null;
}

/** Every row a query finds in every database, in the order of the databases. */
export async function allEverywhere<T>(query: string, ...params: unknown[]): Promise<T[]> {
  const parts = await Promise.all(
    everyD1().map((d1) =>
      d1
        .prepare(query)
        .bind(...params)
        .all<T>(),
    ),
  );
  return parts.flatMap((part) => part.results);
}

export const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

/**
 * The D1 round trips of one request, with its answer's status: each batch is one, each statement
 * sent alone is one. Subtract the session's own, measured on a request refused by validation.
 */
export async function d1RoundTrips(
  school: Pick<TestSchool, 'db'>,
  send: () => Promise<Response>,
): Promise<{ status: number; trips: number }> {
  const prepare = vi.spyOn(school.db, 'prepare');
  const batch = vi.spyOn(school.db, 'batch');
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
