import { describe, expect, it } from 'vitest';
import { call, claimsOf, createSchool, login, tokenFor } from './helpers';

describe('POST /api/login', () => {
  it('signs an admin in with the spec payload', async () => {
    const school = await createSchool();
    const res = await login(school, 'admin');
    expect(res.status).toBe(200);
    const { accessToken } = (await res.json()) as { accessToken: string };
    const claims = claimsOf(accessToken);
    expect(claims).toMatchObject({ username: 'admin', role: 'admin', status: 'active', instance_id: school.id });
    expect(claims.permissions).toContain('user:manage');
    expect(typeof claims.exp).toBe('number');
    const me = await call(school, accessToken, 'GET', '/api/instance/current');
    expect(me.status).toBe(200);
  });

  it('answers unknown users and wrong passwords identically', async () => {
    const school = await createSchool();
    const unknown = await login(school, 'personne', 'Mauvais#Mot2passe');
    const wrong = await login(school, 'admin', 'Mauvais#Mot2passe');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  it('reports malformed tokens as 401', async () => {
    const school = await createSchool();
    for (const header of ['Bearer abc', 'Bearer a.b.c', 'Basic xyz', 'Bearer ' + 'x'.repeat(2000)]) {
      const res = await school.fetch('/api/instance/current', { headers: { Authorization: header } });
      expect(res.status).toBe(401);
    }
    const token = await tokenFor(school, 'admin');
    expect((await call(school, token, 'GET', '/api/instance/current')).status).toBe(200);
  });
});
