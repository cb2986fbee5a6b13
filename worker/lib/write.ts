// The one way a route writes: its statements, the audit row and the idempotency record go to
// D1 in one batch (D1 has no interactive transactions; a batch is all-or-nothing).
import type { Context } from 'hono';
import type { BatchItem } from 'drizzle-orm/batch';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type AuditEntry, auditInsert } from '../db/audit';
import { idempotencyKeys } from '../db/schema';
import type { AppBindings } from '../env';
import { idempotencyKey, requestFingerprint, storedResponse } from './idempotency';

type Statement = BatchItem<'sqlite'>;

export interface WriteResult<T> {
  audit: AuditEntry;
  body: T;
  status?: ContentfulStatusCode;
  /** The answer carries a secret (a temporary password): it is not kept for replays, so a
   *  replayed request runs again instead of reading the secret back from D1. */
  secret?: boolean;
}

export async function commit<T, E extends AppBindings = AppBindings>(
  c: Context<E>,
  statements: Statement[],
  { audit, body, status = 200, secret = false }: WriteResult<T>,
): Promise<Response> {
  const { db, account } = c.var;
  const key = idempotencyKey(c);
  const responseBody = JSON.stringify(body);
  const batch: Statement[] = [...statements, auditInsert(db, account, audit)];
  if (key && !secret) {
    batch.push(
      db.insert(idempotencyKeys).values({
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
    throw error;
  }
  return new Response(responseBody, { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
