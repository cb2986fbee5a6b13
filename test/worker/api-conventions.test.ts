import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { SchoolInfo } from '../../worker/contract/instance';
import { NO_MAINTENANCE, setMaintenance } from '../../worker/durable/platform';
import {
  bodyOf,
  call,
  createPlatformUser,
  createSchool,
  daysFromNow,
  login,
  PASSWORD,
  sql,
  type TestSchool,
  tokenFor,
} from './helpers';

const schoolInfo = (name: string, passingGrade = 50) => ({
  name,
  email: 'contact@ecole.ht',
  address: 'Port-au-Prince',
  phone: '+509 1234 5678',
  passing_grade: passingGrade,
  currency: 'Gdes',
});

const auditRows = async (school: TestSchool, action: string) =>
  (await sql(
    school,
    'SELECT COUNT(*) AS n FROM audit_log WHERE instance_id = ? AND action_type = ?',
    school.id,
    action,
  ).first<{
    n: number;
  }>())!.n;

const newKey = () => `cle-${crypto.randomUUID()}`;

describe('response headers', () => {
  it('answers the API with lean headers: a deny-all CSP, nosniff and no-store, errors included', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const answers = [
      await school.fetch('/api/instance/default'),
      await call(school, token, 'GET', '/api/instance/current'),
      await school.fetch('/api/instance/current'),
      await school.fetch('/api/adresse-inconnue'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 404]);
    for (const res of answers) {
      const directives = (res.headers.get('Content-Security-Policy') ?? '').split(';').map((d) => d.trim());
      expect(directives).toEqual(["default-src 'none'", "frame-ancestors 'none'"]);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      // The page's policies are for documents: a JSON answer does not carry them (decision 180).
      for (const name of [
        'Referrer-Policy',
        'X-Frame-Options',
        'Permissions-Policy',
        'Cross-Origin-Opener-Policy',
        'Strict-Transport-Security',
      ]) {
        expect(res.headers.get(name), name).toBeNull();
      }
    }
  });
});

describe('errors', () => {
  it('answers unknown API addresses with a JSON 404', async () => {
    const school = await createSchool();
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await school.fetch('/api/nexiste/pas', { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Adresse inconnue.', code: 'not_found' });
    }
  });

  it('answers 400 in French to a body that is not JSON', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const badLogin = await school.fetch('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username": "admin",',
    });
    expect(badLogin.status).toBe(400);
    expect(await badLogin.json()).toEqual({
      message: 'Le corps de la requête doit être du JSON valide.',
      code: 'validation',
    });

    const badWrite = await school.fetch('/api/instance/current', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: 'pas du json',
    });
    expect(badWrite.status).toBe(400);
    expect((await bodyOf(badWrite)).message).toBe('Le corps de la requête doit être du JSON valide.');
  });

  it('validates the school information with French messages and drops unknown fields', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const put = (body: unknown) => call(school, token, 'PUT', '/api/instance/current', body);
    const cases: [unknown, string][] = [
      [{ ...schoolInfo('École'), email: 'pas-une-adresse' }, 'Adresse e-mail invalide.'],
      [
        { ...schoolInfo('École'), passing_grade: 120 },
        'La moyenne de passage doit être un nombre entier entre 0 et 100.',
      ],
      [{ ...schoolInfo('École'), currency: 'EUR' }, 'Devise inconnue.'],
      [{ ...schoolInfo('  '), passing_grade: 50 }, "Le nom de l'école est requis."],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.status, message).toBe(400);
      expect(await res.json()).toEqual({ message, code: 'validation' });
    }
    // Optional fields may be left out; unknown fields (here an expiry date) are never bound.
    const res = await put({ name: 'Collège Minimal', passing_grade: 40, currency: 'EU', expires_at: '2000-01-01' });
    expect(res.status).toBe(200);
    const info = await bodyOf<Record<string, unknown>>(await call(school, token, 'GET', '/api/instance/current'));
    expect(info).toMatchObject({
      name: 'Collège Minimal',
      email: null,
      passing_grade: 40,
      currency: 'EU',
      expires_at: null,
    });
  });
});

describe('ETag', () => {
  it('answers 304 to an unchanged poll and 200 once the data changed', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const first = await call(school, token, 'GET', '/api/instance/current');
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();

    const unchanged = await call(school, token, 'GET', '/api/instance/current', undefined, { 'If-None-Match': etag! });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');

    expect((await call(school, token, 'PUT', '/api/instance/current', schoolInfo('Nouveau nom'))).status).toBe(200);
    const changed = await call(school, token, 'GET', '/api/instance/current', undefined, { 'If-None-Match': etag! });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { name: string }).name).toBe('Nouveau nom');
    expect(changed.headers.get('ETag')).not.toBe(etag);
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored answer and writes once', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const key = newKey();
    const first = await call(school, token, 'PUT', '/api/instance/current', schoolInfo('Une fois'), {
      'Idempotency-Key': key,
    });
    const second = await call(school, token, 'PUT', '/api/instance/current', schoolInfo('Une fois'), {
      'Idempotency-Key': key,
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(await auditRows(school, 'UPDATE_SCHOOL_INFO')).toBe(1);

    // Without a key, the same request is a new write.
    expect((await call(school, token, 'PUT', '/api/instance/current', schoolInfo('Une fois'))).status).toBe(200);
    expect(await auditRows(school, 'UPDATE_SCHOOL_INFO')).toBe(2);
  });

  it('answers 422 to the same key with another payload, and changes nothing', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const key = newKey();
    expect(
      (await call(school, token, 'PUT', '/api/instance/current', schoolInfo('Premier'), { 'Idempotency-Key': key }))
        .status,
    ).toBe(200);
    const other = await call(school, token, 'PUT', '/api/instance/current', schoolInfo('Second'), {
      'Idempotency-Key': key,
    });
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({
      message: 'Cette clé d’idempotence a déjà servi pour une autre requête.',
      code: 'idempotency_mismatch',
    });
    const info = await bodyOf<SchoolInfo>(await call(school, token, 'GET', '/api/instance/current'));
    expect(info.name).toBe('Premier');
    expect(await auditRows(school, 'UPDATE_SCHOOL_INFO')).toBe(1);
  });

  it('writes once when two identical requests race', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const key = newKey();
    const send = () =>
      call(school, token, 'PUT', '/api/instance/current', schoolInfo('En parallèle'), { 'Idempotency-Key': key });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.json()).toEqual(await b.json());
    expect(await auditRows(school, 'UPDATE_SCHOOL_INFO')).toBe(1);
  });

  it('keeps keys per account', async () => {
    const school = await createSchool({
      users: [
        { username: 'admin', type: 'admin' },
        { username: 'directrice', type: 'standard', templates: ['admin_principal'] },
      ],
    });
    const key = newKey();
    for (const username of ['admin', 'directrice']) {
      const res = await call(
        school,
        await tokenFor(school, username),
        'PUT',
        '/api/instance/current',
        schoolInfo('Partagée'),
        {
          'Idempotency-Key': key,
        },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('Idempotent-Replayed')).toBeNull();
    }
    expect(await auditRows(school, 'UPDATE_SCHOOL_INFO')).toBe(2);
  });

  it('refuses a malformed key', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const res = await call(school, token, 'PUT', '/api/instance/current', schoolInfo('Clé'), {
      'Idempotency-Key': 'court',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Données invalides.', code: 'validation' });
    expect(await auditRows(school, 'UPDATE_SCHOOL_INFO')).toBe(0);
  });
});

describe('maintenance', () => {
  const MESSAGE = 'Mise à jour de la plateforme en cours.';

  afterEach(async () => {
    await setMaintenance(env, NO_MAINTENANCE);
  });

  it('stops standard users at level standard, not admins nor superadmins', async () => {
    const school = await createSchool();
    const superadmin = await createPlatformUser();
    const comptable = await tokenFor(school, 'comptable');
    const admin = await tokenFor(school, 'admin');
    const platformToken = await tokenFor(school, superadmin.username);

    await setMaintenance(env, { active: true, message: MESSAGE, level: 'standard' });

    const res = await call(school, comptable, 'GET', '/api/instance/current');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ maintenance: true, message: MESSAGE, level: 'standard', code: 'maintenance' });
    expect((await call(school, admin, 'GET', '/api/instance/current')).status).toBe(200);
    expect((await login(school, 'admin')).status).toBe(200);
    expect((await login(school, superadmin.username)).status).toBe(200);
    const platformCall = await call(school, platformToken, 'PUT', '/api/user/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Plateforme#Maintenance-2026',
    });
    expect(platformCall.status).toBe(200);

    const refusedLogin = await login(school, 'comptable');
    expect(refusedLogin.status).toBe(503);
    expect(await refusedLogin.json()).toMatchObject({ maintenance: true, message: MESSAGE, level: 'standard' });

    await setMaintenance(env, NO_MAINTENANCE);
    expect((await call(school, comptable, 'GET', '/api/instance/current')).status).toBe(200);
  });

  it('stops teachers and students too', async () => {
    const school = await createSchool();
    const tokens = [await tokenFor(school, 'prof'), await tokenFor(school, 'eleve')];
    await setMaintenance(env, { active: true, message: MESSAGE, level: 'standard' });
    for (const token of tokens) {
      const res = await call(school, token, 'GET', '/api/instance/current');
      expect(res.status).toBe(503);
      expect((await bodyOf(res)).maintenance).toBe(true);
    }
  });

  it('stops admins too under full lockdown, never superadmins', async () => {
    const school = await createSchool();
    const superadmin = await createPlatformUser();
    const admin = await tokenFor(school, 'admin');
    const platformToken = await tokenFor(school, superadmin.username);

    await setMaintenance(env, { active: true, message: '', level: 'full_lockdown' });

    const res = await call(school, admin, 'GET', '/api/instance/current');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      maintenance: true,
      message: 'La plateforme est en maintenance. Veuillez réessayer plus tard.',
      level: 'full_lockdown',
      code: 'maintenance',
    });
    expect((await login(school, 'admin')).status).toBe(503);

    expect((await login(school, superadmin.username)).status).toBe(200);
    const platformCall = await call(school, platformToken, 'PUT', '/api/user/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Plateforme#Verrou-2026',
    });
    expect(platformCall.status).toBe(200);
  });
});

describe('school access', () => {
  it('locks a school 7 days after its access expired', async () => {
    const expired = await createSchool({ expiresAt: daysFromNow(-8) });
    const res = await login(expired, 'admin');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      message: "L'accès de votre école a expiré. Contactez l'équipe de la plateforme pour le renouveler.",
      code: 'school_expired',
    });

    const inGrace = await createSchool({ expiresAt: daysFromNow(-6) });
    const token = await tokenFor(inGrace, 'comptable');
    expect((await call(inGrace, token, 'GET', '/api/instance/current')).status).toBe(200);

    // A session opened during the grace period stops once the school is locked.
    await sql(inGrace, 'UPDATE instances SET expires_at = ? WHERE id = ?', daysFromNow(-8), inGrace.id).run();
    const locked = await call(inGrace, token, 'GET', '/api/instance/current');
    expect(locked.status).toBe(403);
    expect((await bodyOf(locked)).code).toBe('school_expired');
  });

  it('refuses the users of a suspended school, not platform accounts', async () => {
    const school = await createSchool();
    const superadmin = await createPlatformUser();
    const token = await tokenFor(school, 'admin');
    await sql(school, "UPDATE instances SET status = 'suspended' WHERE id = ?", school.id).run();

    for (const res of [await call(school, token, 'GET', '/api/instance/current'), await login(school, 'secretaire')]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        message: "L'accès de votre école est suspendu. Contactez l'équipe de la plateforme.",
        code: 'school_suspended',
      });
    }
    expect((await login(school, superadmin.username)).status).toBe(200);
  });
});
