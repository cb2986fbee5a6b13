// The daily clean-up (worker/housekeeping.ts; decision 213): expired idempotency keys, the R2
// files no row holds any more (a class deleted with its resources, a raced create's spare copy),
// never a file younger than an hour, and a deleted school's hub.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { SavedResource } from '../../worker/contract/resources';
import { database } from '../../worker/db/client';
import { readMark } from '../../worker/db/housekeeping';
import { idempotencyKeys } from '../../worker/db/schema';
import { schoolHub } from '../../worker/durable/school-hub';
import { fileOwner, logoKey, resourceKey, studentPhotoKey } from '../../worker/files/keys';
import { SWEEP_MARK, sweepFiles } from '../../worker/files/sweep';
import worker from '../../worker/index';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, createSchool, sql, tokenFor } from './helpers';

it('the daily cron deletes idempotency keys older than 8 days and keeps the others', async () => {
  const db = database(env.DB);
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
    expect((await sql('SELECT id FROM resources WHERE id = ?', gone).all()).results).toEqual([]);
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
    const db = database(env.DB);
    const later = new Date(Date.now() + 2 * HOUR);
    // One page of two keys per run: the first run stops inside the bucket and keeps its place.
    const first = await sweepFiles(env, db, later, { pages: 1, pageSize: 2 });
    expect(first).toMatchObject({ listed: 2, finished: false });
    expect(await readMark(db, SWEEP_MARK)).not.toBeNull();
    const runs = [first];
    while (!runs.at(-1)!.finished && runs.length < 100)
      runs.push(await sweepFiles(env, db, later, { pages: 1, pageSize: 2 }));
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

    await sql('DELETE FROM instances WHERE id = ?', school.id).run();
    expect((await sql('SELECT id FROM deleted_schools WHERE id = ?', school.id).all()).results).toHaveLength(1);
    await runCron(2 * HOUR);

    const tables = await runInDurableObject(hub, (_hub, state) =>
      state.storage.sql
        .exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf%' ESCAPE '\\'")
        .toArray(),
    );
    expect(tables).toEqual([]);
    expect((await sql('SELECT id FROM deleted_schools WHERE id = ?', school.id).all()).results).toEqual([]);
    expect(await keysUnder(`instances/${school.id}/`)).toEqual([]);
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
