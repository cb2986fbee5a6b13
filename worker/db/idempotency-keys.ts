// Idempotency keys (lib/idempotency.ts): the answer of a write, stored in the write's own batch
// and read back when the same key comes again; the daily cron deletes the old ones.
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from './client';
import { idempotencyKeys } from './schema';

/** Queued offline writes live 7 days in the browser; their keys are kept one day longer. */
export const IDEMPOTENCY_RETENTION_DAYS = 8;

export const findStored = (db: Db, accountId: string, key: string) =>
  db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
    .get();

export const insertKey = (db: Db, row: typeof idempotencyKeys.$inferInsert) => db.insert(idempotencyKeys).values(row);

export const deleteExpired = (db: Db, now: Date) =>
  db
    .delete(idempotencyKeys)
    .where(
      lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000).toISOString()),
    );

export const deleteKey = (db: Db, accountId: string, key: string) =>
  db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
