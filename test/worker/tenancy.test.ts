import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { SchoolInfo } from '../../worker/contract/instance';
import { allEverywhere, bodyOf, call, claimsOf, createSchool, directoryD1, login, sql, tokenFor } from './helpers';

describe('one school per host', () => {
  it("refuses a school's token on another school's host", async () => {
    const schoolA = await createSchool();
    const schoolB = await createSchool();
    const tokenA = await tokenFor(schoolA, 'admin');
    expect((await call(schoolA, tokenA, 'GET', '/api/instance/current')).status).toBe(200);
    const res = await call(schoolB, tokenA, 'GET', '/api/instance/current');
    expect(res.status).toBe(401);
    expect((await bodyOf(res)).code).toBe('unauthorized');
    const write = await call(schoolB, tokenA, 'PUT', '/api/instance/current', {
      name: 'Piratée',
      passing_grade: 50,
      currency: 'Gdes',
    });
    expect(write.status).toBe(401);
  });

  it("answers each host's own school name on the sign-in page", async () => {
    const schoolA = await createSchool();
    const schoolB = await createSchool();
    const [a, b] = await Promise.all([
      schoolA.fetch('/api/instance/default').then((r) => bodyOf<SchoolInfo>(r)),
      schoolB.fetch('/api/instance/default').then((r) => bodyOf<SchoolInfo>(r)),
    ]);
    const names = await allEverywhere<{ id: string; name: string }>(
      'SELECT id, name FROM instances WHERE id IN (?, ?) AND shard IS NULL',
      schoolA.id,
      schoolB.id,
    );
    const nameOf = (id: string) => names.find((r) => r.id === id)!.name;
    expect(a).toMatchObject({ id: schoolA.id, name: nameOf(schoolA.id) });
    expect(b).toMatchObject({ id: schoolB.id, name: nameOf(schoolB.id) });
    expect(a.name).not.toBe(b.name);
  });

  it('signs users in only on their own school host', async () => {
    const schoolA = await createSchool();
    const schoolB = await createSchool({ users: [{ username: 'admin', type: 'admin' }] });
    expect((await login(schoolA, 'comptable')).status).toBe(200);
    const res = await login(schoolB, 'comptable');
    expect(res.status).toBe(401);
    expect(await bodyOf(res)).toEqual({
      message: "Nom d'utilisateur ou mot de passe incorrect.",
      code: 'bad_credentials',
    });

    // The same username in two schools is two accounts.
    const adminA = claimsOf(await tokenFor(schoolA, 'admin'));
    const adminB = claimsOf(await tokenFor(schoolB, 'admin'));
    expect(adminA.instance_id).toBe(schoolA.id);
    expect(adminB.instance_id).toBe(schoolB.id);
    expect(adminA.id).not.toBe(adminB.id);
  });

  it("changes only the signed-in user's school", async () => {
    const schoolA = await createSchool();
    const schoolB = await createSchool();
    const tokenA = await tokenFor(schoolA, 'admin');
    const tokenB = await tokenFor(schoolB, 'admin');
    const before = await bodyOf<SchoolInfo>(await call(schoolB, tokenB, 'GET', '/api/instance/current'));

    const res = await call(schoolA, tokenA, 'PUT', '/api/instance/current', {
      id: schoolB.id,
      instance_id: schoolB.id,
      name: 'Lycée Modifié',
      passing_grade: 65,
      currency: 'US',
    });
    expect(res.status).toBe(200);

    const a = await bodyOf<SchoolInfo>(await call(schoolA, tokenA, 'GET', '/api/instance/current'));
    expect(a).toMatchObject({ id: schoolA.id, name: 'Lycée Modifié', passing_grade: 65, currency: 'US' });
    const b = await bodyOf<SchoolInfo>(await call(schoolB, tokenB, 'GET', '/api/instance/current'));
    expect(b).toEqual(before);

    const auditB = await sql(schoolB, 'SELECT COUNT(*) AS n FROM audit_log WHERE instance_id = ?', schoolB.id).first<{
      n: number;
    }>();
    expect(auditB?.n).toBe(0);
    const auditA = await sql(schoolA, 'SELECT COUNT(*) AS n FROM audit_log WHERE instance_id = ?', schoolA.id).first<{
      n: number;
    }>();
    expect(auditA?.n).toBe(1);
  });

  it('serves the default school to hosts that name no school', async () => {
    const fallback = await createSchool();
    await sql(directoryD1(), 'UPDATE instances SET is_default = 1 WHERE id = ?', fallback.id).run();
    const res = await exports.default.fetch('https://inconnu.example.org/api/instance/default');
    expect(res.status).toBe(200);
    expect(await bodyOf<SchoolInfo>(res)).toMatchObject({ id: fallback.id });

    // Another school keeps its own host.
    const other = await createSchool();
    expect(await bodyOf<SchoolInfo>(await other.fetch('/api/instance/default'))).toMatchObject({ id: other.id });
  });
});
