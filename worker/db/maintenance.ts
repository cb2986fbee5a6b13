// Housekeeping queries run by the daily cron.
import { lt } from 'drizzle-orm';
import type { Db } from './client';
import { idempotencyKeys } from './schema';

/** Queued offline writes live 7 days in the browser; their keys are kept one day longer. */
export const IDEMPOTENCY_RETENTION_DAYS = 8;

export const deleteExpiredIdempotencyKeys = (db: Db, now: Date) =>
  db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000).toISOString()));
