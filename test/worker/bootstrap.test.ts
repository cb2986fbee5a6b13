// GET /api/bootstrap (issue 12): what every staff and teacher screen needs in one read, its own
// school's only, answered 304 when the copy the service worker holds is still current.
import { describe, expect, it } from 'vitest';
import type { Bootstrap } from '../../worker/contract/bootstrap';
import { bodyOf, call, createPlatformUser, createSchool, login, PASSWORD, tokenFor } from './helpers';

describe('GET /api/bootstrap', () => {
  it("answers the school, its years and classes and the account's permissions; 304 until one changes", async () => {
    const school = await createSchool();
    const other = await createSchool();
    const admin = await tokenFor(school, 'admin');
    await call(other, await tokenFor(other, 'admin'), 'POST', '/api/classes', { name: 'Classe ailleurs' });
    expect((await call(school, admin, 'POST', '/api/school-years', { name: '2025-2026' })).status).toBe(201);
    expect((await call(school, admin, 'POST', '/api/classes', { name: '7e AF' })).status).toBe(201);

    const first = await call(school, admin, 'GET', '/api/bootstrap');
    expect(first.status).toBe(200);
    const body = await bodyOf<Bootstrap>(first);
    expect(body.school).toMatchObject({ id: school.id, passing_grade: 50 });
    expect(body.years).toEqual([expect.objectContaining({ name: '2025-2026', is_current: true })]);
    expect(body.classes.map((c) => c.name)).toEqual(['7e AF']);
    expect(body.permissions).toContain('user:manage');
    expect(body.fees).toEqual({});
    const tag = first.headers.get('ETag');
    expect(tag).toBeTruthy();

    const unchanged = await call(school, admin, 'GET', '/api/bootstrap', undefined, { 'If-None-Match': tag! });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    // The browser keeps the headers stored with its copy: a 304 carries no policy again.
    expect(unchanged.headers.get('Content-Security-Policy')).toBeNull();

    // The current year's MPPA by class, for the student register (no other read for that year).
    const yearId = body.years[0]!.id;
    const classId = body.classes[0]!.id;
    const fees = await call(school, admin, 'PUT', '/api/class-financials', {
      yearId,
      financials: [{ class_name: '7e AF', mppa: 25000, previous: null }],
    });
    expect(fees.status).toBe(200);
    expect((await bodyOf<Bootstrap>(await call(school, admin, 'GET', '/api/bootstrap'))).fees).toEqual({
      [classId]: 25000,
    });

    expect((await call(school, admin, 'POST', '/api/classes', { name: '8e AF' })).status).toBe(201);
    const changed = await call(school, admin, 'GET', '/api/bootstrap', undefined, { 'If-None-Match': tag! });
    expect(changed.status).toBe(200);
    expect((await bodyOf<Bootstrap>(changed)).classes.map((c) => c.name)).toEqual(['7e AF', '8e AF']);
  });

  it("carries the platform's latest announcement to school staff, not to teachers", async () => {
    const school = await createSchool();
    const platformUser = await createPlatformUser();
    const platformLogin = await login(school, platformUser.username, PASSWORD);
    const platformToken = ((await platformLogin.json()) as { accessToken: string }).accessToken;
    const title = `Annonce ${crypto.randomUUID().slice(0, 6)}`;
    expect(
      (
        await call(school, platformToken, 'POST', '/api/superadmin/announcements', {
          title,
          content: 'Maintenance samedi.',
        })
      ).status,
    ).toBe(201);

    const staff = await bodyOf<Bootstrap>(
      await call(school, await tokenFor(school, 'secretaire'), 'GET', '/api/bootstrap'),
    );
    expect(staff.announcement).toMatchObject({ title, content: 'Maintenance samedi.' });
    expect(staff.permissions).not.toContain('user:manage');
    const teacher = await bodyOf<Bootstrap>(
      await call(school, await tokenFor(school, 'prof'), 'GET', '/api/bootstrap'),
    );
    expect(teacher.announcement).toBeNull();
    expect(teacher.fees).toEqual({});
  });

  it('is refused to students and to anonymous callers', async () => {
    const school = await createSchool();
    expect((await call(school, await tokenFor(school, 'eleve'), 'GET', '/api/bootstrap')).status).toBe(403);
    expect((await call(school, null, 'GET', '/api/bootstrap')).status).toBe(401);
  });
});
