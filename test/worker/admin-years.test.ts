// School years: add, set current (exactly one), delete with all of the year's data.
import { describe, expect, it } from 'vitest';
import type { CreatedSchoolYear, SchoolYear } from '../../worker/contract/school-years';
import {
  auditCount,
  classesOf,
  enrolStudent,
  expectError,
  FORBIDDEN,
  setUpYear,
  YEAR_NOT_FOUND,
} from './admin-support';
import { bodyOf, call, createSchool, sql, tokenFor } from './helpers';

describe('school years', () => {
  it("adds years by name; the school's first year becomes current", async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const first = await call(school, token, 'POST', '/api/school-years', { name: '2025-2026' });
    expect(first.status).toBe(201);
    expect(await bodyOf(first)).toMatchObject({
      name: '2025-2026',
      is_current: true,
      message: 'Année scolaire ajoutée.',
    });
    const second = await call(school, token, 'POST', '/api/school-years', { name: ' 2026-2027 ' });
    expect(await bodyOf(second)).toMatchObject({ name: '2026-2027', is_current: false });

    const years = await bodyOf<SchoolYear[]>(await call(school, token, 'GET', '/api/school-years'));
    expect(years.map((y) => [y.name, y.is_current])).toEqual([
      ['2026-2027', false],
      ['2025-2026', true],
    ]);
    await expectError(
      await call(school, token, 'POST', '/api/school-years', { name: '2025-2026' }),
      409,
      'Cette année scolaire existe déjà.',
    );
    for (const name of ['2025', '2025-26', 'abcd-efgh', '', null]) {
      await expectError(
        await call(school, token, 'POST', '/api/school-years', { name }),
        400,
        "Format d'année invalide. Utilisez AAAA-AAAA.",
      );
    }
    expect(await auditCount(school, 'CREATE_SCHOOL_YEAR')).toBe(2);
  });

  it('moves the current flag so that exactly one year is current', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    await call(school, token, 'POST', '/api/school-years', { name: '2024-2025' });
    const next = await bodyOf<CreatedSchoolYear>(
      await call(school, token, 'POST', '/api/school-years', { name: '2025-2026' }),
    );
    const res = await call(school, token, 'PUT', `/api/school-years/${next.id}/set-current`);
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ message: 'Année scolaire actuelle mise à jour.' });
    const years = await bodyOf<SchoolYear[]>(await call(school, token, 'GET', '/api/school-years'));
    expect(years.filter((y) => y.is_current).map((y) => y.name)).toEqual(['2025-2026']);
    // Setting the current year again keeps one current year.
    await call(school, token, 'PUT', `/api/school-years/${next.id}/set-current`);
    const again = await bodyOf<SchoolYear[]>(await call(school, token, 'GET', '/api/school-years'));
    expect(again.filter((y) => y.is_current)).toHaveLength(1);
  });

  it('refuses to delete the current year and deletes another with all its data', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const current = await setUpYear(school, token);
    const old = await setUpYear(school, token, { yearName: '2024-2025' });
    const classId = (await classesOf(school, token)).find((c) => c.name === '7e AF')!.id;
    await enrolStudent(school, old, classId);
    const kept = await enrolStudent(school, current, classId);

    await expectError(
      await call(school, token, 'DELETE', `/api/school-years/${current}`),
      409,
      "L'année scolaire actuelle ne peut pas être supprimée.",
    );
    const res = await call(school, token, 'DELETE', `/api/school-years/${old}`);
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ message: 'Année scolaire supprimée.' });

    const left = async (table: string) =>
      (await sql(school, `SELECT COUNT(*) AS n FROM ${table} WHERE instance_id = ?`, school.id).first<{ n: number }>())!
        .n;
    expect(await left('school_years')).toBe(1);
    expect(await left('academic_periods')).toBe(3);
    expect(await left('curriculum')).toBe(4);
    expect(await left('class_fees')).toBe(3);
    expect(await left('enrollments')).toBe(1);
    expect(await left('payments')).toBe(1);
    // Students and classes belong to the school, not to the year.
    expect(await left('students')).toBe(2);
    expect(await left('classes')).toBe(3);
    const enrolment = await sql(school, 'SELECT id FROM enrollments WHERE instance_id = ?', school.id).first<{
      id: string;
    }>();
    expect(enrolment?.id).toBe(kept.enrollmentId);
  });

  it("answers 404 for another school's year", async () => {
    const school = await createSchool();
    const other = await createSchool();
    const otherYear = await setUpYear(other, await tokenFor(other, 'admin'));
    const token = await tokenFor(school, 'admin');
    // One 'year or 404' for every route (issue 11): the message names what was not found.
    expect(await bodyOf(await call(school, token, 'PUT', `/api/school-years/${otherYear}/set-current`))).toEqual(
      YEAR_NOT_FOUND,
    );
    expect(await bodyOf(await call(school, token, 'DELETE', `/api/school-years/${otherYear}`))).toEqual(YEAR_NOT_FOUND);
    expect(await bodyOf(await call(school, token, 'DELETE', `/api/school-years/${crypto.randomUUID()}`))).toEqual(
      YEAR_NOT_FOUND,
    );
    expect(
      (await sql(other, 'SELECT COUNT(*) AS n FROM school_years WHERE id = ?', otherYear).first<{ n: number }>())!.n,
    ).toBe(1);
  });

  it('keeps year changes for holders of user:manage and lets teachers read', async () => {
    const school = await createSchool();
    const year = await setUpYear(school, await tokenFor(school, 'admin'));
    const comptable = await tokenFor(school, 'comptable');
    expect(await bodyOf(await call(school, comptable, 'POST', '/api/school-years', { name: '2030-2031' }))).toEqual(
      FORBIDDEN,
    );
    expect((await call(school, comptable, 'PUT', `/api/school-years/${year}/set-current`)).status).toBe(403);
    expect((await call(school, comptable, 'DELETE', `/api/school-years/${year}`)).status).toBe(403);
    expect((await call(school, await tokenFor(school, 'prof'), 'GET', '/api/school-years')).status).toBe(200);
  });
});
