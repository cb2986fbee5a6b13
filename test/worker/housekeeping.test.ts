import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { database } from '../../worker/db/client';
import { idempotencyKeys } from '../../worker/db/schema';
import worker from '../../worker/index';
import { directoryD1 } from './helpers';

it('the daily cron deletes idempotency keys older than 8 days and keeps the others', async () => {
  const db = database(directoryD1());
  const day = 86_400_000;
  const account = crypto.randomUUID();
  await db.insert(idempotencyKeys).values([
    {
      accountId: account,
      key: 'old-key-0001',
      fingerprint: 'f',
      statusCode: 200,
      responseBody: '{}',
      createdAt: new Date(Date.now() - 9 * day).toISOString(),
    },
    {
      accountId: account,
      key: 'new-key-0001',
      fingerprint: 'f',
      statusCode: 200,
      responseBody: '{}',
      createdAt: new Date(Date.now() - 2 * day).toISOString(),
    },
  ]);
  await worker.scheduled({ cron: '17 3 * * *', scheduledTime: Date.now(), noRetry: () => {} }, env);
  const left = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).all();
  const mine = left.map((r) => r.key).filter((k) => k.endsWith('-0001'));
  expect(mine).toEqual(['new-key-0001']);
});
