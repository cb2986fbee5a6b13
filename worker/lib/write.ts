// The one way a route writes: its statements, the audit row and the idempotency record go to
// D1 in one batch (D1 has no interactive transactions; a batch is all-or-nothing).
//
// What a route read and checked before writing can change before its batch runs. So every
// condition a write depends on goes into the batch as a guard (decision 041): a false guard
// aborts the whole batch, and the route's own error is answered. The caller's session is always
// guarded too: a role removed or a password changed meanwhile stops the write.
import type { Context } from 'hono';
import type { SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { serverText } from '../contract/texts/server';
import type { Account } from '../auth/session';
import type { Db } from '../db/client';
import { type AuditEntry, auditInsert } from '../db/audit';
import { conditionsHolding, guardStatement } from '../db/guards';
import * as idempotencyKeys from '../db/idempotency-keys';
import * as platformUsers from '../db/platform-users';
import * as users from '../db/users';
import type { AppBindings } from '../env';
import { type ApiError, conflict, unauthorized } from './errors';
import { idempotencyKey, requestFingerprint, storedResponse } from './idempotency';

type Statement = BatchItem<'sqlite'>;

/** A condition that must still hold when the batch runs, and the answer when it does not. */
export interface Guard {
  holds: SQL;
  error: ApiError;
}

export interface WriteResult<T> {
  audit: AuditEntry;
  body: T;
  status?: ContentfulStatusCode;
  guards?: Guard[];
}

/** Keys of an answer that hold a secret (a fresh session token, a temporary password). */
const SECRET_KEYS = new Set(['accessToken', 'tempPassword']);

/** An answer carrying a secret, at any depth, is never stored for replays: a replayed request runs again instead. */
const holdsSecret = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  (Array.isArray(body)
    ? body.some(holdsSecret)
    : Object.entries(body).some(([key, value]) => SECRET_KEYS.has(key) || holdsSecret(value)));

/** The caller's session still stands: same token version, account not disabled. */
function sessionGuard(account: Account): Guard {
  const holds = account.instanceId
    ? users.sessionStands(account.instanceId, account.id, account.tokenVersion)
    : platformUsers.sessionStands(account.id, account.tokenVersion);
  return { holds, error: unauthorized() };
}

const guardFailed = (error: unknown): boolean => {
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return messages.some((m) => m.includes('write_guard_failed'));
};

/** After a refused batch: the first guard that no longer holds says why (one read). */
async function failedGuard(db: Db, guards: Guard[]): Promise<ApiError> {
  const holding = await conditionsHolding(
    db,
    guards.map((g) => g.holds),
  );
  const index = holding.indexOf(false);
  return index === -1 ? conflict(serverText.changedMeanwhile, 'changed') : guards[index]!.error;
}

export async function commit<T, E extends AppBindings = AppBindings>(
  c: Context<E>,
  statements: Statement[],
  { audit, body, status = 200, guards = [] }: WriteResult<T>,
): Promise<Response> {
  const { db, account } = c.var;
  const key = idempotencyKey(c);
  const responseBody = JSON.stringify(body);
  const allGuards = [sessionGuard(account), ...guards];
  const batch: Statement[] = [
    ...allGuards.map((g) => guardStatement(db, g.holds)),
    ...statements,
    auditInsert(db, account, audit),
  ];
  if (key && !holdsSecret(body)) {
    batch.push(
      idempotencyKeys.insertKey(db, {
        accountId: account.id,
        key,
        fingerprint: await requestFingerprint(c),
        statusCode: status,
        responseBody,
      }),
    );
  }
  try {
    await db.batch(batch as [Statement, ...Statement[]]);
  } catch (error) {
    // A concurrent duplicate won the race: its batch holds the key, this one rolled back whole.
    const replay = key ? await storedResponse(c, db, account.id, key) : null;
    if (replay) return replay;
    if (guardFailed(error)) throw await failedGuard(db, allGuards);
    throw error;
  }
  return new Response(responseBody, { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
