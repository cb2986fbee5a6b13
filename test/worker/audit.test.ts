// The activity log (issue 17; document 2 §2, §5, §6, §7): the school's log for its administration
// (its own rows only, by user, words, days and pages), the platform's view over every school (by
// school), and the superadmin's deletes (by inclusive range of days or by selection, refused to
// delegates and schools, themselves logged).
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import type { AuditDeleted, PlatformAuditPage, SchoolAuditPage } from '../../worker/contract/audit';
import { newLogId } from '../../worker/db/audit';
import { FORBIDDEN } from './admin-support';
import { seedStudents } from './fixtures-academic';
import { schoolWithCourses } from './fixtures-teaching';
import {
  allEverywhere,
  bodyOf,
  call,
  createPlatformUser,
  createSchool,
  directoryD1,
  type ErrorBody,
  sql,
  type TestSchool,
  tokenFor,
} from './helpers';

/** A row written straight into a school's log (a date the API cannot backdate). */
async function logRow(
  school: TestSchool,
  at: string,
  fields: { username?: string; action?: string; target?: string; details?: string; userId?: string } = {},
) {
  // A school log's id holds its time (decision 331).
  const id = newLogId(Date.parse(at));
  await sql(
    school,
    'INSERT INTO audit_log (id, instance_id, username, action_type, target_name, details) VALUES (?, ?, ?, ?, ?, ?)',
    id,
    school.id,
    fields.username ?? 'admin',
    fields.action ?? 'TEST_ACTION',
    fields.target ?? null,
    fields.details ?? null,
  ).run();
  return id;
}

/** The platform-log rows migration 0010 gave their school to (its last statement, run again in tests). */
const backfill = import.meta.glob<string>('../../migrations/0010_*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** How many D1 statements a read prepares in the school's database (its session's included). */
async function statementsOf(school: Pick<TestSchool, 'db'>, send: () => Promise<Response>) {
  const prepare = vi.spyOn(school.db, 'prepare');
  try {
    const res = await send();
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    return prepare.mock.calls.length;
  } finally {
    prepare.mockRestore();
  }
}

const addSubject = (school: TestSchool, token: string, name: string) =>
  call(school, token, 'POST', '/api/subjects', { name });

async function platformToken(type: 'superadmin' | 'superadmin_delegate' = 'superadmin') {
  const school = await createSchool();
  const { username } = await createPlatformUser(undefined, type);
  return { token: await tokenFor(school, username), school, username };
}

describe('GET /api/admin/audit-logs (the school administration)', () => {
  it("answers the school's own writes, newest first, with user, action, target and details", async () => {
    const school = await createSchool();
    const other = await createSchool();
    const token = await tokenFor(school, 'admin');
    expect((await addSubject(school, token, 'Histoire')).status).toBe(201);
    expect((await addSubject(school, token, 'Géographie')).status).toBe(201);
    await addSubject(other, await tokenFor(other, 'admin'), 'Chimie');

    const res = await call(school, token, 'GET', '/api/admin/audit-logs');
    expect(res.status).toBe(200);
    const page = await bodyOf<SchoolAuditPage>(res);
    const subjects = page.logs.filter((l) => l.action_type === 'CREATE_SUBJECT');
    expect(subjects.map((l) => l.target_name)).toEqual(['Géographie', 'Histoire']);
    expect(subjects[0]).toMatchObject({ username: 'admin', details: null });
    expect(Date.parse(subjects[0]!.timestamp)).not.toBeNaN();
    // Another school's rows never show.
    expect(page.logs.some((l) => l.target_name === 'Chimie')).toBe(false);
    expect(page.pagination).toMatchObject({ page: 1, total: page.logs.length });
  });

  it('filters by user, by words in any column and by a range of school days, both included', async () => {
    const school = await createSchool();
    const adminId = school.userIdByName.get('admin')!;
    const secretaryId = school.userIdByName.get('secretaire')!;
    // Port-au-Prince is UTC-5 in January: 05:00Z is midnight there.
    await logRow(school, '2001-01-10T04:59:59.999Z', { target: 'avant', userId: adminId });
    await logRow(school, '2001-01-10T05:00:00.000Z', {
      target: 'premier jour',
      userId: adminId,
      details: '{"montant":"1 500","classe":"7e AF"}',
    });
    await logRow(school, '2001-01-13T04:59:59.999Z', {
      target: 'dernier jour',
      userId: secretaryId,
      username: 'secretaire',
    });
    await logRow(school, '2001-01-13T05:00:00.000Z', { target: 'après', userId: adminId });
    const token = await tokenFor(school, 'admin');
    const get = async (query: string) =>
      bodyOf<SchoolAuditPage>(await call(school, token, 'GET', `/api/admin/audit-logs?${query}`));

    const range = await get('startDate=2001-01-10&endDate=2001-01-12');
    expect(range.logs.map((l) => l.target_name)).toEqual(['dernier jour', 'premier jour']);
    expect(
      (await get('startDate=2001-01-10&endDate=2001-01-12&userId=' + secretaryId)).logs.map((l) => l.target_name),
    ).toEqual(['dernier jour']);
    expect((await get('endDate=2001-01-09')).logs.map((l) => l.target_name)).toEqual(['avant']);
    // Words are searched in the user, the action, the target and the details, all of them needed.
    expect((await get('searchTerm=7E%20af%20montant')).logs.map((l) => l.target_name)).toEqual(['premier jour']);
    expect((await get('searchTerm=SECRETAIRE')).logs.map((l) => l.target_name)).toEqual(['dernier jour']);
    expect((await get('searchTerm=introuvable')).logs).toEqual([]);
    // An empty field is no filter; a malformed day is refused in French.
    expect((await get('startDate=&endDate=&searchTerm=')).pagination.total).toBe(4);
    const bad = await call(school, token, 'GET', '/api/admin/audit-logs?startDate=10/01/2001');
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).message).toBe('La date doit être au format AAAA-MM-JJ.');
  });

  it('pages the log: limit rows per page, the total and the number of pages', async () => {
    const school = await createSchool();
    for (let i = 0; i < 5; i++) await logRow(school, `2002-02-0${i + 1}T12:00:00.000Z`, { target: `ligne ${i + 1}` });
    const token = await tokenFor(school, 'admin');
    const page2 = await bodyOf<SchoolAuditPage>(
      await call(school, token, 'GET', '/api/admin/audit-logs?limit=2&page=2&searchTerm=ligne'),
    );
    expect(page2.logs.map((l) => l.target_name)).toEqual(['ligne 3', 'ligne 2']);
    expect(page2.pagination).toEqual({ page: 2, totalPages: 3, total: 5, limit: 2 });
  });

  it("is the administration's: refused to staff without user:manage, teachers and platform accounts", async () => {
    const school = await createSchool();
    for (const user of ['secretaire', 'comptable', 'prof']) {
      const res = await call(school, await tokenFor(school, user), 'GET', '/api/admin/audit-logs');
      expect(res.status, user).toBe(403);
      expect(await bodyOf(res)).toEqual(FORBIDDEN);
    }
    const { username } = await createPlatformUser();
    expect((await call(school, await tokenFor(school, username), 'GET', '/api/admin/audit-logs')).status).toBe(403);
  });

  it("never shows another school's rows, even asked by that school's user id", async () => {
    const school = await createSchool();
    const other = await createSchool();
    await logRow(other, '2003-03-03T12:00:00.000Z', { target: 'secret', userId: other.userIdByName.get('admin')! });
    const token = await tokenFor(school, 'admin');
    const page = await bodyOf<SchoolAuditPage>(
      await call(school, token, 'GET', `/api/admin/audit-logs?userId=${other.userIdByName.get('admin')!}`),
    );
    expect(page.logs).toEqual([]);
    const searched = await bodyOf<SchoolAuditPage>(
      await call(school, token, 'GET', '/api/admin/audit-logs?searchTerm=secret'),
    );
    expect(searched.logs).toEqual([]);
  });
});

describe('how the log reads (decision 200)', () => {
  /** A school with a term, two pupils of 7e AF, a grade of the first and a few other rows naming records by id. */
  async function schoolWithGrades() {
    const base = await schoolWithCourses();
    const { school, yearId, classIds, subject } = base;
    const term = crypto.randomUUID();
    await sql(
      school,
      'INSERT INTO academic_periods (id, instance_id, year_id, name, position) VALUES (?, ?, ?, ?, 1)',
      term,
      school.id,
      yearId,
      'Trimestre 1',
    ).run();
    const { enrollmentIdByStudent, studentIds } = await seedStudents(school.id, { yearId, classIds }, [
      { nom: 'Augustin', prenom: 'Rose', className: '7e AF' },
      { nom: 'Baptiste', prenom: 'Luc', className: '7e AF' },
    ]);
    const enrollment = enrollmentIdByStudent.get(studentIds[0]!)!;
    const prof = await tokenFor(school, 'prof');
    const graded = await call(school, prof, 'POST', '/api/grades', {
      evaluation_id: `${school.id}-devoir`,
      enrollment_id: enrollment,
      subject_id: subject.maths,
      period_id: term,
      evaluation_name: 'Devoir 1',
      max_score: 20,
      new_evaluation: true,
      score: 15,
    });
    expect(graded.status).toBe(200);
    await logRow(school, '2001-05-01T12:00:00.000Z', {
      action: 'SET_APPRECIATION',
      target: enrollmentIdByStudent.get(studentIds[1]!)!,
      details: JSON.stringify({ subject: subject.maths, period: term }),
    });
    await logRow(school, '2001-05-02T12:00:00.000Z', {
      action: 'SET_ATTENDANCE_OVERRIDE',
      target: `${studentIds[1]} 2001-05-02`,
      details: JSON.stringify({ status: 'absent', derived: null }),
    });
    return { ...base, admin: await tokenFor(school, 'admin'), studentIds, enrollmentIdByStudent };
  }

  it('shows each action by its French label and names in place of ids, a deleted record as such', async () => {
    const { school, admin } = await schoolWithGrades();
    const page = await bodyOf<SchoolAuditPage>(await call(school, admin, 'GET', '/api/admin/audit-logs'));
    const row = (action: string) => page.logs.find((l) => l.action_type === action)!;
    expect(row('SET_GRADE')).toMatchObject({
      action_label: 'Note saisie',
      target_name: 'Devoir 1',
      details: 'élève: Rose Augustin | évaluation: Devoir 1 | note: 15',
    });
    expect(row('SET_APPRECIATION')).toMatchObject({
      action_label: 'Appréciation saisie',
      target_name: 'Luc Baptiste',
      details: 'matière: Mathématiques | période: Trimestre 1',
    });
    expect(row('SET_ATTENDANCE_OVERRIDE')).toMatchObject({
      action_label: 'Présence corrigée à la main',
      target_name: 'Luc Baptiste 2001-05-02',
      details: "statut: absent | d'après l'appel: —",
    });
    for (const entry of page.logs) {
      expect(entry.action_label, entry.action_type).not.toBe(entry.action_type);
      expect(`${entry.target_name} ${entry.details}`, entry.action_type).not.toMatch(UUID);
    }
    // A record deleted since: the row says so.
    await sql(school, "DELETE FROM evaluations WHERE instance_id = ? AND name = 'Devoir 1'", school.id).run();
    const after = await bodyOf<SchoolAuditPage>(await call(school, admin, 'GET', '/api/admin/audit-logs'));
    expect(after.logs.find((l) => l.action_type === 'SET_GRADE')!.details).toBe(
      'élève: Rose Augustin | évaluation: supprimé | note: 15',
    );
  });

  it('names a course by its subject and class, from an assignment or from a cell of the curriculum', async () => {
    const { school, classIds, subject } = await schoolWithCourses();
    const where = 'WHERE instance_id = ? AND class_id = ? AND subject_id = ?';
    const of7 = [school.id, classIds.get('7e AF')!, subject.maths] as const;
    const cell = await sql(school, `SELECT id FROM curriculum ${where}`, ...of7).first<{ id: string }>();
    const course = await sql(school, `SELECT id FROM assignments ${where}`, ...of7).first<{ id: string }>();
    await logRow(school, '2001-07-01T12:00:00.000Z', {
      action: 'UPDATE_MAX_GRADE',
      target: cell!.id,
      details: JSON.stringify({ before: 100, after: 20 }),
    });
    await logRow(school, '2001-07-02T12:00:00.000Z', {
      action: 'CREATE_RESOURCE',
      target: 'Fiche 1',
      details: JSON.stringify({ assignment_id: course!.id }),
    });
    const page = await bodyOf<SchoolAuditPage>(
      await call(school, await tokenFor(school, 'admin'), 'GET', '/api/admin/audit-logs'),
    );
    const row = (action: string) => page.logs.find((l) => l.action_type === action)!;
    expect(row('UPDATE_MAX_GRADE').target_name).toBe('Mathématiques — 7e AF');
    expect(row('CREATE_RESOURCE').details).toContain('Mathématiques — 7e AF');
  });

  it('finds an action by a word of its French label', async () => {
    const { school, admin } = await schoolWithGrades();
    const found = await bodyOf<SchoolAuditPage>(
      await call(school, admin, 'GET', '/api/admin/audit-logs?searchTerm=appr%C3%A9ciation'),
    );
    expect(found.logs.map((l) => l.action_type)).toEqual(['SET_APPRECIATION']);
  });

  it('reads the names of a page in a constant number of statements, whatever the page holds', async () => {
    const { school, admin, enrollmentIdByStudent, subject } = await schoolWithGrades();
    const read = () => statementsOf(school, () => call(school, admin, 'GET', '/api/admin/audit-logs?limit=50'));
    const few = await read();
    // Twenty more rows naming other pupils, subjects and courses.
    for (let i = 0; i < 20; i++)
      await logRow(school, `2001-06-${String(i + 1).padStart(2, '0')}T12:00:00.000Z`, {
        action: 'SET_APPRECIATION',
        target: [...enrollmentIdByStudent.values()][i % 2]!,
        details: JSON.stringify({ subject: Object.values(subject)[i % 4], period: crypto.randomUUID() }),
      });
    expect(await read()).toBe(few);
  });

  it('keeps the school of its own actions on a school: its filter in the platform view finds its suspension', async () => {
    const target = await createSchool();
    const { token, school } = await platformToken();
    for (const status of ['suspended', 'active'])
      expect((await call(school, token, 'PUT', `/api/superadmin/schools/${target.id}/status`, { status })).status).toBe(
        200,
      );
    const history = await bodyOf<PlatformAuditPage>(
      await call(school, token, 'GET', `/api/superadmin/audit-logs?schoolId=${target.id}`),
    );
    const name = (await sql(directoryD1(), 'SELECT name FROM instances WHERE id = ?', target.id).first<{
      name: string;
    }>())!.name;
    expect(history.logs.map((l) => [l.action_type, l.action_label, l.school_id, l.school_name, l.by_platform])).toEqual(
      [
        ['REACTIVATE_SCHOOL', 'École réactivée', target.id, name, true],
        ['SUSPEND_SCHOOL', 'École suspendue', target.id, name, true],
      ],
    );
    expect(history.pagination.total).toBe(2);
  });

  it("gives the platform's older rows about a school that school, when its name names one school only", async () => {
    const target = await createSchool();
    const twin = await createSchool();
    const name = `Cible ${crypto.randomUUID()}`;
    await sql(directoryD1(), 'UPDATE instances SET name = ? WHERE id = ?', name, target.id).run();
    const shared = `Homonyme ${crypto.randomUUID().slice(0, 6)}`;
    await sql(
      directoryD1(),
      'UPDATE instances SET name = ? WHERE id IN (?, ?)',
      shared,
      twin.id,
      (await createSchool()).id,
    ).run();
    const row = (action: string, target_name: string) =>
      sql(
        directoryD1(),
        "INSERT INTO platform_audit_log (id, username, action_type, target_name, created_at) VALUES (?, 'sa', ?, ?, '2001-01-01T00:00:00.000Z')",
        crypto.randomUUID(),
        action,
        target_name,
      ).run();
    await row('SUSPEND_SCHOOL', name);
    await row('REACTIVATE_SCHOOL', shared);
    await row('PLATFORM_ANNOUNCEMENT', name);
    const [migration] = Object.values(backfill);
    const update = migration!.slice(migration!.indexOf('UPDATE `'));
    await directoryD1().prepare(update).run();
    const rows = await sql(
      directoryD1(),
      "SELECT action_type, school_id FROM platform_audit_log WHERE created_at = '2001-01-01T00:00:00.000Z' AND target_name IN (?, ?) ORDER BY action_type",
      name,
      shared,
    ).all<{ action_type: string; school_id: string | null }>();
    expect(rows.results).toEqual([
      { action_type: 'PLATFORM_ANNOUNCEMENT', school_id: null },
      { action_type: 'REACTIVATE_SCHOOL', school_id: null },
      { action_type: 'SUSPEND_SCHOOL', school_id: target.id },
    ]);
  });
});

describe('GET /api/superadmin/audit-logs (the platform)', () => {
  it("answers every school's rows with the school's name, and the platform's own; by school", async () => {
    const a = await createSchool();
    const b = await createSchool();
    const marker = `m${crypto.randomUUID().slice(0, 8)}`;
    await logRow(a, '2004-04-04T12:00:00.000Z', { target: `${marker} a` });
    await logRow(b, '2004-04-05T12:00:00.000Z', { target: `${marker} b` });
    for (const type of ['superadmin', 'superadmin_delegate'] as const) {
      const { token, school } = await platformToken(type);
      const allRes = await call(school, token, 'GET', `/api/superadmin/audit-logs?searchTerm=${marker}`);
      if (allRes.status !== 200) throw new Error(await allRes.text());
      const all = await bodyOf<PlatformAuditPage>(allRes);
      expect(all.logs.map((l) => [l.target_name, l.school_id])).toEqual([
        [`${marker} b`, b.id],
        [`${marker} a`, a.id],
      ]);
      expect(all.logs[0]!.school_name).toMatch(/^École /);
      const onlyA = await bodyOf<PlatformAuditPage>(
        await call(school, token, 'GET', `/api/superadmin/audit-logs?searchTerm=${marker}&schoolId=${a.id}`),
      );
      expect(onlyA.logs.map((l) => l.target_name)).toEqual([`${marker} a`]);
      expect(onlyA.pagination.total).toBe(1);
    }
  });

  it('is refused to school accounts, the school admin included', async () => {
    const school = await createSchool();
    const res = await call(school, await tokenFor(school, 'admin'), 'GET', '/api/superadmin/audit-logs');
    expect(res.status).toBe(403);
  });
});

describe('DELETE /api/superadmin/audit-logs/delete-by-date and delete-bulk', () => {
  it('needs both dates, in order', async () => {
    const { token, school } = await platformToken();
    for (const body of [
      {},
      { startDate: '2005-01-01' },
      { endDate: '2005-01-01' },
      { startDate: '', endDate: '2005-01-01' },
    ]) {
      const res = await call(school, token, 'DELETE', '/api/superadmin/audit-logs/delete-by-date', body);
      expect(res.status).toBe(400);
      expect((await bodyOf(res)).message).toBe('Les deux dates sont requises.');
    }
    const reversed = await call(school, token, 'DELETE', '/api/superadmin/audit-logs/delete-by-date', {
      startDate: '2005-01-02',
      endDate: '2005-01-01',
    });
    expect((await bodyOf(reversed)).message).toBe('La date de fin doit être postérieure ou égale à la date de début.');
  });

  it('deletes the range of days in every school, both days included, and logs the deletion', async () => {
    const a = await createSchool();
    const b = await createSchool();
    const kept = [await logRow(a, '2006-01-10T04:59:59.999Z'), await logRow(b, '2006-01-13T05:00:00.000Z')];
    const gone = [
      await logRow(a, '2006-01-10T05:00:00.000Z'),
      await logRow(b, '2006-01-13T04:59:59.999Z'),
      await logRow(b, '2006-01-11T12:00:00.000Z'),
    ];
    const { token, school, username } = await platformToken();
    const res = await call(school, token, 'DELETE', '/api/superadmin/audit-logs/delete-by-date', {
      startDate: '2006-01-10',
      endDate: '2006-01-12',
    });
    expect(res.status).toBe(200);
    expect(await bodyOf<AuditDeleted>(res)).toEqual({ message: '3 entrées du journal supprimées.', deleted: 3 });
    const left = await allEverywhere<{ id: string }>(
      `SELECT id FROM audit_log WHERE id IN (${[...kept, ...gone].map(() => '?').join(',')})`,
      ...kept,
      ...gone,
    );
    expect(left.map((r) => r.id).sort()).toEqual([...kept].sort());
    const logged = await sql(
      directoryD1(),

      "SELECT username, target_name, details FROM platform_audit_log WHERE action_type = 'AUDIT_DELETE_BY_DATE' AND username = ?",
      username,
    ).first<{
      target_name: string;
      details: string;
    }>();
    expect(logged).toMatchObject({ target_name: '2006-01-10 → 2006-01-12' });
    expect(JSON.parse(logged!.details)).toEqual({ du: '2006-01-10', au: '2006-01-12', supprimées: 3 });
  });

  it('deletes a selection, in any school, and logs it', async () => {
    const a = await createSchool();
    const [one, two, three] = [
      await logRow(a, '2007-01-01T12:00:00.000Z'),
      await logRow(a, '2007-01-02T12:00:00.000Z'),
      await logRow(a, '2007-01-03T12:00:00.000Z'),
    ];
    const { token, school, username } = await platformToken();
    const res = await call(school, token, 'DELETE', '/api/superadmin/audit-logs/delete-bulk', { ids: [one, three] });
    expect(await bodyOf<AuditDeleted>(res)).toEqual({ message: '2 entrées du journal supprimées.', deleted: 2 });
    const left = await sql(a, 'SELECT id FROM audit_log WHERE instance_id = ?', a.id).all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual([two]);
    const logs = await bodyOf<PlatformAuditPage>(
      await call(school, token, 'GET', `/api/superadmin/audit-logs?searchTerm=AUDIT_DELETE_BULK%20${username}`),
    );
    expect(logs.logs).toHaveLength(1);
    expect(logs.logs[0]).toMatchObject({
      school_id: null,
      school_name: null,
      by_platform: true,
      username,
      action_label: 'Entrées du journal supprimées',
    });
    const empty = await call(school, token, 'DELETE', '/api/superadmin/audit-logs/delete-bulk', { ids: [] });
    expect((await bodyOf<ErrorBody>(empty)).message).toBe('Veuillez sélectionner au moins une entrée du journal.');
  });

  it('is refused to delegates and to school admins, and nothing is deleted', async () => {
    const a = await createSchool();
    const row = await logRow(a, '2008-01-01T12:00:00.000Z');
    const { token, school } = await platformToken('superadmin_delegate');
    const admin = await tokenFor(a, 'admin');
    for (const [caller, t] of [
      [school, token],
      [a, admin],
    ] as const) {
      expect(
        (
          await call(caller, t, 'DELETE', '/api/superadmin/audit-logs/delete-by-date', {
            startDate: '2008-01-01',
            endDate: '2008-01-01',
          })
        ).status,
      ).toBe(403);
      expect((await call(caller, t, 'DELETE', '/api/superadmin/audit-logs/delete-bulk', { ids: [row] })).status).toBe(
        403,
      );
    }
    expect(await sql(a, 'SELECT id FROM audit_log WHERE id = ?', row).first()).not.toBeNull();
  });
});

describe('past school years archived to R2 (decision 331)', () => {
  it('moves the rows before the current school year into one gzipped object a year, and the log still reads them', async () => {
    const school = await createSchool();
    // Two rows of 2000-2001, one of 2001-2002 (1 August, the school's day), one of this year.
    await logRow(school, '2001-01-10T15:00:00.000Z', { target: 'janvier', details: '{"montant":"1 500"}' });
    await logRow(school, '2001-07-31T15:00:00.000Z', { target: 'juillet', username: 'secretaire' });
    await logRow(school, '2001-08-01T15:00:00.000Z', { target: 'août' });
    const token = await tokenFor(school, 'admin');
    const get = async (query: string) =>
      bodyOf<SchoolAuditPage>(await call(school, token, 'GET', `/api/admin/audit-logs?${query}`));
    const before = await get('endDate=2002-07-31');
    expect(before.logs.map((l) => l.target_name)).toEqual(['août', 'juillet', 'janvier']);

    const { archiveSchool, currentYearBound } = await import('../../worker/lib/log-archive');
    const { handleOf } = await import('../../worker/db/databases');
    const bound = currentYearBound(new Date());
    expect(await archiveSchool(env.FILES, handleOf(school.db), school.id, bound)).toBe(3);
    // Run again (a run stopped before its delete): nothing twice.
    expect(await archiveSchool(env.FILES, handleOf(school.db), school.id, bound)).toBe(0);
    expect(
      await sql(school, 'SELECT count(*) AS n FROM audit_log WHERE instance_id = ? AND id < ?', school.id, bound).first(
        'n',
      ),
    ).toBe(0);
    expect(await bodyOf(await call(school, token, 'GET', '/api/admin/audit-logs/archives'))).toEqual([
      { year: '2001-2002', rows: 1 },
      { year: '2000-2001', rows: 2 },
    ]);
    // The same facts as before, read from the archive; filters and pages too.
    const archived = await get('archive=2000-2001');
    expect(archived.logs).toEqual(before.logs.slice(1));
    expect(archived.pagination.total).toBe(2);
    expect((await get('archive=2000-2001&searchTerm=1 500')).logs.map((l) => l.target_name)).toEqual(['janvier']);
    const userId = school.userIdByName.get('secretaire')!;
    expect((await get(`archive=2000-2001&userId=${userId}`)).logs.map((l) => l.target_name)).toEqual(['juillet']);
    const first = await get('archive=2000-2001&limit=1');
    expect((await get(`archive=2000-2001&limit=1&page=2&after=${encodeURIComponent(first.next!)}`)).logs).toEqual(
      before.logs.slice(2),
    );
    // Another school's archive is not this school's: its own list is empty.
    const other = await createSchool();
    expect(
      await bodyOf(await call(other, await tokenFor(other, 'admin'), 'GET', '/api/admin/audit-logs/archives')),
    ).toEqual([]);
  });
});
