import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { database } from '../../worker/db/client';
import { newSchoolStatements } from '../../worker/db/instances';
import { idempotencyKeys } from '../../worker/db/schema';
import worker from '../../worker/index';
import { createPlatformUser, createSchool, directoryD1, schoolD1s, sql } from './helpers';

const day = 86_400_000;
const cron = () => worker.scheduled({ cron: '17 3 * * *', scheduledTime: Date.now(), noRetry: () => {} }, env);

it('the daily cron deletes idempotency keys older than 8 days and keeps the others, in every database', async () => {
  const account = crypto.randomUUID();
  for (const d1 of [directoryD1(), ...schoolD1s().map((s) => s.d1)]) {
    await database(d1)
      .insert(idempotencyKeys)
      .values([
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
  }
  await cron();
  for (const d1 of [directoryD1(), ...schoolD1s().map((s) => s.d1)]) {
    const left = await sql(d1, 'SELECT key FROM idempotency_keys WHERE account_id = ?', account).all<{ key: string }>();
    expect(left.results.map((r) => r.key)).toEqual(['new-key-0001']);
  }
});

it("sets each school database's copy of the platform's names right and deletes the schools a failed creation left", async () => {
  const routed = await createSchool();
  const { username } = await createPlatformUser();
  const [first] = schoolD1s();
  const db = database(first!.d1);
  // A name no platform account holds any more (an hour old), one being created (just now), and
  // a platform name missing from this database.
  await sql(
    first!.d1,
    'INSERT INTO reserved_usernames (username, created_at) VALUES (?, ?), (?, ?)',
    'ancien-delegue',
    new Date(Date.now() - 2 * 3600_000).toISOString(),
    'delegue-en-cours',
    new Date().toISOString(),
  ).run();
  await sql(first!.d1, 'DELETE FROM reserved_usernames WHERE username = ?', username).run();
  // Two schools without a directory row: one two hours old (a failed creation), one being created.
  const orphan = crypto.randomUUID();
  const young = crypto.randomUUID();
  for (const id of [orphan, young]) {
    await db.batch([...newSchoolStatements(db, { id, name: 'Sans route' }, []).statements]);
  }
  await sql(
    first!.d1,
    'UPDATE instances SET created_at = ? WHERE id = ?',
    new Date(Date.now() - 2 * 3600_000).toISOString(),
    orphan,
  ).run();
  await sql(
    routed,
    'UPDATE instances SET created_at = ? WHERE id = ?',
    new Date(Date.now() - 2 * 3600_000).toISOString(),
    routed.id,
  ).run();
  await cron();
  const names = (
    await sql(first!.d1, 'SELECT username FROM reserved_usernames').all<{ username: string }>()
  ).results.map((r) => r.username);
  expect(names).toContain(username);
  expect(names).toContain('delegue-en-cours');
  expect(names).not.toContain('ancien-delegue');
  expect(await sql(first!.d1, 'SELECT count(*) AS n FROM instances WHERE id = ?', orphan).first('n')).toBe(0);
  expect(await sql(first!.d1, 'SELECT count(*) AS n FROM roles WHERE instance_id = ?', orphan).first('n')).toBe(0);
  expect(await sql(first!.d1, 'SELECT count(*) AS n FROM instances WHERE id = ?', young).first('n')).toBe(1);
  expect(await sql(routed, 'SELECT count(*) AS n FROM instances WHERE id = ?', routed.id).first('n')).toBe(1);
});
