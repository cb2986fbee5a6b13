// Idempotency-Key: a replayed write answers the stored response; the same key with another
// payload answers 422. The key is stored in the same D1 batch as the write (see lib/write.ts).
import type { Context } from 'hono';
import { serverText } from '../contract/texts/server';
import type { Account } from '../auth/session';
import type { Db } from '../db/client';
import * as idempotencyKeys from '../db/idempotency-keys';
import type { AppBindings } from '../env';
import { ApiError } from './errors';
import { accountDatabase } from './host';

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,128}$/;

export function idempotencyKey(c: Context): string | null {
  if (!WRITE_METHODS.has(c.req.method)) return null;
  const key = c.req.header('Idempotency-Key');
  if (!key) return null;
  if (!KEY_PATTERN.test(key)) throw new ApiError(400, 'validation', serverText.invalidData);
  return key;
}

export async function requestFingerprint(c: Context): Promise<string> {
  const body = await c.req.text();
  const data = new TextEncoder().encode(`${c.req.method} ${new URL(c.req.url).pathname}\n${body}`);
  const digest = await crypto.subtle.digest('SHA-256', data);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function storedResponse(c: Context, db: Db, accountId: string, key: string) {
  const stored = await idempotencyKeys.findStored(db, accountId, key);
  if (!stored) return null;
  if (stored.fingerprint !== (await requestFingerprint(c))) {
    throw new ApiError(422, 'idempotency_mismatch', serverText.idempotencyMismatch);
  }
  return new Response(stored.responseBody, {
    status: stored.statusCode,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Idempotent-Replayed': 'true' },
  });
}

export async function replayIfSeen(c: Context<AppBindings>, account: Account): Promise<Response | null> {
  const key = idempotencyKey(c);
  return key ? storedResponse(c, accountDatabase(c, account.instanceId), account.id, key) : null;
}
