// The daily clean-up (worker/housekeeping.ts; decisions 213, 250, 252): expired idempotency keys in
// every database, the R2 files no row of any database holds any more (a class deleted with its
// resources, a raced create's spare copy), never a file younger than an hour, a deleted school's
// hub (not a moved school's), the school databases' copies of the platform's names, and the
// schools a failed creation left.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { SavedResource } from '../../worker/contract/resources';
import { database } from '../../worker/db/client';
import { everyDatabase } from '../../worker/db/databases';
import { readMark } from '../../worker/db/housekeeping';
import { newSchoolStatements } from '../../worker/db/instances';
import { idempotencyKeys } from '../../worker/db/schema';
import { schoolHub } from '../../worker/durable/school-hub';
import { fileOwner, logoKey, resourceKey, studentPhotoKey } from '../../worker/files/keys';
import { SWEEP_MARK, sweepFiles } from '../../worker/files/sweep';
import worker from '../../worker/index';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, createPlatformUser, createSchool, directoryD1, schoolD1s, sql, tokenFor } from './helpers';

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

// ------------------------------------------------------------------ files and hubs left behind

const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const HOUR = 3_600_000;
/** The daily run, `ahead` ms from now (the sweep ages objects against the run's time). */
const runCron = (ahead = 0) =>
  worker.scheduled({ cron: '17 3 * * *', scheduledTime: Date.now() + ahead, noRetry: () => {} }, env);
const keysUnder = async (prefix: string) => (await env.FILES.list({ prefix })).objects.map((o) => o.key).sort();

describe('the clean-up of what the cascades leave', () => {
  it("deletes the file of a class deleted with its resource, keeps a live resource's and a fresh upload's", async () => {
    const { school } = await schoolWithCourses();
    const prof = await tokenFor(school, 'prof');
    const admin = await tokenFor(school, 'admin');
    const upload = async (course: string) => {
      const res = await call(school, prof, 'POST', '/api/resources', {
        assignment_id: `${course}-${school.id}`,
        resource_type: 'file',
        title: `Fiche ${course}`,
        file_name: 'fiche.txt',
        file_content: b64(`Fiche ${course}.\n`),
      });
      expect(res.status).toBe(201);
      return (await bodyOf<SavedResource>(res)).resource.id;
    };
    const gone = await upload('a-maths7');
    const kept = await upload('a-maths8');
    const prefix = `instances/${school.id}/resources/`;
    const [goneKey, keptKey] = [`${prefix}${gone}/`, `${prefix}${kept}/`];
    // The spare object of two identical creates that raced: same resource, another version.
    const spare = resourceKey(school.id, kept, crypto.randomUUID());
    await env.FILES.put(spare, 'copie');

    const classes = await bodyOf<{ id: string; name: string }[]>(await call(school, admin, 'GET', '/api/classes'));
    const c7 = classes.find((c) => c.name === '7e AF')!;
    expect((await call(school, admin, 'DELETE', `/api/classes/${c7.id}`)).status).toBe(200);
    // The cascade deleted the resource's row, not its file.
    expect((await sql(school, 'SELECT id FROM resources WHERE id = ?', gone).all()).results).toEqual([]);
    expect((await keysUnder(prefix)).filter((k) => k.startsWith(goneKey))).toHaveLength(1);

    // A resource being created: its file is uploaded, its row not yet written.
    const inFlight = resourceKey(school.id, crypto.randomUUID(), crypto.randomUUID());
    await env.FILES.put(inFlight, 'en cours');
    await runCron();
    expect(await keysUnder(prefix)).toHaveLength(4); // nothing is an hour old yet

    await runCron(2 * HOUR);
    const left = await keysUnder(prefix);
    expect(left).toHaveLength(1);
    expect(left[0]!.startsWith(keptKey)).toBe(true);
    expect(left).not.toContain(spare);
    expect(await (await call(school, prof, 'GET', `/api/resources/${kept}/file`)).text()).toBe('Fiche a-maths8.\n');
  });

  it('walks the files a bounded number of pages per run, going on from where it stopped', async () => {
    const school = crypto.randomUUID();
    const orphans = Array.from({ length: 5 }, (_, i) => logoKey(school, `v${i}`)).sort();
    await Promise.all(orphans.map((key) => env.FILES.put(key, 'x')));
    const databases = everyDatabase(env);
    const db = database(directoryD1());
    const later = new Date(Date.now() + 2 * HOUR);
    // One page of two keys per run: the first run stops inside the bucket and keeps its place.
    const first = await sweepFiles(env, databases, later, { pages: 1, pageSize: 2 });
    expect(first).toMatchObject({ listed: 2, finished: false });
    expect(await readMark(db, SWEEP_MARK)).not.toBeNull();
    const runs = [first];
    while (!runs.at(-1)!.finished && runs.length < 100)
      runs.push(await sweepFiles(env, databases, later, { pages: 1, pageSize: 2 }));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.every((r) => r.listed <= 2)).toBe(true);
    expect(runs.flatMap((r) => r.deleted.filter((k) => k.includes(school))).sort()).toEqual(orphans);
    expect(await keysUnder(`instances/${school}/`)).toEqual([]);
    // Finished: the next run starts from the first key again.
    expect(await readMark(db, SWEEP_MARK)).toBeNull();
  });

  it("empties a deleted school's hub and deletes its files", async () => {
    const school = await createSchool({ users: [{ username: 'admin', type: 'admin' }] });
    const hub = schoolHub(env, school.id);
    const teacherId = crypto.randomUUID();
    await hub.send(teacherId, 'teacher', 'Bonjour', null);
    expect((await hub.conversation(teacherId))?.messages).toHaveLength(1);
    await env.FILES.put(logoKey(school.id, crypto.randomUUID()), 'logo');

    // Deleted from its database and from the directory.
    await sql(school, 'DELETE FROM instances WHERE id = ?', school.id).run();
    await sql(directoryD1(), 'DELETE FROM instances WHERE id = ?', school.id).run();
    expect((await sql(school, 'SELECT id FROM deleted_schools WHERE id = ?', school.id).all()).results).toHaveLength(1);
    await runCron(2 * HOUR);

    const tables = await runInDurableObject(hub, (_hub, state) =>
      state.storage.sql
        .exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf%' ESCAPE '\\'")
        .toArray(),
    );
    expect(tables).toEqual([]);
    expect((await sql(school, 'SELECT id FROM deleted_schools WHERE id = ?', school.id).all()).results).toEqual([]);
    expect(await keysUnder(`instances/${school.id}/`)).toEqual([]);
  });

  it('keeps the hub and files of a school whose rows left a database it moved out of', async () => {
    const school = await createSchool({ users: [{ username: 'admin', type: 'admin' }] });
    const hub = schoolHub(env, school.id);
    const teacherId = crypto.randomUUID();
    await hub.send(teacherId, 'teacher', 'Bonjour', null);
    const logo = logoKey(school.id, crypto.randomUUID());
    await env.FILES.put(logo, 'logo');
    await sql(school, 'UPDATE instances SET logo_key = ? WHERE id = ?', logo, school.id).run();
    // Its rows now live in the other school database (a move's copy), the directory routes it
    // there, and the old database's rows are deleted.
    const other = schoolD1s().find((d) => d.name !== school.shard)!;
    const copy = database(other.d1);
    await copy.batch([...newSchoolStatements(copy, { id: school.id, name: 'Copie' }, []).statements]);
    await sql(other.d1, 'UPDATE instances SET logo_key = ? WHERE id = ?', logo, school.id).run();
    await sql(directoryD1(), 'UPDATE instances SET shard = ? WHERE id = ?', other.name, school.id).run();
    await sql(school, 'DELETE FROM instances WHERE id = ?', school.id).run();
    await runCron(2 * HOUR);
    expect((await hub.conversation(teacherId))?.messages).toHaveLength(1);
    expect((await sql(school, 'SELECT id FROM deleted_schools WHERE id = ?', school.id).all()).results).toEqual([]);
    expect(await keysUnder(`instances/${school.id}/`)).toEqual([logo]);
  });

  it('reads whose a key is from its shape, and leaves keys it does not make alone', () => {
    expect(fileOwner(logoKey('s1', 'v1'))).toEqual({ kind: 'logo', school: 's1' });
    expect(fileOwner(studentPhotoKey('s1', 'st1', 'v1'))).toEqual({ kind: 'photo', school: 's1', studentId: 'st1' });
    expect(fileOwner(resourceKey('s1', 'r1', 'v1'))).toEqual({ kind: 'resource', school: 's1', resourceId: 'r1' });
    expect(fileOwner('instances/s1/other/v1')).toBeNull();
    expect(fileOwner('backups/s1/logo/v1')).toBeNull();
    expect(fileOwner('instances/s1/logo/../v1')).toBeNull();
  });
});
