// The demo seed (scripts/demo) written into the test D1, as `npm start` writes it: a renamed
// column breaks its typecheck, and this test breaks when its data no longer fits the schema (a
// constraint, a foreign key) or no longer gives the demo accounts their school.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEMO_GUARDIAN, DEMO_PASSWORD } from '../../scripts/demo-accounts';
import type { GuardianChild } from '../../worker/contract/guardians';
import { AURORE_DEMO, COLLEGE_DEMO, demoSchoolStatements } from '../../scripts/demo/school';
import { DEMO_SUPPORT_CHAT, seedDemoChat } from '../../scripts/demo/communications';
import { DEMO_ANNOUNCEMENT, DEMO_EXPIRY_DAYS, localDatabases, seedDemo } from '../../scripts/demo/seed';
import type { SupportMessage } from '../../worker/contract/support';
import type { PlatformSchool } from '../../worker/contract/superadmin';
import { demoAttendanceDates } from '../../scripts/demo/teaching';
import { dayOfWeekOf } from '../../worker/domain/timetable';
import { accessTokenOf, call, claimsOf, directoryD1, login, placeSchool, sql, type TestSchool } from './helpers';

/** The day the counted seed is written on (its dates follow the day it is written): a Friday of Trimestre 1. */
const TODAY = '2026-11-27';

describe('the demo seed', () => {
  it('writes the small demo school whole: its data, its accounts, no broken link', async () => {
    const id = crypto.randomUUID();
    const hostname = `${id.slice(0, 8)}.ecole.test`;
    const school = await placeSchool({ id, name: AURORE_DEMO.school.name, hostname }, (db) =>
      demoSchoolStatements(
        db,
        { ...AURORE_DEMO, school: { ...AURORE_DEMO.school, id, hostname, isDefault: false } },
        TODAY,
      ),
    );

    const count = async (table: string) =>
      (await sql(school, `SELECT COUNT(*) AS n FROM ${table} WHERE instance_id = ?`, id).first<{ n: number }>())!.n;
    const counts = Object.fromEntries(
      await Promise.all(
        [
          'school_years',
          'academic_periods',
          'classes',
          'subjects',
          'curriculum',
          'class_fees',
          'students',
          'enrollments',
          'payments',
          'adjustments',
          'evaluations',
          'grades',
          'teachers',
          'assignments',
          'timetable_entries',
          'attendance_records',
          'users',
          'teacher_announcements',
          'teacher_announcement_recipients',
          'student_announcements',
          'student_announcement_classes',
        ].map(async (table) => [table, await count(table)] as const),
      ),
    );
    expect(counts).toEqual({
      school_years: 2,
      academic_periods: 3,
      classes: 3,
      subjects: 4,
      curriculum: 12,
      class_fees: 6,
      students: 15,
      enrollments: 15,
      payments: 16,
      adjustments: 1,
      evaluations: 18,
      grades: 90,
      teachers: 2,
      assignments: 12,
      timetable_entries: 36,
      attendance_records: await expectedAttendance(school, TODAY),
      users: 4,
      teacher_announcements: 1,
      teacher_announcement_recipients: 2,
      student_announcements: 1,
      student_announcement_classes: 1,
    });
    expect(await sql(school, 'SELECT receipt_seq AS n FROM instances WHERE id = ?', id).first<{ n: number }>()).toEqual(
      {
        n: 16,
      },
    );
    expect((await sql(school, 'PRAGMA foreign_key_check').all()).results).toEqual([]);

    // Report cards worth printing: in every class two pupils tie (the same scores everywhere).
    const ties = await sql(
      school,
      `SELECT COUNT(*) AS n FROM (SELECT e.class_id, group_concat(g.score, ',') AS scores FROM enrollments e
         JOIN grades g ON g.instance_id = e.instance_id AND g.enrollment_id = e.id
         JOIN evaluations v ON v.instance_id = g.instance_id AND v.id = g.evaluation_id
       WHERE e.instance_id = ? GROUP BY e.id ORDER BY e.id) GROUP BY class_id, scores HAVING COUNT(*) > 1`,
      id,
    ).all();
    expect(ties.results).toHaveLength(3);

    // The demo accounts sign in to their school; the pupil's and the teacher's accounts are theirs.
    for (const username of ['admin', 'secretaire'])
      expect((await login(school, username, DEMO_PASSWORD)).status).toBe(200);
    const pupil = claimsOf(await accessTokenOf(await login(school, 'eleve', DEMO_PASSWORD)));
    expect(pupil).toMatchObject({ role: 'student', instance_id: id });
    const linked = await sql(
      school,
      `SELECT s.prenom AS pupil, t.prenom AS teacher FROM users e JOIN students s ON s.id = e.student_id, users p JOIN teachers t ON t.user_id = p.id
       WHERE e.instance_id = ?1 AND e.username = 'eleve' AND p.instance_id = ?1 AND p.username = 'prof'`,
      id,
    ).first();
    expect(linked).toEqual({ pupil: 'Naïka', teacher: 'Guerline' });

    // The announcements reach the demo teacher and the demo pupil (whose class is targeted).
    const bearer = async (username: string) => ({
      Authorization: `Bearer ${await accessTokenOf(await login(school, username, DEMO_PASSWORD))}`,
    });
    const teacherNews = (await (
      await school.fetch('/api/teacher/announcements', { headers: await bearer('prof') })
    ).json()) as { content: string }[];
    expect(teacherNews.map((a) => a.content)).toEqual([expect.stringContaining('Conseil des professeurs')]);
    const pupilNews = (await (
      await school.fetch('/api/student/announcements', { headers: await bearer('eleve') })
    ).json()) as { content: string }[];
    expect(pupilNews.map((a) => a.content)).toEqual([expect.stringContaining('2e AF')]);
  });

  it('writes the demo support conversation through the API, once, with unread messages', async () => {
    const id = crypto.randomUUID();
    const hostname = `${id.slice(0, 8)}.ecole.test`;
    await placeSchool({ id, name: AURORE_DEMO.school.name, hostname }, (db) =>
      demoSchoolStatements(db, { ...AURORE_DEMO, school: { ...AURORE_DEMO.school, id, hostname, isDefault: false } }),
    );
    const call = async (method: string, path: string, token: string | null, body?: unknown) => {
      const res = await exports.default.fetch(`https://${hostname}${path}`, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    };
    expect(await seedDemoChat(call, DEMO_PASSWORD)).toBe(2);
    expect(await seedDemoChat(call, DEMO_PASSWORD)).toBe(-1);
    const prof = await accessTokenOf(
      await login({ fetch: (p, i) => exports.default.fetch(`https://${hostname}${p}`, i) }, 'prof', DEMO_PASSWORD),
    );
    const messages = (await call('GET', '/api/teacher/support-messages', prof)).json as SupportMessage[];
    expect(messages.map((m) => [m.sender_role === 'teacher' ? 'prof' : 'admin', m.content])).toEqual(
      DEMO_SUPPORT_CHAT.map((m) => [m.from, m.content]),
    );
  });

  it('gives the platform its superadmin, a delegate, an announcement, and the second school five days of access', async () => {
    await seedDemo(localDatabases(env));
    const accounts = await sql(
      directoryD1(),
      "SELECT username, account_type FROM platform_users WHERE username IN ('superadmin', 'delegue') ORDER BY username",
    ).all();
    expect(accounts.results).toEqual([
      { username: 'delegue', account_type: 'superadmin_delegate' },
      { username: 'superadmin', account_type: 'superadmin' },
    ]);
    const host = {
      fetch: (path: string, init?: RequestInit) => exports.default.fetch(`https://ecole2.localhost${path}`, init),
    };
    const token = await accessTokenOf(await login(host, 'delegue', DEMO_PASSWORD));
    const schools = (await (await call(host, token, 'GET', '/api/superadmin/schools')).json()) as PlatformSchool[];
    const aurore = schools.find((s) => s.id === AURORE_DEMO.school.id)!;
    expect(schools.find((s) => s.id === COLLEGE_DEMO.school.id)).toMatchObject({ expires_at: null, students: 120 });
    const days = (Date.parse(aurore.expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(DEMO_EXPIRY_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(DEMO_EXPIRY_DAYS);
    const admin = await accessTokenOf(await login(host, 'admin', DEMO_PASSWORD));
    expect(await (await call(host, admin, 'GET', '/api/admin/announcements')).json()).toMatchObject(DEMO_ANNOUNCEMENT);
    // The demo's mother (issue 43): a child in each demo school, in two school databases.
    const mother = await accessTokenOf(await login(host, DEMO_GUARDIAN.typed, DEMO_PASSWORD));
    const children = (await (await call(host, mother, 'GET', '/api/guardian/children')).json()) as GuardianChild[];
    expect(children.map((c) => c.school_id).sort()).toEqual([COLLEGE_DEMO.school.id, AURORE_DEMO.school.id].sort());
  });
});

/**
 * The roll calls the demo holds: one mark per pupil of the class in each of the demo teacher's
 * lessons of last week and of this week up to today (the dates move with the clock, the rule not).
 */
async function expectedAttendance(school: Pick<TestSchool, 'id' | 'db'>, today: string): Promise<number> {
  const perDay = await sql(
    school,

    `SELECT t.day_of_week AS day, COUNT(e.id) AS marks FROM timetable_entries t
       JOIN assignments a ON a.instance_id = t.instance_id AND a.id = t.assignment_id
       JOIN teachers p ON p.instance_id = a.instance_id AND p.id = a.teacher_id
       JOIN users u ON u.instance_id = p.instance_id AND u.id = p.user_id AND u.username = 'prof'
       JOIN enrollments e ON e.instance_id = a.instance_id AND e.year_id = a.year_id AND e.class_id = a.class_id
     WHERE t.instance_id = ? GROUP BY t.day_of_week`,
    school.id,
  ).all<{ day: number; marks: number }>();
  const marksOn = new Map(perDay.results.map((r) => [r.day, r.marks]));
  return demoAttendanceDates(today).reduce((total, date) => total + (marksOn.get(dayOfWeekOf(date) ?? 0) ?? 0), 0);
}
