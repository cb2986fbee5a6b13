// A school's backup and restore (issue 30): the small demo school (every kind of row: register,
// money, grades, timetable, roll calls, announcements, accounts) with a photo in R2 is backed up
// as a ZIP whose manifest counts and checksums every entry; restored by the superadmin into a new
// school on another host, the same student sheets, finance sheets and report data are read there.
// A tampered manifest or entry is refused; the backup's tables come from the schema's metadata.
// Decision 312: a restore refused half-way leaves its target as it was; a restore beside its living
// original, into the database chosen; the support chat in the backup; deleting a school holding
// no data (a failed restore's target); the restores left behind dropped by the daily clean-up.
import { env } from 'cloudflare:workers';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { database } from '../../worker/db/client';
import { countRows, schoolTables, wipeSchool } from '../../worker/db/backup';
import { d1Binding, schoolDatabaseNames } from '../../worker/db/databases';
import { type BackupManifest, CHAT_COLUMNS, restoreOrder } from '../../worker/domain/backup';
import { dropRestoresLeftBehind } from '../../worker/housekeeping';
import { schoolWithCourses } from './fixtures-teaching';
import { DEMO_PASSWORD } from '../../scripts/demo-accounts';
import { AURORE_DEMO, demoSchoolStatements } from '../../scripts/demo/school';
import {
  bodyOf,
  call,
  claimsOf,
  createPlatformUser,
  createSchool,
  directoryD1,
  placeSchool,
  signIn,
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
    expect(await bodyOf(refused)).toMatchObject({
      code: 'tampered',
      message: expect.stringContaining('Restauration annulée'),
    });
    // A refused entry ends the restore (decision 312): it starts again from the manifest.
    expect((await call(target, token, 'POST', `${path}/finish`)).status).toBe(409);
    expect((await call(target, token, 'POST', `${path}/start`, { manifest: manifestText, signature })).status).toBe(
      200,
    );

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

// ------------------------------------------------------------------------------------ decision 312

/** A school as the console creates it: its first admin and its system roles, nothing else. */
const FIRST_ADMIN = [{ username: 'admin', type: 'admin' as const }];

async function backupOf(school: School, token: string) {
  const res = await call(school, token, 'POST', `/api/superadmin/schools/${school.id}/backup`);
  expect(res.status).toBe(200);
  const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const manifestText = strFromU8(zip['manifest.json']!);
  return {
    zip,
    manifestText,
    manifest: JSON.parse(manifestText) as BackupManifest,
    signature: strFromU8(zip['manifest.sig']!),
  };
}
type Backup = Awaited<ReturnType<typeof backupOf>>;

const entryOf = (backup: Backup, name: string) =>
  name.startsWith('files/')
    ? { name, base64: base64(backup.zip[name]!) }
    : { name, text: strFromU8(backup.zip[name]!) };

const restorePath = (target: School) => `/api/superadmin/schools/${target.id}/restore`;

const startRestore = (target: School, token: string, backup: Backup, database?: string) =>
  call(target, token, 'POST', `${restorePath(target)}/start`, {
    manifest: backup.manifestText,
    signature: backup.signature,
    ...(database ? { database } : {}),
  });

/** A whole restore in place of `target` (start, every entry, finish): the restored school, on the target's host. */
async function restoreInto(target: School, token: string, backup: Backup, database?: string) {
  const start = await startRestore(target, token, backup, database);
  expect(start.status, await start.clone().text()).toBe(200);
  for (const name of restoreOrder(backup.manifest)) {
    const sent = await call(target, token, 'POST', `${restorePath(target)}/entry`, entryOf(backup, name));
    expect(sent.status, name).toBe(200);
  }
  const finish = await call(target, token, 'POST', `${restorePath(target)}/finish`);
  expect(finish.status, await finish.clone().text()).toBe(200);
  const { id } = await bodyOf<{ id: string }>(finish);
  const shard = (await sql(directoryD1(), 'SELECT shard FROM instances WHERE id = ?', id).first<{ shard: string }>())!
    .shard;
  return { id, shard, db: d1Binding(env, shard), fetch: target.fetch };
}

/** The restore's state (R2, under the target's prefix): the new school it fills. */
const restoreState = async (target: School) =>
  (await (
    await env.FILES.get(`instances/${target.id}/restore/state.json`)
  )?.json<{
    staging: string;
    database: string;
  }>()) ?? null;

const routeName = async (school: School) =>
  (await sql(directoryD1(), 'SELECT name FROM instances WHERE id = ?', school.id).first<{ name: string }>())!.name;

/** What creating the school wrote and its first admin's sign-in reads. */
const creationRows = async (school: School) =>
  Promise.all(
    ['roles', 'role_permissions', 'users', 'user_roles'].map(
      async (table) =>
        (await sql(school, `SELECT * FROM ${table} WHERE instance_id = ? ORDER BY 1, 2, 3`, school.id).all()).results,
    ),
  );

describe('a restore, all or nothing (decision 312)', () => {
  it('refused half-way, leaves the target as it was: its first admin signs in, its roles are there; the message names the cause', async () => {
    const source = await demoSchool();
    const superadmin = await createPlatformUser();
    const token = await tokenFor(source, superadmin.username);
    // An account of the backup whose name a platform account takes in the meantime: its page of
    // `users` cannot be written in the target's database.
    const taken = `compta-${crypto.randomUUID().slice(0, 6)}`;
    await sql(
      source,
      "INSERT INTO users (id, instance_id, username, password_hash, account_type, status) VALUES (?, ?, ?, 'x', 'standard', 'active')",
      crypto.randomUUID(),
      source.id,
      taken,
    ).run();
    const backup = await backupOf(source, token);
    const target = await createSchool({ users: FIRST_ADMIN });
    const name = await routeName(target);
    const before = await creationRows(target);
    await sql(target, 'INSERT INTO reserved_usernames (username) VALUES (?)', taken).run();

    expect((await startRestore(target, token, backup)).status).toBe(200);
    const state = await restoreState(target);
    let landed = 0;
    let refused: Response | null = null;
    let at = '';
    for (const entry of restoreOrder(backup.manifest)) {
      const res = await call(target, token, 'POST', `${restorePath(target)}/entry`, entryOf(backup, entry));
      if (res.status !== 200) {
        [refused, at] = [res, entry];
        break;
      }
      landed++;
    }
    // Half-way: years, classes, students… had landed in the new school when `users` was refused.
    expect(landed).toBeGreaterThan(5);
    expect(at).toMatch(/^tables\/users\//);
    expect(refused!.status).toBe(409);
    expect(await bodyOf(refused!)).toEqual({
      code: 'restore_failed',
      message: `Échec de la restauration sur « ${at} » : l’identifiant « ${taken} » est réservé à un compte de la plateforme (renommez ce compte de la plateforme, puis recommencez). Restauration annulée : l’école « ${name} » est restée telle qu’elle était.`,
    });

    // The target as it was: its accounts, roles and permissions, open; its first admin signs in.
    expect(await creationRows(target)).toEqual(before);
    expect(await sql(target, 'SELECT state FROM instances WHERE id = ?', target.id).first()).toEqual({ state: 'open' });
    expect(claimsOf(await signIn(target, 'admin'))).toMatchObject({ instance_id: target.id });
    // Nothing of the new school is left (it was in the target's database): its rows, its row, the restore's state.
    expect(state?.database).toBe(target.shard);
    const left = (await sql(
      target,
      'SELECT (SELECT COUNT(*) FROM instances WHERE id = ?1) + (SELECT COUNT(*) FROM students WHERE instance_id = ?1) + (SELECT COUNT(*) FROM school_years WHERE instance_id = ?1) AS n',
      state!.staging,
    ).first<{ n: number }>())!.n;
    expect(left).toBe(0);
    expect(await restoreState(target)).toBeNull();
    const finish = await call(target, token, 'POST', `${restorePath(target)}/finish`);
    expect((await bodyOf(finish)).code).toBe('no_restore');
    // The platform's log says it, about the target.
    const log = await sql(
      directoryD1(),
      "SELECT target_name, details FROM platform_audit_log WHERE action_type = 'RESTORE_SCHOOL_FAILED' AND school_id = ?",
      target.id,
    ).first<{ target_name: string; details: string }>();
    expect(log?.target_name).toBe(name);
    expect(JSON.parse(log!.details)).toMatchObject({ entry: at });

    // The name free again, the restore starts over and lands.
    await sql(target, 'DELETE FROM reserved_usernames WHERE username = ?', taken).run();
    const restored = await restoreInto(target, token, backup);
    expect(claimsOf(await tokenFor(restored, 'admin', DEMO_PASSWORD))).toMatchObject({ instance_id: restored.id });
  }, 180_000);

  it('restores beside its living original, in the same database: the copy has new ids, the original works untouched', async () => {
    const source = await demoSchool();
    const before = await sheets(source);
    const superadmin = await createPlatformUser();
    const token = await tokenFor(source, superadmin.username);
    const backup = await backupOf(source, token);
    const rows = await countRows(database(source.db), source.id);
    const target = await createSchool({ users: FIRST_ADMIN, shard: source.shard });

    const copy = await restoreInto(target, token, backup);
    expect(copy.shard).toBe(source.shard);

    // The original: the same rows, the same sheets read by its own accounts.
    expect(await countRows(database(source.db), source.id)).toEqual(rows);
    expect(await sheets(source)).toEqual(before);
    // The copy: the same sheets on the target's host, under ids of its own.
    expect(same(await sheets(copy), source.id, copy.id)).toEqual(same(before, source.id, copy.id));
    const ids = async (school: School) =>
      (await sql(school, 'SELECT id FROM students WHERE instance_id = ?', school.id).all<{ id: string }>()).results.map(
        (r) => r.id,
      );
    const [originals, copies] = [await ids(source), await ids(copy)];
    expect(copies).toHaveLength(originals.length);
    expect(copies.filter((id) => originals.includes(id))).toEqual([]);
  }, 180_000);

  it('puts the restored school in the school database the superadmin chooses', async () => {
    const [first, second] = schoolDatabaseNames(env) as [string, string];
    const { school: source } = await schoolWithCourses({ shard: first });
    const superadmin = await createPlatformUser();
    const token = await tokenFor(source, superadmin.username);
    const backup = await backupOf(source, token);
    const target = await createSchool({ users: FIRST_ADMIN, shard: first });

    // The databases the console offers, with their schools.
    const listed = await call(target, token, 'GET', '/api/superadmin/databases');
    expect(listed.status).toBe(200);
    const databases = await bodyOf<{ name: string; schools: number }[]>(listed);
    expect(databases.map((d) => d.name)).toEqual([first, second]);
    // The source and the target at least in the first.
    expect(databases[0]!.schools).toBeGreaterThanOrEqual(2);
    const unknown = await startRestore(target, token, backup, 'DIRECTORY');
    expect(unknown.status).toBe(400);
    expect(await bodyOf(unknown)).toMatchObject({ code: 'unknown_database' });

    const restored = await restoreInto(target, token, backup, second);
    expect(restored.shard).toBe(second);
    const held = async (d1: D1Database, id: string) =>
      (await sql(d1, 'SELECT COUNT(*) AS n FROM users WHERE instance_id = ?', id).first<{ n: number }>())!.n;
    expect(await held(d1Binding(env, second), restored.id)).toBeGreaterThan(0);
    expect(await held(d1Binding(env, first), restored.id)).toBe(0);
    // The target's rows are gone from its database; its host signs in to the restored school.
    expect(await sql(target, 'SELECT id FROM instances WHERE id = ?', target.id).first()).toBeNull();
    expect(claimsOf(await signIn(restored, 'admin'))).toMatchObject({ instance_id: restored.id });
  }, 60_000);

  it('takes the support chat into the backup and back into the restored school', async () => {
    const { school, teacher } = await schoolWithCourses();
    const [prof, admin] = await Promise.all([tokenFor(school, 'prof'), tokenFor(school, 'admin')]);
    for (const [token, path, content] of [
      [prof, '/api/teacher/support-messages', 'Bonjour, le projecteur de la salle 3 ne marche plus.'],
      [admin, `/api/admin/teacher-support/messages/${teacher.prof}`, 'Merci, le technicien passe demain.'],
      [prof, '/api/teacher/support-messages', 'Très bien, merci !'],
    ] as const)
      expect((await call(school, token, 'POST', path, { content })).status).toBe(201);
    const superadmin = await createPlatformUser();
    const token = await tokenFor(school, superadmin.username);
    const backup = await backupOf(school, token);

    // A page of the chat in the ZIP, listed in the signed manifest with its checksum.
    expect(backup.manifest.chat).toMatchObject({ rows: 3, columns: [...CHAT_COLUMNS] });
    const [entry] = backup.manifest.chat!.entries;
    expect(entry).toMatchObject({ name: 'chat/0001.json', rows: 3 });
    expect(await sha256(backup.zip[entry!.name]!)).toBe(entry!.sha256);
    expect(restoreOrder(backup.manifest)).toContain(entry!.name);

    const target = await createSchool({ users: FIRST_ADMIN });
    const restored = await restoreInto(target, token, backup);
    const teacherId = (await sql(
      restored,
      'SELECT id FROM teachers WHERE instance_id = ? AND substr(id, 1, 24) = ?',
      restored.id,
      teacher.prof.slice(0, 24),
    ).first<{ id: string }>())!.id;
    const read = async (s: School, who: string, path: string) => {
      const res = await call(s, await tokenFor(s, who), 'GET', path);
      expect(res.status, path).toBe(200);
      return res.json();
    };
    const messages = (list: unknown) =>
      (list as { sender_role: string; content: string; created_at: string; is_read_by_admin: boolean }[]).map(
        ({ sender_role, content, created_at, is_read_by_admin }) => ({
          sender_role,
          content,
          created_at,
          is_read_by_admin,
        }),
      );
    // The administration's view: the conversation, its unread count, its messages in order.
    expect(await read(restored, 'admin', '/api/admin/teacher-support/conversations')).toEqual([
      expect.objectContaining({ teacher_id: teacherId, unread_count: 2 }),
    ]);
    expect(await read(restored, 'admin', '/api/admin/teacher-support/unread')).toEqual({ unread: 2 });
    const original = messages(await read(school, 'admin', `/api/admin/teacher-support/messages/${teacher.prof}`));
    expect(original.map((m) => m.content)).toEqual([
      'Bonjour, le projecteur de la salle 3 ne marche plus.',
      'Merci, le technicien passe demain.',
      'Très bien, merci !',
    ]);
    expect(messages(await read(restored, 'admin', `/api/admin/teacher-support/messages/${teacherId}`))).toEqual(
      original,
    );
    // The teacher's own view.
    expect(messages(await read(restored, 'prof', '/api/teacher/support-messages'))).toEqual(original);
  }, 60_000);
});

describe('deleting a school holding no data (decision 312)', () => {
  it('deletes an empty school and a failed restore’s target with its new school, logged; refuses a school with data', async () => {
    const superadmin = await createPlatformUser();
    const delegate = await createPlatformUser(undefined, 'superadmin_delegate');
    const empty = await createSchool({ users: FIRST_ADMIN });
    const [token, delegateToken] = [
      await tokenFor(empty, superadmin.username),
      await tokenFor(empty, delegate.username),
    ];
    const remove = (school: School, as = token) => call(school, as, 'DELETE', `/api/superadmin/schools/${school.id}`);

    // A delegate may not.
    expect((await remove(empty, delegateToken)).status).toBe(403);
    // An empty school: its rows, its route, and its log row.
    const name = await routeName(empty);
    const deleted = await remove(empty);
    expect(deleted.status).toBe(200);
    expect(await bodyOf(deleted)).toEqual({ message: 'École supprimée.' });
    expect(await sql(directoryD1(), 'SELECT id FROM instances WHERE id = ?', empty.id).first()).toBeNull();
    expect(await sql(empty, 'SELECT COUNT(*) AS n FROM users WHERE instance_id = ?', empty.id).first()).toEqual({
      n: 0,
    });
    const log = await sql(
      directoryD1(),
      "SELECT username, details FROM platform_audit_log WHERE action_type = 'DELETE_SCHOOL' AND target_name = ?",
      name,
    ).first<{ username: string; details: string }>();
    expect(log?.username).toBe(superadmin.username);
    expect(JSON.parse(log!.details)).toMatchObject({ school_id: empty.id, base: empty.shard });
    expect((await remove(empty)).status).toBe(404);

    // A school with data: refused, nothing deleted.
    const { school: full } = await schoolWithCourses();
    const refused = await remove(full);
    expect(refused.status).toBe(409);
    expect(await bodyOf(refused)).toMatchObject({
      code: 'not_empty',
      message: expect.stringContaining('elle ne peut pas être supprimée'),
    });
    expect(await sql(directoryD1(), 'SELECT id FROM instances WHERE id = ?', full.id).first()).not.toBeNull();
    expect(await sql(full, 'SELECT COUNT(*) AS n FROM classes WHERE instance_id = ?', full.id).first()).toEqual({
      n: 2,
    });

    // The target of a restore cut off half-way (the console closed): one call deletes it and the
    // new school the restore was filling.
    const backup = await backupOf(full, token);
    const target = await createSchool({ users: FIRST_ADMIN });
    expect((await startRestore(target, token, backup)).status).toBe(200);
    for (const entry of restoreOrder(backup.manifest).slice(0, 4))
      expect((await call(target, token, 'POST', `${restorePath(target)}/entry`, entryOf(backup, entry))).status).toBe(
        200,
      );
    const state = (await restoreState(target))!;
    const staged = d1Binding(env, state.database);
    expect(await sql(staged, 'SELECT state FROM instances WHERE id = ?', state.staging).first()).toEqual({
      state: 'restoring',
    });
    expect((await remove(target)).status).toBe(200);
    expect(await sql(staged, 'SELECT id FROM instances WHERE id = ?', state.staging).first()).toBeNull();
    expect(
      await sql(staged, 'SELECT COUNT(*) AS n FROM school_years WHERE instance_id = ?', state.staging).first(),
    ).toEqual({ n: 0 });
    expect(await restoreState(target)).toBeNull();
    expect(await sql(directoryD1(), 'SELECT id FROM instances WHERE id = ?', target.id).first()).toBeNull();
  }, 60_000);

  it('the daily clean-up drops a restore left behind two days, the target untouched', async () => {
    const { school } = await schoolWithCourses();
    const superadmin = await createPlatformUser();
    const token = await tokenFor(school, superadmin.username);
    const backup = await backupOf(school, token);
    const target = await createSchool({ users: FIRST_ADMIN });
    const before = await creationRows(target);
    expect((await startRestore(target, token, backup)).status).toBe(200);
    for (const entry of restoreOrder(backup.manifest).slice(0, 3))
      expect((await call(target, token, 'POST', `${restorePath(target)}/entry`, entryOf(backup, entry))).status).toBe(
        200,
      );
    const state = (await restoreState(target))!;
    const staged = d1Binding(env, state.database);
    const held = async () =>
      (await sql(staged, 'SELECT id FROM instances WHERE id = ?', state.staging).first()) !== null;

    // Today: a restore under way is left alone.
    expect(await dropRestoresLeftBehind(env, new Date())).not.toContain(state.staging);
    expect(await held()).toBe(true);
    // Two days on: dropped, the target as it was.
    expect(await dropRestoresLeftBehind(env, new Date(Date.now() + 2 * 86_400_000 + 60_000))).toContain(state.staging);
    expect(await held()).toBe(false);
    expect(await creationRows(target)).toEqual(before);
  }, 60_000);
});
