// The attendance reports (issue 13): the daily sheet derives each day from the lessons' marks
// (product decision 'Attendance'), a staff override wins until cleared, Sundays and ranges over
// 31 days are refused, the detailed report lists each mark with its subject, and only holders of
// report:attendance read them.
import { describe, expect, it } from 'vitest';
import type { DailyReport, DetailedReport, SavedOverride } from '../../worker/contract/attendance';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, sql, tokenFor } from './helpers';
import type { Status } from '../../worker/db/seats';
import { writeMarks } from './fixtures-seats';

async function setUp() {
  const fixture = await schoolWithCourses();
  const { school, yearId, classIds } = fixture;
  const ids: Record<string, string> = {};
  for (const [nom, prenom] of [
    ['Zéphir', 'Anne'],
    ['Alexis', 'Rose'],
  ] as const) {
    const student = crypto.randomUUID();
    const enrollment = crypto.randomUUID();
    await sql(
      school,
      'INSERT INTO students (id, instance_id, nom, prenom) VALUES (?, ?, ?, ?)',
      student,
      school.id,
      nom,
      prenom,
    ).run();
    await sql(
      school,
      'INSERT INTO enrollments (id, instance_id, student_id, year_id, class_id) VALUES (?, ?, ?, ?, ?)',
      enrollment,
      school.id,
      student,
      yearId,
      classIds.get('7e AF'),
    ).run();
    ids[prenom] = student;
    ids[`${prenom}:enrollment`] = enrollment;
  }
  // Monday 19 January: Rose at Français, absent from Maths (a day at school: present); Anne absent from both.
  const mark = (who: string, lesson: string, status: Status) => ({
    entryId: `${lesson}-${school.id}`,
    date: '2026-01-19',
    enrollmentId: ids[`${who}:enrollment`]!,
    status,
  });
  await writeMarks(school.id, [
    mark('Rose', 't3', 'present'),
    mark('Rose', 't2', 'absent'),
    mark('Anne', 't3', 'absent'),
    mark('Anne', 't2', 'absent'),
  ]);
  return { ...fixture, ids, token: await tokenFor(school, 'admin') };
}

const WEEK = 'startDate=2026-01-19&endDate=2026-01-25';

describe('attendance reports', () => {
  it('derives each day, lets staff override a day and clear it back', async () => {
    const { school, yearId, ids, token } = await setUp();
    const daily = async () =>
      bodyOf<DailyReport>(
        await call(school, token, 'GET', `/api/daily-attendance-report?yearId=${yearId}&className=7e%20AF&${WEEK}`),
      );
    const sheet = await daily();
    expect(sheet.students.map((s) => `${s.nom} ${s.prenom}`)).toEqual(['Alexis Rose', 'Zéphir Anne']);
    expect(sheet.dates).toEqual(['2026-01-19', '2026-01-20', '2026-01-21', '2026-01-22', '2026-01-23', '2026-01-24']);
    expect(sheet.records).toEqual([
      {
        student_id: ids.Rose,
        date: '2026-01-19',
        status: 'present',
        is_manual_override: false,
        derived_status: 'present',
      },
      {
        student_id: ids.Anne,
        date: '2026-01-19',
        status: 'absent',
        is_manual_override: false,
        derived_status: 'absent',
      },
    ]);

    const set = (status: string | null, date = '2026-01-19') =>
      call(school, token, 'POST', '/api/daily-attendance-override', { yearId, student_id: ids.Anne, date, status });
    const justified = await bodyOf<SavedOverride>(await set('justified'));
    expect(justified).toEqual({
      record: {
        student_id: ids.Anne,
        date: '2026-01-19',
        status: 'justified',
        is_manual_override: true,
        derived_status: 'absent',
      },
      message: 'Présence mise à jour.',
    });
    expect((await daily()).records[1]).toMatchObject({ status: 'justified', is_manual_override: true });
    const cleared = await bodyOf<SavedOverride>(await set(null));
    expect(cleared).toMatchObject({
      record: { status: 'absent', is_manual_override: false },
      message: 'Retour au statut calculé.',
    });
    expect((await daily()).records[1]).toMatchObject({ status: 'absent', is_manual_override: false });

    // A day without marks can be overridden too (an absence announced by the family).
    expect((await bodyOf<SavedOverride>(await set('justified', '2026-01-20'))).record).toMatchObject({
      status: 'justified',
      derived_status: null,
    });
    const sunday = await set('present', '2026-01-25');
    expect(sunday.status).toBe(400);
    expect((await bodyOf(sunday)).message).toBe('Pas de cours le dimanche.');
  });

  it('lists each mark with its subject, refuses a range over 31 days, and checks the permission', async () => {
    const { school, yearId, ids, token } = await setUp();
    const detailed = await bodyOf<DetailedReport>(
      await call(school, token, 'GET', `/api/attendance-report?yearId=${yearId}&className=7e%20AF&${WEEK}`),
    );
    expect(
      detailed.records
        .filter((r) => r.student_id === ids.Rose)
        .map((r) => `${r.start_time} ${r.subject_name} ${r.status}`),
    ).toEqual(['07:00 Français present', '08:00 Mathématiques absent']);
    const tooLong = await call(
      school,
      token,
      'GET',
      `/api/daily-attendance-report?yearId=${yearId}&className=7e%20AF&startDate=2026-01-01&endDate=2026-02-01`,
    );
    expect(tooLong.status).toBe(400);
    expect((await bodyOf(tooLong)).message).toBe('La période ne peut pas dépasser 31 jours.');
    const prof = await tokenFor(school, 'prof');
    expect(
      (await call(school, prof, 'GET', `/api/daily-attendance-report?yearId=${yearId}&className=7e%20AF&${WEEK}`))
        .status,
    ).toBe(403);
    const other = await schoolWithCourses();
    expect(
      (
        await call(school, token, 'POST', '/api/daily-attendance-override', {
          yearId: other.yearId,
          student_id: ids.Anne,
          date: '2026-01-19',
          status: 'present',
        })
      ).status,
    ).toBe(404);
  });
});
