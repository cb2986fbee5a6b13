// A school's backup and restore (issue 30): the small demo school (every kind of row: register,
// money, grades, timetable, roll calls, announcements, accounts) with a photo in R2 is backed up
// as a ZIP whose manifest counts and checksums every entry; restored by the superadmin into a new
// school on another host, the same student sheets, finance sheets and report data are read there.
// A tampered manifest or entry is refused; the backup's tables come from the schema's metadata.
import { env } from 'cloudflare:workers';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { database } from '../../worker/db/client';
import { countRows, schoolTables, wipeSchool } from '../../worker/db/backup';
import { type BackupManifest, restoreOrder } from '../../worker/domain/backup';
import { DEMO_PASSWORD } from '../../scripts/demo-accounts';
import { AURORE_DEMO, demoSchoolStatements } from '../../scripts/demo/school';
import {
  bodyOf,
  call,
  createPlatformUser,
  createSchool,
  directoryD1,
  placeSchool,
  sql,
  type TestSchool,
  tokenFor,
} from './helpers';

// A 4x4 red PNG.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

type School = Pick<TestSchool, 'id' | 'db' | 'fetch'>;

async function demoSchool() {
  const id = crypto.randomUUID();
  const hostname = `${id.slice(0, 8)}.ecole.test`;
  const school = await placeSchool({ id, name: AURORE_DEMO.school.name, hostname }, (db) =>
    demoSchoolStatements(db, { ...AURORE_DEMO, school: { ...AURORE_DEMO.school, id, hostname, isDefault: false } }),
  );
  // A student's photo in R2, as the register stores it.
  const student = (await sql(school, 'SELECT id FROM students WHERE instance_id = ? ORDER BY nom LIMIT 1', id).first<{
    id: string;
  }>())!;
  const key = `instances/${id}/students/${student.id}/photo/v1`;
  await env.FILES.put(key, PNG, { httpMetadata: { contentType: 'image/png' } });
  await sql(school, 'UPDATE students SET photo_key = ? WHERE id = ?', key, student.id).run();
  return { ...school, photoStudent: student.id };
}

/** What the school's staff read: the register, a class's finance sheets, a class's report data, the school. */
async function sheets(school: School) {
  const token = await tokenFor(school, 'secretaire', DEMO_PASSWORD);
  const year = (await sql(
    school,
    'SELECT id FROM school_years WHERE instance_id = ? AND is_current = 1',
    school.id,
  ).first<{
    id: string;
  }>())!.id;
  const klass = (await sql(
    school,
    'SELECT name FROM classes WHERE instance_id = ? ORDER BY order_index LIMIT 1',
    school.id,
  ).first<{
    name: string;
  }>())!.name;
  const period = (await sql(
    school,
    'SELECT id FROM academic_periods WHERE instance_id = ? AND year_id = ? ORDER BY position LIMIT 1',
    school.id,
    year,
  ).first<{ id: string }>())!.id;
  const get = async (path: string) => {
    const res = await call(school, token, 'GET', path);
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return {
    register: await get(`/api/students-with-enrollment-status?${q({ yearId: year, limit: '100' })}`),
    finance: await get(`/api/enrollments?${q({ yearId: year, className: klass })}`),
    reportCards: await get(`/api/bulk-report-data?${q({ yearId: year, className: klass, periodId: period })}`),
    report: await get(`/api/enrollments/all?${q({ yearId: year, limit: '100' })}`),
  };
}

/**
 * An answer with its ids as the restored copy's: a renewed id keeps its first 24 characters
 * (domain/backup.ts renewId), the school's id becomes the other's.
 */
const same = (answer: unknown, ...schools: string[]) =>
  JSON.parse(
    schools
      .reduce((text, school) => text.replaceAll(school, 'SCHOOL'), JSON.stringify(answer))
      .replace(/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-)[0-9a-f]{12}/g, '$1…'),
  ) as unknown;

const base64 = (bytes: Uint8Array) => {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
};

async function sha256(bytes: Uint8Array) {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('the tables of a backup', () => {
  it("are every table of the schema holding a school's rows, parents first, the platform's left out", () => {
    const names = schoolTables().map((t) => t.name);
    // Marks and grades are stored packed (decision 220): roll calls, class rosters, evaluations' scores.
    for (const table of [
      'students',
      'enrollments',
      'payments',
      'evaluations',
      'roll_calls',
      'class_rosters',
      'users',
      'audit_log',
    ])
      expect(names).toContain(table);
    // Nor the views over the packed tables (grades, attendance_records): their rows would come twice.
    for (const table of [
      'instances',
      'platform_users',
      'idempotency_keys',
      'write_guards',
      'permissions',
      'grades',
      'attendance_records',
    ])
      expect(names).not.toContain(table);
    const before = (a: string, b: string) => expect(names.indexOf(a)).toBeLessThan(names.indexOf(b));
    before('students', 'enrollments');
    before('enrollments', 'payments');
    before('students', 'users');
    before('users', 'teachers');
    before('timetable_entries', 'roll_calls');
    before('classes', 'class_rosters');
  });
});

describe('backup and restore', () => {
  it('restores a school into a new one on another host: the same sheets, files and settings', async () => {
    const source = await demoSchool();
    const before = await sheets(source);
    const superadmin = await createPlatformUser();
    const token = await tokenFor(source, superadmin.username);

    // The school admin's own backup, and the superadmin's of any school.
    const admin = await tokenFor(source, 'admin', DEMO_PASSWORD);
    const own = await call(source, admin, 'POST', '/api/admin/backup');
    expect(own.status).toBe(200);
    expect(own.headers.get('Content-Type')).toBe('application/zip');
    await own.arrayBuffer();
    const secretaire = await tokenFor(source, 'secretaire', DEMO_PASSWORD);
    expect((await call(source, secretaire, 'POST', '/api/admin/backup')).status).toBe(403);
    const res = await call(source, token, 'POST', `/api/superadmin/schools/${source.id}/backup`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="sauvegarde-/);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));

    // The manifest: counts as in the database, a checksum for every entry, the photo.
    const manifestText = strFromU8(zip['manifest.json']!);
    const manifest = JSON.parse(manifestText) as BackupManifest;
    const signature = strFromU8(zip['manifest.sig']!);
    expect(manifest.school).toMatchObject({ id: source.id, currency: '$HT' });
    expect(manifest.schema).toMatch(/^\d{4}_/);
    for (const table of ['students', 'payments', 'evaluations', 'roll_calls', 'class_rosters', 'users']) {
      const rows = (await sql(source, `SELECT COUNT(*) AS n FROM ${table} WHERE instance_id = ?`, source.id).first<{
        n: number;
      }>())!.n;
      expect(rows).toBeGreaterThan(0);
      expect(manifest.tables.find((t) => t.name === table)!.rows, table).toBe(rows);
    }
    for (const name of restoreOrder(manifest)) {
      const entry =
        manifest.tables.flatMap((t) => t.entries).find((e) => e.name === name) ??
        manifest.files.find((f) => f.name === name)!;
      expect(await sha256(zip[name]!), name).toBe(entry.sha256);
    }
    expect(manifest.files.map((f) => f.name)).toEqual([`files/students/${source.photoStudent}/photo/v1`]);

    // Its marks and grades, as the views over the packed tables read them.
    const marksAndGrades = async (school: School) =>
      Promise.all(
        ['attendance_records', 'grades'].map(
          async (view) =>
            (await sql(school, `SELECT COUNT(*) AS n FROM ${view} WHERE instance_id = ?`, school.id).first<{
              n: number;
            }>())!.n,
        ),
      );
    const packed = await marksAndGrades(source);
    expect(packed.every((n) => n > 0)).toBe(true);

    // The original is gone (a school taking its data elsewhere, or a mistake): a new school on a new host.
    const db = database(source.db);
    const wipe = wipeSchool(db, source.id);
    await db.batch(wipe as [(typeof wipe)[number], ...(typeof wipe)[number][]]);
    expect([...(await countRows(db, source.id)).values()].every((n) => n === 0)).toBe(true);
    for (const d1 of [source.db, directoryD1()]) await sql(d1, 'DELETE FROM instances WHERE id = ?', source.id).run();
    const target = await createSchool();
    const path = `/api/superadmin/schools/${target.id}/restore`;

    // A tampered manifest, a wrong signature, a tampered entry: refused.
    const changed = manifestText.replace(
      `"rows": ${manifest.tables[0]!.rows}`,
      `"rows": ${manifest.tables[0]!.rows + 1}`,
    );
    expect(changed).not.toBe(manifestText);
    const tampered = await call(target, token, 'POST', `${path}/start`, { manifest: changed, signature });
    expect(tampered.status).toBe(400);
    expect((await bodyOf(tampered)).code).toBe('tampered');
    expect(
      (await call(target, token, 'POST', `${path}/start`, { manifest: manifestText, signature: '0'.repeat(64) }))
        .status,
    ).toBe(400);
    expect(
      (await call(target, token, 'POST', `${path}/entry`, { name: 'tables/x/0001.json', text: '{}' })).status,
    ).toBe(409);

    const start = await call(target, token, 'POST', `${path}/start`, { manifest: manifestText, signature });
    expect(start.status).toBe(200);
    const first = manifest.tables.find((t) => t.name === 'students')!.entries[0]!;
    const forged = strFromU8(zip[first.name]!).replace('"active"', '"archived"');
    const refused = await call(target, token, 'POST', `${path}/entry`, { name: first.name, text: forged });
    expect(refused.status).toBe(400);
    expect(await bodyOf(refused)).toMatchObject({ code: 'tampered', message: expect.stringContaining('Restauration annulée') });
    // A refused entry ends the restore (decision 312): it starts again from the manifest.
    expect((await call(target, token, 'POST', `${path}/finish`)).status).toBe(409);
    expect((await call(target, token, 'POST', `${path}/start`, { manifest: manifestText, signature })).status).toBe(200);

    // Finishing before everything landed is refused.
    expect((await call(target, token, 'POST', `${path}/finish`)).status).toBe(409);

    for (const name of restoreOrder(manifest)) {
      const body = name.startsWith('files/')
        ? { name, base64: base64(zip[name]!) }
        : { name, text: strFromU8(zip[name]!) };
      const sent = await call(target, token, 'POST', `${path}/entry`, body);
      expect(sent.status, name).toBe(200);
    }
    // An entry sent twice writes nothing twice.
    expect(
      (await call(target, token, 'POST', `${path}/entry`, { name: first.name, text: strFromU8(zip[first.name]!) }))
        .status,
    ).toBe(200);
    const finish = await call(target, token, 'POST', `${path}/finish`);
    expect(finish.status).toBe(200);
    const finished = await bodyOf<{ message: string; id: string }>(finish);
    expect(finished).toEqual({ message: 'École restaurée.', id: expect.any(String) });
    // The restored school took the target's place on its host (decision 312), the target is gone.
    const restored = { ...target, id: finished.id };
    expect(await sql(directoryD1(), 'SELECT id FROM instances WHERE id = ?', target.id).first()).toBeNull();
    expect(await sql(target, 'SELECT id FROM instances WHERE id = ?', target.id).first()).toBeNull();

    // The same sheets on the new host, read by the same accounts (ids renewed: decision 312).
    expect(same(await sheets(restored), source.id, restored.id)).toEqual(same(before, source.id, restored.id));
    expect(await marksAndGrades(restored)).toEqual(packed);
    const school = (await sql(
      target,
      'SELECT currency, receipt_seq, name, state FROM instances WHERE id = ?',
      restored.id,
    ).first())!;
    expect(school).toMatchObject({ currency: '$HT', receipt_seq: manifest.school.receipt_seq, state: 'open' });
    const photoStudent = (await sql(
      target,
      'SELECT id FROM students WHERE instance_id = ? AND substr(id, 1, 24) = ?',
      restored.id,
      source.photoStudent.slice(0, 24),
    ).first<{ id: string }>())!.id;
    expect(photoStudent).not.toBe(source.photoStudent);
    const photo = await call(
      restored,
      await tokenFor(restored, 'secretaire', DEMO_PASSWORD),
      'GET',
      `/api/students/${photoStudent}/photo/v1`,
    );
    expect(photo.status).toBe(200);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(PNG);

    // A school that has data is never overwritten.
    const again = await call(restored, token, 'POST', `/api/superadmin/schools/${restored.id}/restore/start`, {
      manifest: manifestText,
      signature,
    });
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).code).toBe('not_empty');
    // A whole school backed up and restored through some hundred requests: more than the default 20 s on a shared machine.
  }, 180_000);
});
