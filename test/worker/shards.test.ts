// Schools over several D1 databases (decision 171, "Design as built"; decisions 250-254): the
// directory and two school databases of wrangler.toml, as the Worker runs in production.
import { env, exports } from 'cloudflare:workers';
import { hashPassword } from '../../worker/auth/password';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlatformAuditPage } from '../../worker/contract/audit';
import type { CreatedSchool, PlatformSchool, SchoolsPage } from '../../worker/contract/superadmin';
import { handleOf } from '../../worker/db/databases';
import { newSchoolStatements } from '../../worker/db/instances';
import { partsOf, platformLogPage } from '../../worker/lib/platform-log';
import { newLogId } from '../../worker/db/audit';
import { createYear, seedStudents } from './fixtures-academic';
import { schoolWithCourses } from './fixtures-teaching';
import {
  allEverywhere,
  bodyOf,
  call,
  countEverywhere,
  createPlatformUser,
  createSchool,
  directoryD1,
  type ErrorBody,
  login,
  PASSWORD,
  schoolD1s,
  sql,
  type TestSchool,
  tokenFor,
} from './helpers';

const [FIRST, SECOND] = ['SCHOOL_DB_1', 'SCHOOL_DB_2'];
const d1 = (name: string) => schoolD1s().find((d) => d.name === name)!.d1;

async function superadmin(on?: TestSchool) {
  const school = on ?? (await createSchool());
  const { username } = await createPlatformUser();
  return { school, token: await tokenFor(school, username), username };
}

afterEach(() => vi.restoreAllMocks());

describe('two school databases', () => {
  it("reaches only the database of the host's school, and keeps each database to its role", async () => {
    const a = await createSchool({ shard: FIRST });
    const b = await createSchool({ shard: SECOND });
    const [adminA, adminB] = [await tokenFor(a, 'admin'), await tokenFor(b, 'admin')];
    // While a's host is served, b's database is never asked anything, and the reverse.
    for (const [school, token, other] of [
      [a, adminA, d1(SECOND)],
      [b, adminB, d1(FIRST)],
    ] as const) {
      const prepare = vi.spyOn(other, 'prepare');
      const batch = vi.spyOn(other, 'batch');
      expect((await call(school, token, 'POST', '/api/subjects', { name: 'Histoire' })).status).toBe(201);
      expect((await call(school, token, 'GET', '/api/subjects')).status).toBe(200);
      expect(prepare).not.toHaveBeenCalled();
      expect(batch).not.toHaveBeenCalled();
      vi.restoreAllMocks();
    }
    for (const [school, own, other] of [
      [a, FIRST, SECOND],
      [b, SECOND, FIRST],
    ] as const) {
      const subjects = (name: string) =>
        sql(d1(name), 'SELECT count(*) AS n FROM subjects WHERE instance_id = ?', school.id).first('n');
      expect(await subjects(own)).toBe(1);
      expect(await subjects(other)).toBe(0);
      expect(
        await sql(directoryD1(), 'SELECT count(*) AS n FROM audit_log WHERE instance_id = ?', school.id).first('n'),
      ).toBe(0);
    }

    // Platform writes land in the directory only; the directory holds no school rows.
    const { token } = await superadmin(a);
    expect(
      (await call(a, token, 'POST', '/api/superadmin/announcements', { title: 'Rôles', content: 'Chaque base.' }))
        .status,
    ).toBe(201);
    for (const { d1: db } of schoolD1s()) {
      for (const table of ['platform_users', 'platform_announcements', 'platform_audit_log']) {
        expect(await sql(db, `SELECT count(*) AS n FROM ${table}`).first('n'), table).toBe(0);
      }
      // A school database's schools hold their own rows: none is routed from there.
      expect(
        await sql(db, 'SELECT count(*) AS n FROM instances WHERE shard IS NOT NULL OR hostname IS NOT NULL').first('n'),
      ).toBe(0);
    }
    const directory = directoryD1();
    for (const table of ['users', 'roles', 'subjects', 'audit_log', 'students']) {
      expect(await sql(directory, `SELECT count(*) AS n FROM ${table}`).first('n'), table).toBe(0);
    }
    expect(await sql(directory, 'SELECT count(*) AS n FROM instances WHERE shard IS NULL').first('n')).toBe(0);
  });

  it('creates a school in the database the rule chooses: the smallest by stored size, or the configured one', async () => {
    const { school, token } = await superadmin();
    // Make the first database clearly bigger: a new school goes to the second.
    await d1(FIRST).prepare('CREATE TABLE IF NOT EXISTS padding (x TEXT)').run();
    await d1(FIRST)
      .prepare(
        'INSERT INTO padding (x) SELECT hex(randomblob(1000)) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) SELECT i FROM n)',
      )
      .run();
    try {
      const host = `s${crypto.randomUUID().slice(0, 8)}.ecole.test`;
      const res = await call(school, token, 'POST', '/api/superadmin/schools', {
        name: 'Petite base',
        hostnames: [host],
      });
      expect(res.status).toBe(201);
      const { id } = await bodyOf<CreatedSchool>(res);
      expect(await sql(directoryD1(), 'SELECT shard FROM instances WHERE id = ?', id).first('shard')).toBe(SECOND);
      expect(await sql(d1(SECOND), 'SELECT count(*) AS n FROM users WHERE instance_id = ?', id).first('n')).toBe(1);
      expect(await sql(d1(FIRST), 'SELECT count(*) AS n FROM instances WHERE id = ?', id).first('n')).toBe(0);
    } finally {
      await d1(FIRST).prepare('DROP TABLE padding').run();
    }
    const { chooseSchoolDatabase } = await import('../../worker/db/placement');
    expect((await chooseSchoolDatabase({ ...env, NEW_SCHOOLS_DATABASE: FIRST })).name).toBe(FIRST);
  });
});

describe('the schools list over every database', () => {
  it('merges the schools of both databases by name with their stored counts, kept by every write', async () => {
    const a = await createSchool({ shard: FIRST });
    const b = await createSchool({ shard: SECOND });
    const { token } = await superadmin(a);
    const list = async () => bodyOf<PlatformSchool[]>(await call(a, token, 'GET', '/api/superadmin/schools'));
    const before = await list();
    expect(before.find((s) => s.id === a.id)).toMatchObject({ users: 4, students: 0, hostnames: [a.host] });
    expect(before.find((s) => s.id === b.id)).toMatchObject({ users: 4, students: 0, hostnames: [b.host] });
    const names = before.map((s) => s.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    // One statement per database: the directory's routes (through the console's D1 session,
    // decision 332) and each database's schools (the directory's own: none).
    const sessions = directorySessions();
    const spies = [directoryD1(), ...schoolD1s().map((s) => s.d1)].map((db) => vi.spyOn(db, 'prepare'));
    await list();
    const platformReads = spies.map((s) => s.mock.calls.filter(([q]) => /from "instances"/i.test(q as string)).length);
    expect(platformReads).toEqual([1, 1, 1]);
    expect(sessions.flatMap((s) => s.statements).filter((q) => /from "instances"$/.test(q))).toHaveLength(1);
    vi.restoreAllMocks();

    // The counts follow every write, in its own batch (triggers): students added, an account
    // added through the API, a student archived, an account deleted.
    const year = await createYear(b.id, { classes: [['7e AF', 1000]] });
    await seedStudents(b.id, year, [
      { nom: 'Joseph', prenom: 'Anne', className: '7e AF' },
      { nom: 'Pierre', prenom: 'Marc', status: 'archived' },
    ]);
    const admin = await tokenFor(b, 'admin');
    const registered = await call(b, admin, 'POST', '/api/register', {
      username: 'caissier',
      password: 'Caissier#2026-ok',
      roleIds: [b.roleIdByTemplate.get('accountant')],
    });
    expect(registered.status).toBe(201);
    expect((await list()).find((s) => s.id === b.id)).toMatchObject({ users: 5, students: 1 });
    const stored = await sql(b, 'SELECT users_count, students_count FROM instances WHERE id = ?', b.id).first();
    expect(stored).toEqual({ users_count: 5, students_count: 1 });
    await sql(b, "UPDATE students SET status = 'archived' WHERE instance_id = ?", b.id).run();
    await sql(b, "DELETE FROM users WHERE instance_id = ? AND username = 'comptable'", b.id).run();
    expect((await list()).find((s) => s.id === b.id)).toMatchObject({ users: 4, students: 0 });
  });
});

describe('a page of the schools list, searched (decision 332)', () => {
  it('answers one page by name over both databases, searched by name or hostname, with the counts', async () => {
    const token = `t${crypto.randomUUID().slice(0, 8)}`;
    const b = await createSchool({ shard: SECOND });
    const a = await createSchool({ shard: FIRST });
    for (const [school, name] of [
      [a, `Lycée ${token} Alpha`],
      [b, `Lycée ${token} Bêta`],
    ] as const) {
      await sql(directoryD1(), 'UPDATE instances SET name = ? WHERE id = ?', name, school.id).run();
      await sql(school, 'UPDATE instances SET name = ? WHERE id = ?', name, school.id).run();
    }
    const { token: platform } = await superadmin(a);
    const page = async (query: string) =>
      bodyOf<SchoolsPage>(await call(a, platform, 'GET', `/api/superadmin/school-list?${query}`));
    const first = await page(`search=${token.toUpperCase()}&limit=1`);
    expect(first.pagination).toEqual({ page: 1, totalPages: 2, total: 2, limit: 1 });
    expect(first.schools).toEqual([
      expect.objectContaining({ id: a.id, name: `Lycée ${token} Alpha`, hostnames: [a.host], users: 4, students: 0 }),
    ]);
    expect((await page(`search=${token}&limit=1&page=2`)).schools.map((s) => s.id)).toEqual([b.id]);
    expect((await page(`search=${b.host.split('.')[0]}`)).schools.map((s) => s.id)).toEqual([b.id]);
    expect((await page(`search=${token} alpha`)).schools.map((s) => s.id)).toEqual([a.id]);
    // Folded as every search of the app (decision 042): accents and case do not matter.
    expect((await page(`search=LYCEE ${token} béta`)).schools.map((s) => s.id)).toEqual([b.id]);
    // One batch in the directory (through a D1 session), one statement in each database the page names.
    const sessions = directorySessions();
    const spies = [directoryD1(), d1(FIRST), d1(SECOND)].map(
      (db) => [vi.spyOn(db, 'batch'), vi.spyOn(db, 'prepare')] as const,
    );
    await page(`search=${token}&limit=1`);
    const console = sessions.filter((s) => s.batches > 0);
    expect(
      console.map((s) => [s.start, s.batches, s.statements.filter((q) => /from "instances"/i.test(q)).length]),
    ).toEqual([['first-unconstrained', 1, 2]]);
    expect(spies.map(([batch]) => batch.mock.calls.length)).toEqual([0, 0, 0]);
    expect(
      spies.map(([, prepare]) => prepare.mock.calls.filter(([q]) => /from "instances"/i.test(q as string)).length),
    ).toEqual([0, 1, 0]);
  });
});

/** The directory's D1 sessions opened from now on: where each starts, its batches and statements. */
function directorySessions() {
  const directory = directoryD1();
  const open = directory.withSession.bind(directory);
  const opened: { start: string; batches: number; statements: string[] }[] = [];
  vi.spyOn(directory, 'withSession').mockImplementation((start) => {
    const session = open(start);
    const record = { start: String(start), batches: 0, statements: [] as string[] };
    opened.push(record);
    return new Proxy(session, {
      get(target, property) {
        if (property === 'prepare')
          return (query: string) => {
            record.statements.push(query);
            return target.prepare(query);
          };
        if (property === 'batch')
          return (statements: D1PreparedStatement[]) => {
            record.batches++;
            return target.batch(statements);
          };
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  });
  return opened;
}

describe('the directory read through D1 sessions (decision 332)', () => {
  const bookmarkOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => /^portail_directory=([^;]*)/.exec(c)?.[1])
      .find((v) => v !== undefined);

  it('answers a school whose host read cannot be had from a replica: the primary answers it', async () => {
    const school = await createSchool({ shard: SECOND });
    const token = await tokenFor(school, 'admin');
    // A session that cannot answer (a busy local database, a replica unreachable).
    const refused = () => Promise.reject(new Error('D1_ERROR: Failed to get session commit token: internal error'));
    const statement = { bind: () => statement, all: refused, first: refused, raw: refused, run: refused };
    vi.spyOn(directoryD1(), 'withSession').mockImplementation(
      () => ({ prepare: () => statement, batch: refused }) as unknown as D1DatabaseSession,
    );
    const res = await call(school, token, 'GET', '/api/bootstrap');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { school: { id: string } }).school.id).toBe(school.id);
  });

  it("gives the console its bookmark, reads after its own write at the primary, and the staff's banner anywhere", async () => {
    const { school, token } = await superadmin();
    const sessions = directorySessions();
    // Where the sessions that read platform announcements started (the host routing's are others).
    const startsOf = () => {
      const starts = sessions
        .filter((s) => s.statements.some((q) => /from "platform_announcements"/i.test(q)))
        .map((s) => s.start);
      sessions.length = 0;
      return starts;
    };
    const list = (cookie?: string) =>
      call(school, token, 'GET', '/api/superadmin/announcements', undefined, cookie ? { Cookie: cookie } : {});

    // A first read: any replica, and the bookmark where it read.
    const first = await list();
    expect(first.status).toBe(200);
    expect(startsOf()).toEqual(['first-unconstrained']);
    const bookmark = bookmarkOf(first)!;
    expect(bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);
    expect(first.headers.getSetCookie().find((c) => c.startsWith('portail_directory='))).toMatch(
      /Path=\/api; .*HttpOnly; Secure; SameSite=Strict/,
    );

    // The next read starts at that bookmark (never older).
    expect((await list(`portail_directory=${bookmark}`)).status).toBe(200);
    expect(startsOf()).toEqual([bookmark]);

    // A platform write sends the next read to the primary, which sees it.
    const title = `Annonce ${crypto.randomUUID().slice(0, 8)}`;
    const posted = await call(
      school,
      token,
      'POST',
      '/api/superadmin/announcements',
      { title, content: 'Texte' },
      { Cookie: `portail_directory=${bookmark}` },
    );
    expect(posted.status).toBe(201);
    expect(bookmarkOf(posted)).toBe('first-primary');
    expect(startsOf()).toEqual([]);
    const after = await list('portail_directory=first-primary');
    expect(startsOf()).toEqual(['first-primary']);
    expect((await bodyOf<{ title: string }[]>(after)).map((a) => a.title)).toContain(title);
    expect(bookmarkOf(after)).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);

    // A cookie that is no bookmark starts anywhere.
    await list('portail_directory=nimporte%20quoi');
    expect(startsOf()).toEqual(['first-unconstrained']);

    // A school's staff read the platform's banner from any replica, and get no bookmark.
    const admin = await tokenFor(school, 'admin');
    const boot = await call(school, admin, 'GET', '/api/bootstrap');
    expect(boot.status).toBe(200);
    expect((await bodyOf<{ announcement: unknown }>(boot)).announcement).not.toBeNull();
    expect(startsOf()).toEqual(['first-unconstrained']);
    expect(bookmarkOf(boot)).toBeUndefined();
    const banner = await call(school, admin, 'GET', '/api/admin/announcements');
    expect(await bodyOf(banner)).not.toBeNull();
    expect(startsOf()).toEqual(['first-unconstrained']);
    expect(bookmarkOf(await call(school, admin, 'POST', '/api/subjects', { name: 'Latin' }))).toBeUndefined();
  });
});

describe('the platform log over every database', () => {
  /** Rows written straight into each log (dates the API cannot backdate), all with one word, on one day of `year`. */
  async function logs(word: string, year = 2004) {
    const a = await createSchool({ shard: FIRST });
    const b = await createSchool({ shard: SECOND });
    const c = await createSchool({ shard: SECOND });
    const at = (minute: number) => new Date(Date.UTC(year, 0, 1, 10, minute)).toISOString();
    const rows: { at: string; where: 'a' | 'b' | 'c' | 'platform' }[] = [];
    // Interleaved, then b alone for a while (one database's log younger than the others).
    for (let m = 0; m < 40; m++) rows.push({ at: at(m), where: (['a', 'b', 'platform', 'c'] as const)[m % 4]! });
    for (let m = 40; m < 58; m++) rows.push({ at: at(m), where: 'b' });
    for (const row of rows) {
      const id = crypto.randomUUID();
      if (row.where === 'platform') {
        await sql(
          directoryD1(),
          'INSERT INTO platform_audit_log (id, username, action_type, details, created_at) VALUES (?, ?, ?, ?, ?)',
          id,
          'plateforme',
          'TEST_PLATFORM',
          word,
          row.at,
        ).run();
      } else {
        const school = { a, b, c }[row.where];
        // A school log's id holds its time (decision 331).
        await sql(
          school,
          'INSERT INTO audit_log (id, instance_id, username, action_type, details) VALUES (?, ?, ?, ?, ?)',
          newLogId(Date.parse(row.at)),
          school.id,
          'admin',
          'TEST_SCHOOL',
          word,
        ).run();
      }
    }
    return { a, b, c, count: rows.length };
  }

  /** The whole view in order, from every database directly. */
  const everyRow = (word: string) =>
    allEverywhere<{ id: string; timestamp: string }>(
      `SELECT id, created_at AS timestamp FROM audit_log WHERE details = ?1 UNION ALL SELECT id, created_at FROM platform_audit_log WHERE details = ?1`,
      word,
    ).then((rows) =>
      rows.sort((x, y) => (x.timestamp === y.timestamp ? (x.id < y.id ? 1 : -1) : x.timestamp < y.timestamp ? 1 : -1)),
    );

  it('pages through every database newest first, with the total, whatever the page size; a search and a school filter too', async () => {
    const word = `mot${crypto.randomUUID().slice(0, 8)}`;
    const { a, b, count } = await logs(word);
    const { token } = await superadmin(a);
    const expected = (await everyRow(word)).map((r) => r.id);
    expect(expected).toHaveLength(count);
    for (const limit of [5, 7, 20]) {
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(count / limit) + 1; page++) {
        const res = await call(
          a,
          token,
          'GET',
          `/api/superadmin/audit-logs?searchTerm=${word}&page=${page}&limit=${limit}`,
        );
        expect(res.status).toBe(200);
        const body = await bodyOf<PlatformAuditPage>(res);
        expect(body.pagination.total).toBe(count);
        seen.push(...body.logs.map((l) => l.id));
      }
      expect(seen, `limit ${limit}`).toEqual(expected);
    }
    // Page after page by the cursor of the last row (the screen's way): the same rows, one round
    // trip per database whatever the depth.
    for (const limit of [5, 7]) {
      const seen: string[] = [];
      let after: string | null = null;
      for (let page = 1; page <= Math.ceil(count / limit) + 1; page++) {
        const res = await call(
          a,
          token,
          'GET',
          `/api/superadmin/audit-logs?searchTerm=${word}&page=${page}&limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
        );
        const body = await bodyOf<PlatformAuditPage>(res);
        expect(body.pagination.total).toBe(count);
        seen.push(...body.logs.map((l) => l.id));
        after = body.next;
        if (!after) break;
      }
      expect(seen, `limit ${limit}`).toEqual(expected);
    }
    // One school: its database only, its rows with its name.
    const own = await bodyOf<PlatformAuditPage>(
      await call(a, token, 'GET', `/api/superadmin/audit-logs?searchTerm=${word}&schoolId=${b.id}&page=2&limit=10`),
    );
    expect(own.pagination.total).toBe(28);
    expect(own.logs).toHaveLength(10);
    expect(new Set(own.logs.map((l) => l.school_id))).toEqual(new Set([b.id]));
    expect(own.logs[0]!.school_name).toBe(await sql(b, 'SELECT name FROM instances WHERE id = ?', b.id).first('name'));
  });

  it('reads each database in at most three round trips, whatever the page', async () => {
    const word = `mot${crypto.randomUUID().slice(0, 8)}`;
    const { count } = await logs(word);
    const databases = [{ name: 'DIRECTORY', d1: directoryD1() }, ...schoolD1s()];
    const named = databases.map(({ name, d1: db }) => ({ name, db: handleOf(db) }));
    const expected = (await everyRow(word)).map((r) => r.id);
    for (const page of [1, 2, 6, 11]) {
      const spies = databases.map(({ d1: db }) => [vi.spyOn(db, 'batch'), vi.spyOn(db, 'prepare')] as const);
      const { logs: rows, total } = await platformLogPage(
        partsOf(named),
        { from: null, to: null, words: [word] },
        { page, limit: 5 },
      );
      expect(total).toBe(count);
      expect(rows.map((r) => r.id)).toEqual(expected.slice((page - 1) * 5, page * 5));
      for (const [batch, prepare] of spies) {
        const statements = batch.mock.calls.reduce((n, [s]) => n + s.length, 0);
        expect(batch.mock.calls.length + prepare.mock.calls.length - statements).toBeLessThanOrEqual(
          page === 1 ? 1 : 3,
        );
      }
      vi.restoreAllMocks();
    }
  });

  it('deletes a range in every database and logs it once, in the directory', async () => {
    const word = `mot${crypto.randomUUID().slice(0, 8)}`;
    const { a } = await logs(word, 2003);
    const { token, username } = await superadmin(a);
    const res = await call(a, token, 'DELETE', '/api/superadmin/audit-logs/delete-by-date', {
      startDate: '2003-01-01',
      endDate: '2003-01-01',
    });
    expect(await bodyOf(res)).toMatchObject({ deleted: 58 });
    expect(await countEverywhere('SELECT count(*) AS n FROM audit_log WHERE details = ?', word)).toBe(0);
    expect(await countEverywhere('SELECT count(*) AS n FROM platform_audit_log WHERE details = ?', word)).toBe(0);
    const logged = await allEverywhere(
      "SELECT username FROM platform_audit_log WHERE action_type = 'AUDIT_DELETE_BY_DATE' AND username = ?",
      username,
    );
    expect(logged).toEqual([{ username }]);
  });
});

describe('usernames between platform and school accounts (decision 250)', () => {
  it('refuses a school account of a platform name in its batch, and a delegate of a school account name in any database', async () => {
    const a = await createSchool({ shard: FIRST });
    const b = await createSchool({
      shard: SECOND,
      users: [
        { username: 'admin', type: 'admin' },
        { username: 'unique-b', type: 'teacher' },
      ],
    });
    const { token, username } = await superadmin(a);
    // The trigger: whatever a route checked before, the batch that inserts the account fails.
    await expect(
      sql(
        a,
        "INSERT INTO users (id, instance_id, username, password_hash, account_type, status) VALUES (?, ?, ?, 'x', 'standard', 'active')",
        crypto.randomUUID(),
        a.id,
        username.toUpperCase(),
      ).run(),
    ).rejects.toThrow(/username_reserved/);
    // Through the API the route says so in French.
    const admin = await tokenFor(a, 'admin');
    const refused = await call(a, admin, 'POST', '/api/register', {
      username,
      password: 'Secretaire#2026-ok',
      roleIds: [a.roleIdByTemplate.get('secretary')],
    });
    expect(refused.status).toBe(409);

    // A delegate named like b's teacher: refused, and no reservation left in either database.
    const taken = await call(a, token, 'POST', '/api/superadmin/delegates', { username: 'unique-b' });
    expect(taken.status).toBe(409);
    expect(await countEverywhere("SELECT count(*) AS n FROM reserved_usernames WHERE username = 'unique-b'")).toBe(0);
    // A free name: reserved in both school databases, released when the delegate goes.
    const name = `d-${crypto.randomUUID().slice(0, 6)}`;
    const created = await bodyOf<{ id: string }>(
      await call(a, token, 'POST', '/api/superadmin/delegates', { username: name }),
    );
    for (const { d1: db } of schoolD1s()) {
      expect(await sql(db, 'SELECT count(*) AS n FROM reserved_usernames WHERE username = ?', name).first('n')).toBe(1);
    }
    const registered = await call(b, await tokenFor(b, 'admin'), 'POST', '/api/register', {
      username: name,
      password: 'Secretaire#2026-ok',
      roleIds: [b.roleIdByTemplate.get('secretary')],
    });
    expect(registered.status).toBe(409);
    expect((await call(a, token, 'DELETE', `/api/superadmin/delegates/${created.id}`)).status).toBe(200);
    expect(await countEverywhere('SELECT count(*) AS n FROM reserved_usernames WHERE username = ?', name)).toBe(0);
  });
});

describe('a school created over two databases', () => {
  it('leaves nothing behind when its directory row cannot be written', async () => {
    const { school, token } = await superadmin();
    const host = `f${crypto.randomUUID().slice(0, 8)}.ecole.test`;
    // The directory refuses this school's row (as a failure after the school's own batch would).
    const trigger = `fail_route_${host.replace(/\W/g, '')}`;
    await sql(
      directoryD1(),
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON instances WHEN NEW.hostname = '${host}' BEGIN SELECT RAISE(ABORT, 'forced failure'); END`,
    ).run();
    try {
      const res = await call(school, token, 'POST', '/api/superadmin/schools', {
        name: 'École à moitié',
        hostnames: [host],
        adminUsername: 'directrice',
      });
      expect(res.status).toBe(500);
    } finally {
      await sql(directoryD1(), `DROP TRIGGER ${trigger}`).run();
    }
    expect(await countEverywhere("SELECT count(*) AS n FROM instances WHERE name = 'École à moitié'")).toBe(0);
    expect(await countEverywhere("SELECT count(*) AS n FROM users WHERE username = 'directrice'")).toBe(0);
    expect(
      await countEverywhere('SELECT count(*) AS n FROM roles WHERE instance_id NOT IN (SELECT id FROM instances)'),
    ).toBe(0);
    expect(
      await countEverywhere("SELECT count(*) AS n FROM platform_audit_log WHERE target_name = 'École à moitié'"),
    ).toBe(0);
    // The same creation goes through once the directory accepts it.
    const again = await call(school, token, 'POST', '/api/superadmin/schools', {
      name: 'École à moitié',
      hostnames: [host],
      adminUsername: 'directrice',
    });
    expect(again.status).toBe(201);
  });

  it('writes nothing in the directory when the school database refuses (a platform name for its admin)', async () => {
    const { school, token } = await superadmin();
    const { username } = await createPlatformUser();
    // The route reads the directory first; the reservation in the school database is the last word.
    await sql(directoryD1(), 'DELETE FROM platform_users WHERE username = ?', username).run();
    const host = `g${crypto.randomUUID().slice(0, 8)}.ecole.test`;
    const res = await call(school, token, 'POST', '/api/superadmin/schools', {
      name: 'Nom réservé',
      hostnames: [host],
      adminUsername: username,
    });
    expect(res.status).toBe(409);
    expect((await bodyOf<ErrorBody>(res)).message).toBe(
      "Ce nom d'utilisateur est réservé à un compte de la plateforme. Choisissez-en un autre.",
    );
    expect(await countEverywhere("SELECT count(*) AS n FROM instances WHERE name = 'Nom réservé'")).toBe(0);
  });
});

describe('moving a school to another database (decision 251)', () => {
  const databases = () => ({ DIRECTORY: directoryD1(), [FIRST]: d1(FIRST), [SECOND]: d1(SECOND) });
  const subjectsIn = async (name: string, school: TestSchool) =>
    (
      await sql(d1(name), 'SELECT name FROM subjects WHERE instance_id = ? ORDER BY name', school.id).all<{
        name: string;
      }>()
    ).results.map((r) => r.name);
  const rowsOf = async (db: D1Database, school: string) => {
    const tables = (
      await db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%instance_id%'")
        .all<{ name: string }>()
    ).results.map((t) => t.name);
    let n = 0;
    for (const table of tables)
      n += (await sql(db, `SELECT count(*) AS n FROM "${table}" WHERE instance_id = ?`, school).first<number>('n'))!;
    return n + (await sql(db, 'SELECT count(*) AS n FROM instances WHERE id = ?', school).first<number>('n'))!;
  };

  it('refuses writes while it moves with the maintenance message, loses none, and works after; others untouched', async () => {
    const school = await createSchool({ shard: FIRST });
    const neighbour = await createSchool({ shard: FIRST });
    const [admin, neighbourAdmin] = [await tokenFor(school, 'admin'), await tokenFor(neighbour, 'admin')];
    const key = `cle-${crypto.randomUUID()}`;
    const acknowledged: string[] = [];
    for (const name of ['Histoire', 'Géographie', 'Physique', 'Chimie']) {
      const res = await call(
        school,
        admin,
        'POST',
        '/api/subjects',
        { name },
        name === 'Chimie' ? { 'Idempotency-Key': key } : {},
      );
      expect(res.status).toBe(201);
      acknowledged.push(name);
    }
    const before = await rowsOf(d1(FIRST), school.id);
    const during: { status: number; body: ErrorBody }[] = [];
    let n = 0;
    const { moveSchool } = await import('../../worker/db/move');
    const report = await moveSchool(databases(), school.id, SECOND, {
      chunk: 2,
      waitMs: 0,
      onChunk: async () => {
        // A write of the moving school, and one of a school of the same database.
        const res = await call(school, admin, 'POST', '/api/subjects', { name: `Pendant ${n++}` });
        during.push({ status: res.status, body: await bodyOf(res) });
        if (res.status === 201) acknowledged.push(`Pendant ${n - 1}`);
        expect((await call(neighbour, neighbourAdmin, 'POST', '/api/subjects', { name: `Voisin ${n}` })).status).toBe(
          201,
        );
      },
    });
    expect(report).toMatchObject({ from: FIRST, to: SECOND, outcome: 'moved' });
    expect(during.length).toBeGreaterThan(10);
    for (const { status, body } of during) {
      expect(status).toBe(503);
      expect(body).toMatchObject({
        code: 'maintenance',
        maintenance: true,
        message:
          'Votre école est en maintenance pendant quelques minutes (déplacement de ses données). Aucune donnée n’est perdue : réessayez dans un instant.',
      });
    }
    // Nothing lost, nothing left behind; the directory names the new database.
    expect(await subjectsIn(SECOND, school)).toEqual([...acknowledged].sort());
    expect(await rowsOf(d1(SECOND), school.id)).toBe(before);
    expect(await rowsOf(d1(FIRST), school.id)).toBe(0);
    expect(await sql(directoryD1(), 'SELECT shard FROM instances WHERE id = ?', school.id).first('shard')).toBe(SECOND);
    // The school works: the same token (this isolate still knew the old database: it asked
    // again), a new write, and the replay of a write made before the move (its key moved too).
    expect((await call(school, admin, 'POST', '/api/subjects', { name: 'Après' })).status).toBe(201);
    expect(await subjectsIn(SECOND, school)).toContain('Après');
    const replay = await call(school, admin, 'POST', '/api/subjects', { name: 'Chimie' }, { 'Idempotency-Key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await subjectsIn(SECOND, school)).filter((s) => s === 'Chimie')).toHaveLength(1);
    expect(
      await sql(d1(SECOND), 'SELECT users_count FROM instances WHERE id = ?', school.id).first('users_count'),
    ).toBe(4);
    expect((await call(neighbour, neighbourAdmin, 'GET', '/api/subjects')).status).toBe(200);
  }, 180_000);

  it('resumes after a failure at any step and ends in the same place, its keys moved once', async () => {
    const { moveSchool, moveState, MoveStopped } = await import('../../worker/db/move');
    // A move refused before its maintenance (no such base): the school is open, and says so.
    const untouched = await createSchool({ shard: SECOND });
    await expect(moveSchool(databases(), untouched.id, 'NO_SUCH_DB', { waitMs: 0 })).rejects.toThrow();
    expect(await moveState(databases(), untouched.id)).toEqual({ kind: 'open', database: SECOND });
    for (const step of ['maintenance', 'copy', 'compare', 'switch', 'delete'] as const) {
      const school = await createSchool({ shard: SECOND });
      const admin = await tokenFor(school, 'admin');
      const accounts = await accountsOf(school);
      // An idempotency key of the school's (a resume once failed on the copied keys: issue 40).
      expect(
        (
          await call(
            school,
            admin,
            'POST',
            '/api/subjects',
            { name: 'Latin' },
            { 'Idempotency-Key': `cle-${step}-${crypto.randomUUID()}` },
          )
        ).status,
      ).toBe(201);
      await expect(moveSchool(databases(), school.id, FIRST, { chunk: 3, waitMs: 0, stopAfter: step })).rejects.toThrow(
        MoveStopped,
      );
      // What `npm run move-school` prints after the stop is what users see (decision 330).
      expect(await moveState(databases(), school.id)).toEqual(
        {
          switch: { kind: 'switched', database: FIRST, leftovers: [SECOND] },
          delete: { kind: 'open', database: FIRST },
        }[step as string] ?? { kind: 'maintenance', database: SECOND },
      );
      if (step === 'switch' || step === 'delete') {
        // Switched: served by the new database, the old rows still there, marked moved (or gone).
        expect((await call(school, admin, 'GET', '/api/subjects')).status).toBe(200);
        expect(await sql(d1(SECOND), 'SELECT state FROM instances WHERE id = ?', school.id).first('state')).toBe(
          step === 'switch' ? 'moved' : null,
        );
      } else {
        // Still moving: the school is in maintenance (its screen says so), its neighbours not.
        expect((await call(school, admin, 'GET', '/api/subjects')).status).toBe(503);
        expect(await bodyOf(await school.fetch('/api/maintenance'))).toMatchObject({
          active: true,
          level: 'full_lockdown',
        });
        const neighbour = await createSchool({ shard: SECOND });
        expect(await bodyOf(await neighbour.fetch('/api/maintenance'))).toMatchObject({ active: false });
      }
      const report = await moveSchool(databases(), school.id, FIRST, { chunk: 3, waitMs: 0 });
      expect(report.outcome).toBe({ switch: 'finished', delete: 'already' }[step as string] ?? 'moved');
      expect(await subjectsIn(FIRST, school)).toEqual(['Latin']);
      expect(await rowsOf(d1(SECOND), school.id)).toBe(0);
      expect((await call(school, admin, 'POST', '/api/subjects', { name: `Grec ${step}` })).status).toBe(201);
      expect(await bodyOf(await school.fetch('/api/maintenance'))).toMatchObject({ active: false });
      expect((await moveSchool(databases(), school.id, FIRST, { waitMs: 0 })).outcome).toBe('already');
      expect(await keysIn(d1(FIRST), accounts)).toBe(1);
      expect(await keysIn(d1(SECOND), accounts)).toBe(0);
    }
  }, 300_000);

  const accountsOf = async (school: TestSchool) =>
    (
      await sql(d1(school.shard), 'SELECT id FROM users WHERE instance_id = ?', school.id).all<{ id: string }>()
    ).results.map((r) => r.id);
  const keysIn = async (db: D1Database, accounts: string[]) =>
    (await sql(
      db,
      'SELECT count(*) AS n FROM idempotency_keys WHERE account_id IN (SELECT value FROM json_each(?))',
      JSON.stringify(accounts),
    ).first<number>('n'))!;
  const sessionsIn = async (db: D1Database, school: TestSchool) =>
    (await sql(db, 'SELECT count(*) AS n FROM device_sessions WHERE instance_id = ?', school.id).first<number>('n'))!;

  it('is killed after every copy chunk and resumed each time: the same school in the end, keys and device sessions moved and gone from the source', async () => {
    const { moveSchool, moveState } = await import('../../worker/db/move');
    const school = await createSchool({ shard: FIRST });
    const admin = await tokenFor(school, 'admin', PASSWORD); // a real sign-in: a device session
    for (const name of ['Latin', 'Grec', 'Hébreu'])
      expect(
        (
          await call(
            school,
            admin,
            'POST',
            '/api/subjects',
            { name },
            { 'Idempotency-Key': `cle-${name.length}-${school.id}` },
          )
        ).status,
      ).toBe(201);
    const accounts = await accountsOf(school);
    const [rows, keys, sessions] = [
      await rowsOf(d1(FIRST), school.id),
      await keysIn(d1(FIRST), accounts),
      await sessionsIn(d1(FIRST), school),
    ];
    expect(keys).toBe(3);
    expect(sessions).toBeGreaterThan(0);
    let kills = 0;
    for (let k = 1; ; k++) {
      let chunks = 0;
      try {
        await moveSchool(databases(), school.id, SECOND, {
          chunk: 2,
          waitMs: 0,
          onChunk: () => {
            if (++chunks === k) throw new Error('processus tué');
          },
        });
        break;
      } catch (error) {
        expect((error as Error).message).toBe('processus tué');
        kills++;
        // Killed mid-copy: the school waits in maintenance, and says so.
        expect(await moveState(databases(), school.id)).toEqual({ kind: 'maintenance', database: FIRST });
        expect((await call(school, admin, 'GET', '/api/subjects')).status).toBe(503);
      }
    }
    expect(kills).toBeGreaterThan(10);
    expect(await moveState(databases(), school.id)).toEqual({ kind: 'open', database: SECOND });
    expect(await rowsOf(d1(SECOND), school.id)).toBe(rows);
    expect(await rowsOf(d1(FIRST), school.id)).toBe(0);
    expect([await keysIn(d1(SECOND), accounts), await sessionsIn(d1(SECOND), school)]).toEqual([keys, sessions]);
    expect([await keysIn(d1(FIRST), accounts), await sessionsIn(d1(FIRST), school)]).toEqual([0, 0]);
    // The same session goes on, and an offline replay lands once.
    const replay = await call(
      school,
      admin,
      'POST',
      '/api/subjects',
      { name: 'Grec' },
      { 'Idempotency-Key': `cle-4-${school.id}` },
    );
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await subjectsIn(SECOND, school)).toEqual(['Grec', 'Hébreu', 'Latin']);
  }, 300_000);

  it('retries a busy database chunk by chunk, and a chunk whose answer was lost lands once', async () => {
    const { moveSchool } = await import('../../worker/db/move');
    const school = await createSchool({ shard: SECOND });
    const admin = await tokenFor(school, 'admin');
    for (const name of ['Latin', 'Grec', 'Hébreu', 'Sanskrit'])
      expect((await call(school, admin, 'POST', '/api/subjects', { name })).status).toBe(201);
    const rows = await rowsOf(d1(SECOND), school.id);
    // Every third call fails: before it runs (busy), or after it ran (the answer lost).
    let n = 0;
    const flaky = (db: D1Database): D1Database => {
      const fail = async <T>(run: () => Promise<T>): Promise<T> => {
        n++;
        if (n % 6 === 0) throw new Error('D1_ERROR: SQLITE_BUSY: database is locked');
        const result = await run();
        if (n % 6 === 3) throw new Error('Network connection lost.');
        return result;
      };
      return new Proxy(db, {
        get(target, prop) {
          if (prop === 'batch') return (s: D1PreparedStatement[]) => fail(() => target.batch(s));
          if (prop === 'prepare')
            return (query: string) =>
              new Proxy(target.prepare(query), {
                get(statement, p) {
                  if (p === 'bind')
                    return (...v: unknown[]) =>
                      new Proxy(statement.bind(...v), {
                        get(bound, method) {
                          const value = Reflect.get(bound, method) as unknown;
                          if (typeof value !== 'function') return value;
                          const f = (value as (...a: unknown[]) => Promise<unknown>).bind(bound);
                          return ['run', 'all', 'first'].includes(method as string)
                            ? (...a: unknown[]) => fail(() => f(...a))
                            : f;
                        },
                      });
                  const value = Reflect.get(statement, p) as unknown;
                  return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(statement) : value;
                },
              });
          const value = Reflect.get(target, prop) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    };
    const report = await moveSchool(
      { DIRECTORY: flaky(directoryD1()), [FIRST]: flaky(d1(FIRST)), [SECOND]: flaky(d1(SECOND)) },
      school.id,
      FIRST,
      { chunk: 2, waitMs: 0, sleep: async () => {} },
    );
    expect(report.outcome).toBe('moved');
    expect(report.retries).toBeGreaterThan(10);
    expect(await rowsOf(d1(FIRST), school.id)).toBe(rows);
    expect(await rowsOf(d1(SECOND), school.id)).toBe(0);
    expect(await subjectsIn(FIRST, school)).toEqual(['Grec', 'Hébreu', 'Latin', 'Sanskrit']);
  }, 120_000);

  it('moves the packed marks and grades (tables WITHOUT ROWID) with the rest: the same roll calls and report data after', async () => {
    const { moveSchool } = await import('../../worker/db/move');
    const { school, yearId, classIds, subject } = await schoolWithCourses();
    const { studentIds, enrollmentIdByStudent } = await seedStudents(
      school.id,
      { yearId, classIds },
      ['Alexis', 'Baptiste', 'Céleste'].map((nom) => ({ nom, prenom: 'Test', className: '7e AF' })),
    );
    const enrolled = studentIds.map((id) => enrollmentIdByStudent.get(id)!);
    const [prof, admin] = [await tokenFor(school, 'prof'), await tokenFor(school, 'admin')];
    const lesson = `t3-${school.id}`; // Français, 7e AF, Monday 07:00
    for (const [date, status] of [
      ['2026-01-19', 'present'],
      ['2026-01-26', 'absent'],
    ]) {
      const marks = enrolled.map((enrollment_id, i) => ({ enrollment_id, status: i === 1 ? 'late' : status }));
      const res = await call(school, prof, 'PUT', '/api/teacher/attendance', {
        timetable_entry_id: lesson,
        date,
        marks,
      });
      expect(res.status).toBe(200);
    }
    const period = crypto.randomUUID();
    await sql(
      school,
      "INSERT INTO academic_periods (id, instance_id, year_id, name, position) VALUES (?, ?, ?, 'Trimestre 1', 1)",
      period,
      school.id,
      yearId,
    ).run();
    for (const [i, enrollment_id] of enrolled.entries())
      for (const evaluation_name of ['Devoir', 'Examen'])
        expect(
          (
            await call(school, prof, 'POST', '/api/grades', {
              enrollment_id,
              subject_id: subject.maths,
              period_id: period,
              evaluation_name,
              max_score: 20,
              score: 10 + i,
            })
          ).status,
        ).toBe(200);
    const reads = [
      `/api/teacher/attendance?entryId=${lesson}&date=2026-01-19`,
      `/api/teacher/attendance?entryId=${lesson}&date=2026-01-26`,
      `/api/bulk-report-data?yearId=${yearId}&className=${encodeURIComponent('7e AF')}&periodId=${period}`,
    ];
    const answers = async () =>
      Promise.all(
        reads.map(async (path) => {
          const res = await call(school, admin, 'GET', path);
          return { path, status: res.status, body: await res.text() };
        }),
      );
    const before = await answers();
    expect(before.every((a) => a.status === 200)).toBe(true);
    expect(before[2]!.body).toContain('"score":12');
    const packed =
      'SELECT (SELECT count(*) FROM roll_calls WHERE instance_id = ?1) + (SELECT count(*) FROM class_rosters WHERE instance_id = ?1) AS n';
    const from = school.shard;
    const to = from === FIRST ? SECOND : FIRST;
    expect(await sql(d1(from), packed, school.id).first('n')).toBeGreaterThanOrEqual(3);
    const rows = await rowsOf(d1(from), school.id);
    // One row a chunk: the copy walks each table's key.
    const report = await moveSchool(databases(), school.id, to, { chunk: 1, waitMs: 0 });
    expect(report).toMatchObject({ from, to, outcome: 'moved', rows: { roll_calls: 2, class_rosters: 1 } });
    expect(await rowsOf(d1(to), school.id)).toBe(rows);
    expect(await rowsOf(d1(from), school.id)).toBe(0);
    expect(await answers()).toEqual(before);
  }, 120_000);

  it('moves a school of a deployment not split yet out of the directory, which keeps its route', async () => {
    const { moveSchool } = await import('../../worker/db/move');
    const directory = handleOf(directoryD1());
    const id = crypto.randomUUID();
    const host = `l${id.slice(0, 8)}.ecole.test`;
    const { statements } = newSchoolStatements(directory, { id, name: 'École ancienne' }, [
      { id: crypto.randomUUID(), username: 'ancien', passwordHash: await hashPassword(PASSWORD), accountType: 'admin' },
    ]);
    await directory.batch(statements);
    // Before the split: one row, route and school at once, in the directory (shard NULL).
    await sql(directoryD1(), 'UPDATE instances SET hostname = ? WHERE id = ?', host, id).run();
    const onHost = {
      fetch: (path: string, init?: RequestInit) => exports.default.fetch(`https://${host}${path}`, init),
    };
    const token = await tokenFor(onHost, 'ancien');
    expect((await call(onHost, token, 'POST', '/api/subjects', { name: 'Avant' })).status).toBe(201);
    const report = await moveSchool(databases(), id, SECOND, { waitMs: 0 });
    expect(report).toMatchObject({ from: 'DIRECTORY', to: SECOND, outcome: 'moved' });
    expect(await sql(directoryD1(), 'SELECT shard, hostname, state FROM instances WHERE id = ?', id).first()).toEqual({
      shard: SECOND,
      hostname: host,
      state: 'open',
    });
    for (const table of ['users', 'subjects', 'audit_log']) {
      expect(await sql(directoryD1(), `SELECT count(*) AS n FROM ${table} WHERE instance_id = ?`, id).first('n')).toBe(
        0,
      );
    }
    expect(await sql(d1(SECOND), 'SELECT name FROM subjects WHERE instance_id = ?', id).first('name')).toBe('Avant');
    expect((await call(onHost, token, 'POST', '/api/subjects', { name: 'Après' })).status).toBe(201);
    expect((await login(onHost, 'ancien')).status).toBe(200);
  }, 60_000);
});
