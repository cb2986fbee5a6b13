// Migration 0007 (decision 220) converts marks and grades in place: a school's rows written in
// the old shape (one row per mark, one per grade) into a database migrated to 0006, then 0007
// applied, then every screen built on them read through the app. The answers must be the ones
// the code before 0007 gave on the same rows, byte for byte (storage-migration.answers.json,
// recorded at commit 7cfa7c6 with the same rows and reads): daily sheets and their overrides,
// detailed reports, roll calls, report card data, the student's Notes. The grade book's answers
// too, but for the grades' ids, which now name their cell ('<evaluation id>.<enrolment id>'). The
// Notes' rank changed since, on purpose (decision 191): see RANKED; and the roll calls' and grade
// books' pupils no longer carry their student id (issue 29): see withoutStudentIds; a class's sheets
// keep a pupil to the days they were in it (decision 302): see withOwnDays.
import { applyD1Migrations, createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import recorded from './storage-migration.answers.json';
import { OLD, READS, oldSchoolToken, oldStorageStatements } from './fixtures-old-storage';

/**
 * The Notes' rank out of: recorded as `class_size` (the class's enrolments), now `tied` and
 * `ranked`, the students with an average in the period, as on the report card (decision 191, issue
 * 23's one rank rule). On the fixture: in Trimestre 2 five of 7e AF's six pupils have a grade (not
 * p2), in Trimestre 1 all six; in 8e AF p7 and p8 (not p9). No two of them share an average.
 */
const RANKED: Record<string, number> = {
  'notes of p1 (latest graded term)': 5,
  'notes of p1 term 1': 6,
  'notes of p8': 2,
  'notes of the student account (p2)': 6,
};

/** A recorded answer with that one change. */
function withRankRule(name: string, answer: { status: number; body: string }) {
  if (!(name in RANKED)) return answer;
  expect(answer.body, name).toMatch(/"class_size":\d+,/);
  return { ...answer, body: answer.body.replace(/"class_size":\d+,/, `"tied":false,"ranked":${RANKED[name]},`) };
}

/**
 * A roll call's or a grade book's pupils as they are answered now: by enrolment and name, without
 * the student id (issue 29: every roster of the week is downloaded at a teacher's sign-in).
 */
function withoutStudentIds(name: string, answer: { status: number; body: string }) {
  if (!/^(roll call|grade book)/.test(name)) return answer;
  expect(answer.body, name).toMatch(/"student_id":"mig-s-p\d+",/);
  return { ...answer, body: answer.body.replace(/"student_id":"mig-s-p\d+",/g, '') };
}

/**
 * A class's sheets keep each pupil to the days they were in it (decision 302): p7, in 8e AF now
 * and in 7e AF's lessons until 26 January, no longer brings those days to 8e AF's sheets (the
 * fixture, recorded before 302, holds no change of class: p7 is 8e AF's all year, and their marks
 * in 7e AF's lessons are nobody's sheet's now).
 */
const OWN_DAYS: Record<string, { student: string; before: string }> = {
  'daily 8e two weeks': { student: 'mig-s-p7', before: '2026-01-26' },
  'detailed 8e two weeks': { student: 'mig-s-p7', before: '2026-01-26' },
};

function withOwnDays(name: string, answer: { status: number; body: string }) {
  const rule = OWN_DAYS[name];
  if (!rule) return answer;
  const body = JSON.parse(answer.body) as { records: { student_id: string; date: string }[] };
  const records = body.records.filter((r) => !(r.student_id === rule.student && r.date < rule.before));
  expect(records.length, name).toBeLessThan(body.records.length);
  return { ...answer, body: JSON.stringify({ ...body, records }) };
}

const db = env.MIGRATION_DB;
const before0007 = env.TEST_MIGRATIONS.filter((m) => m.name < '0007');

const read = async (as: 'admin' | 'prof' | 'eleve', path: string, body?: unknown) => {
  const request = new Request(`https://${OLD.host}${path}`, {
    method: body === undefined ? 'GET' : 'PUT',
    headers: {
      Authorization: `Bearer ${await oldSchoolToken(as)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // The migration's database as the directory: a deployment not split yet, its school in the directory itself.
  const res = await worker.fetch(request, { ...env, DIRECTORY: db }, createExecutionContext());
  return { status: res.status, body: await res.text() };
};

beforeAll(async () => {
  await applyD1Migrations(db, before0007);
  await db.batch(oldStorageStatements(db));
  await applyD1Migrations(db, env.TEST_MIGRATIONS);
});

describe('migration 0007', () => {
  it('keeps every mark and every grade: the same answers as before, byte for byte', async () => {
    const answers = recorded as Record<string, { status: number; body: string }>;
    expect(READS.filter((r) => r.name in RANKED)).toHaveLength(Object.keys(RANKED).length);
    for (const { name, as, path } of READS.filter((r) => !r.name.startsWith('grade book'))) {
      expect(await read(as, path), name).toEqual(
        withOwnDays(name, withoutStudentIds(name, withRankRule(name, answers[name]!))),
      );
    }
  });

  it('keeps the grade book, the grades now named by their cell', async () => {
    const answers = recorded as Record<string, { status: number; body: string }>;
    const oldIds = new Map<string, string>();
    for (const { name, as, path } of READS.filter((r) => r.name.startsWith('grade book'))) {
      const now = await read(as, path);
      const then = JSON.parse(answers[name]!.body) as { gradesByEnrollment: Record<string, { id: string }[]> };
      for (const [enrollment, list] of Object.entries(then.gradesByEnrollment))
        for (const grade of list as { id: string; evaluation_id: string }[])
          oldIds.set(grade.id, `${grade.evaluation_id}.${enrollment}`);
      const renamed = withoutStudentIds(name, answers[name]!).body.replace(
        /"id":"(mig-g-\d+)"/g,
        (_, id: string) => `"id":"${oldIds.get(id)}"`,
      );
      expect(now, name).toEqual({ ...answers[name], body: renamed });
    }
    expect(oldIds.size).toBeGreaterThan(10);
  });

  it('stores the marks one row per lesson and date and the scores in their evaluation', async () => {
    const count = async (query: string) => (await db.prepare(query).first<{ n: number }>())!.n;
    // Old marks: one row each; now one row per roll call, and the view shows them one per row.
    expect(await count('SELECT count(*) AS n FROM roll_calls')).toBeLessThan(
      await count('SELECT count(*) AS n FROM attendance_records'),
    );
    expect(await count("SELECT count(*) AS n FROM attendance_records WHERE status = 'late'")).toBeGreaterThan(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM sqlite_master WHERE name IN ('grades', 'attendance_records') AND type = 'view'",
      ),
    ).toBe(2);
    const tables = await db
      .prepare("SELECT sql FROM sqlite_master WHERE name IN ('roll_calls', 'class_rosters')")
      .all<{ sql: string }>();
    expect(tables.results.map((t) => t.sql.trim().endsWith('WITHOUT ROWID'))).toEqual([true, true]);
  });

  it('writes into the converted rows: a changed mark changes that mark only', async () => {
    const path = '/api/teacher/attendance?entryId=mig-l-ma7&date=2026-01-19';
    const before = JSON.parse((await read('admin', path)).body) as {
      marks: { enrollment_id: string; status: string }[];
    };
    const saved = await read('prof', '/api/teacher/attendance', {
      timetable_entry_id: 'mig-l-ma7',
      date: '2026-01-19',
      marks: [{ enrollment_id: 'mig-e-p1', status: 'absent' }],
    });
    expect(saved.status, saved.body).toBe(200);
    const after = JSON.parse((await read('admin', path)).body) as typeof before;
    expect(before.marks.find((m) => m.enrollment_id === 'mig-e-p1')?.status).toBe('present');
    expect(after.marks).toEqual(
      before.marks.map((m) => (m.enrollment_id === 'mig-e-p1' ? { ...m, status: 'absent' } : m)),
    );
  });
});
