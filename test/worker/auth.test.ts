import jwt from '@tsndr/cloudflare-worker-jwt';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEVICE_SESSION_IDLE_SECONDS, SESSION_COOKIE } from '../../worker/auth/device-session';
import { type SessionClaims, signSession, TOKEN_LIFETIME_SECONDS } from '../../worker/auth/jwt';
import { needsRehash, verifyPassword } from '../../worker/auth/password';
import { ALL_PERMISSION_KEYS, ROLE_TEMPLATES, type RoleTemplateKey } from '../../worker/domain/permissions';
import type { PasswordChanged } from '../../worker/contract/auth';
import {
  accessTokenOf,
  bodyOf,
  call,
  claimsOf,
  createPlatformUser,
  createSchool,
  daysFromNow,
  login,
  PASSWORD,
  sql,
  PASSWORD_HASH,
  signIn,
  type TestSchool,
  tokenFor,
} from './helpers';

const STRONG = 'Nouveau#Passe-2027';
const sessionInvalid = { message: 'Session invalide ou expirée. Veuillez vous reconnecter.', code: 'unauthorized' };

const templatePermissions = (key: RoleTemplateKey) =>
  [...ROLE_TEMPLATES.find((t) => t.key === key)!.permissions].sort();

const currentInstance = (school: TestSchool, token: string) => call(school, token, 'GET', '/api/instance/current');

/** The claims of a token without its timestamps, ready to be signed again. */
function reusableClaims(token: string): SessionClaims {
  const { iat: _iat, exp: _exp, ...claims } = claimsOf(token);
  return claims as unknown as SessionClaims;
}

const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

describe('POST /api/login', () => {
  it('signs an admin in with the spec payload', async () => {
    const school = await createSchool();
    const before = Math.floor(Date.now() / 1000);
    const res = await login(school, 'admin');
    expect(res.status).toBe(200);
    const accessToken = await accessTokenOf(res);
    const claims = claimsOf(accessToken);
    expect(claims).toMatchObject({
      id: school.userIdByName.get('admin'),
      username: 'admin',
      role: 'admin',
      status: 'active',
      instance_id: school.id,
      roles: [],
    });
    expect(claims.permissions).toEqual([...ALL_PERMISSION_KEYS].sort());
    const exp = claims.exp as number;
    expect(exp).toBeGreaterThanOrEqual(before + TOKEN_LIFETIME_SECONDS);
    expect(exp - (claims.iat as number)).toBe(TOKEN_LIFETIME_SECONDS);
    // An hour's access token, renewable from a device session of 30 days (its cookie, httpOnly).
    expect(TOKEN_LIFETIME_SECONDS).toBe(60 * 60);
    expect(claims.dse as number).toBeGreaterThanOrEqual(before + DEVICE_SESSION_IDLE_SECONDS);
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('portail_session='))).toMatch(
      /; Max-Age=2592000; Path=\/api\/auth; HttpOnly; Secure; SameSite=Strict$/,
    );
    expect(cookies.find((c) => c.startsWith('portail_device='))).toMatch(
      /; Max-Age=34560000; Path=\/api\/login; HttpOnly; Secure; SameSite=Strict$/,
    );
    const me = await currentInstance(school, accessToken);
    expect(me.status).toBe(200);
  });

  it("gives a standard user exactly its role template's permissions and roles", async () => {
    const school = await createSchool();
    const claims = claimsOf(await signIn(school, 'comptable'));
    expect(claims).toMatchObject({
      id: school.userIdByName.get('comptable'),
      username: 'comptable',
      role: 'standard',
      status: 'active',
      instance_id: school.id,
    });
    expect(claims.permissions).toEqual(templatePermissions('accountant'));
    expect(claims.roles).toEqual([
      { id: school.roleIdByTemplate.get('accountant'), name: 'Comptable / Gestionnaire des Paiements' },
    ]);
  });

  it('gives a user with two roles the union of their permissions', async () => {
    const school = await createSchool({
      users: [{ username: 'vie', type: 'standard', templates: ['school_life', 'timetable_manager'] }],
    });
    const claims = claimsOf(await signIn(school, 'vie'));
    const union = [
      ...new Set([...templatePermissions('school_life'), ...templatePermissions('timetable_manager')]),
    ].sort();
    expect(claims.permissions).toEqual(union);
    expect((claims.roles as { name: string }[]).map((r) => r.name).sort()).toEqual(
      ["Gestionnaire d'Emploi du Temps", 'Gestionnaire Vie Scolaire'].sort(),
    );
  });

  it('signs teachers and students in without permissions', async () => {
    const school = await createSchool();
    for (const [username, role] of [
      ['prof', 'teacher'],
      ['eleve', 'student'],
    ] as const) {
      const claims = claimsOf(await signIn(school, username));
      expect(claims).toMatchObject({
        id: school.userIdByName.get(username),
        username,
        role,
        status: 'active',
        instance_id: school.id,
        permissions: [],
        roles: [],
      });
      expect(typeof claims.exp).toBe('number');
    }
  });

  it('signs platform accounts in on any school host, with no school', async () => {
    const schoolA = await createSchool();
    const schoolB = await createSchool();
    const superadmin = await createPlatformUser();
    const delegate = await createPlatformUser(undefined, 'superadmin_delegate');
    for (const school of [schoolA, schoolB]) {
      const claims = claimsOf(await signIn(school, superadmin.username));
      expect(claims).toMatchObject({
        id: superadmin.id,
        username: superadmin.username,
        role: 'superadmin',
        status: 'active',
        instance_id: null,
        permissions: [],
        roles: [],
      });
      expect(typeof claims.exp).toBe('number');
    }
    expect(claimsOf(await signIn(schoolB, delegate.username))).toMatchObject({
      role: 'superadmin_delegate',
      instance_id: null,
    });

    // A platform token signed in on A is a session on B too (the wrong current password proves it got past auth).
    const token = await signIn(schoolA, superadmin.username);
    const res = await call(schoolB, token, 'PUT', '/api/user/change-password', {
      currentPassword: 'Faux#Mot-de-passe1',
      newPassword: STRONG,
    });
    expect(res.status).toBe(400);
    expect((await bodyOf(res)).message).toBe('Le mot de passe actuel est incorrect.');
    // Changed on B: its device session is the account's, kept in the directory, and renews on A.
    const changed = await call(schoolB, token, 'PUT', '/api/user/change-password', {
      currentPassword: PASSWORD,
      newPassword: STRONG,
    });
    expect(changed.status).toBe(200);
    const cookie = changed.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    const renewed = await schoolA.fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { Cookie: cookie.split(';')[0]! },
    });
    expect(renewed.status).toBe(200);
  });

  it('answers unknown users and wrong passwords identically', async () => {
    const school = await createSchool();
    const unknown = await login(school, 'personne', 'Mauvais#Mot2passe');
    const wrong = await login(school, 'admin', 'Mauvais#Mot2passe');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const body = await bodyOf(unknown);
    expect(body).toEqual({ message: "Nom d'utilisateur ou mot de passe incorrect.", code: 'bad_credentials' });
    expect(await wrong.json()).toEqual(body);
  });

  it('refuses a disabled account', async () => {
    const school = await createSchool({ users: [{ username: 'ancien', type: 'standard', status: 'disabled' }] });
    const res = await login(school, 'ancien');
    expect(res.status).toBe(403);
    expect(await bodyOf(res)).toEqual({
      message: 'Ce compte est désactivé. Contactez l’administration de votre école.',
      code: 'account_disabled',
    });
  });

  it('refuses an expired temporary password', async () => {
    const school = await createSchool({
      users: [
        { username: 'nouveau', type: 'standard', status: 'temporary_password', tempPasswordExpiresAt: daysFromNow(-1) },
      ],
    });
    const res = await login(school, 'nouveau');
    expect(res.status).toBe(401);
    expect(await bodyOf(res)).toEqual({
      message: "Ce mot de passe temporaire a expiré. Demandez-en un nouveau à l'administration.",
      code: 'temporary_password_expired',
    });
  });

  it('reports malformed tokens as 401', async () => {
    const school = await createSchool();
    for (const header of ['Bearer abc', 'Bearer a.b.c', 'Basic xyz', 'Bearer ' + 'x'.repeat(2000)]) {
      const res = await school.fetch('/api/instance/current', { headers: { Authorization: header } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(sessionInvalid);
    }
    const token = await signIn(school, 'admin');
    expect((await currentInstance(school, token)).status).toBe(200);
  });
});

describe('test fixtures', () => {
  it('sign tokens with the claims a sign-in gives, and hash PASSWORD as the Worker does today', async () => {
    const school = await createSchool();
    for (const username of ['admin', 'comptable', 'prof']) {
      const { iat: _a, exp: _b, dse: _c, sid, ...signedIn } = claimsOf(await signIn(school, username));
      const { iat: _d, exp: _e, dse: _f, sid: sidOfSigned, ...signed } = claimsOf(await tokenFor(school, username));
      expect(signed, username).toEqual(signedIn);
      // Each names a device session of its own (decision 314).
      expect([typeof sid, typeof sidOfSigned, sid === sidOfSigned]).toEqual(['string', 'string', false]);
    }
    expect(await verifyPassword(PASSWORD, PASSWORD_HASH)).toBe(true);
    expect(needsRehash(PASSWORD_HASH)).toBe(false);
  });
});

describe('temporary passwords', () => {
  const temporary = (username: string, type: 'standard' | 'teacher' | 'student') => ({
    username,
    type,
    status: 'temporary_password' as const,
    tempPasswordExpiresAt: daysFromNow(7),
  });

  it('allow only the forced change, which answers an active token and revokes the old one', async () => {
    const school = await createSchool({ users: [temporary('nouveau', 'standard')] });
    const res = await login(school, 'nouveau');
    const temporaryToken = await accessTokenOf(res);
    expect(claimsOf(temporaryToken).status).toBe('temporary_password');

    const blocked = await currentInstance(school, temporaryToken);
    expect(blocked.status).toBe(403);
    expect(await bodyOf(blocked)).toEqual({
      message: 'Vous devez changer votre mot de passe temporaire avant de continuer.',
      code: 'password_change_required',
    });
    const blockedChange = await call(school, temporaryToken, 'PUT', '/api/user/change-password', {
      currentPassword: PASSWORD,
      newPassword: STRONG,
    });
    expect((await bodyOf(blockedChange)).code).toBe('password_change_required');

    const weak = await call(school, temporaryToken, 'PUT', '/api/user/force-change-password', {
      newPassword: 'faible',
    });
    expect(weak.status).toBe(400);
    expect((await bodyOf(weak)).message).toBe('Le mot de passe ne respecte pas les critères de sécurité.');

    const changed = await call(school, temporaryToken, 'PUT', '/api/user/force-change-password', {
      newPassword: STRONG,
    });
    const activeToken = await accessTokenOf(changed);
    expect(claimsOf(activeToken)).toMatchObject({ status: 'active', username: 'nouveau', instance_id: school.id });

    expect((await currentInstance(school, temporaryToken)).status).toBe(401);
    expect((await currentInstance(school, activeToken)).status).toBe(200);
    expect((await login(school, 'nouveau')).status).toBe(401);
    expect((await login(school, 'nouveau', STRONG)).status).toBe(200);
  });

  it('send students to their own forced change, and others to the user one', async () => {
    const school = await createSchool({ users: [temporary('eleve', 'student'), temporary('prof', 'teacher')] });
    const studentToken = await tokenFor(school, 'eleve');
    const teacherToken = await tokenFor(school, 'prof');

    const studentOnUser = await call(school, studentToken, 'PUT', '/api/user/force-change-password', {
      newPassword: STRONG,
    });
    expect(studentOnUser.status).toBe(403);
    const teacherOnStudent = await call(school, teacherToken, 'PUT', '/api/student/force-change-password', {
      newPassword: STRONG,
    });
    expect(teacherOnStudent.status).toBe(403);

    const student = await call(school, studentToken, 'PUT', '/api/student/force-change-password', {
      newPassword: STRONG,
    });
    expect(claimsOf(await accessTokenOf(student))).toMatchObject({ status: 'active', role: 'student' });
    const teacher = await call(school, teacherToken, 'PUT', '/api/user/force-change-password', { newPassword: STRONG });
    expect(claimsOf(await accessTokenOf(teacher))).toMatchObject({ status: 'active', role: 'teacher' });
  });
});

describe('forced change on an active account', () => {
  it('is refused to every active account, superadmin included: a session left open is not enough', async () => {
    const school = await createSchool();
    const superadmin = await createPlatformUser();
    const cases: [string, string][] = [
      ['admin', '/api/user/force-change-password'],
      ['secretaire', '/api/user/force-change-password'],
      ['prof', '/api/user/force-change-password'],
      ['eleve', '/api/student/force-change-password'],
      [superadmin.username, '/api/user/force-change-password'],
    ];
    for (const [username, path] of cases) {
      const token = await tokenFor(school, username);
      const res = await call(school, token, 'PUT', path, { newPassword: STRONG });
      expect(res.status, username).toBe(403);
      expect(await bodyOf(res)).toEqual({
        message:
          "Votre mot de passe n'est pas temporaire : changez-le depuis l'onglet Sécurité en donnant votre mot de passe actuel.",
        code: 'password_not_temporary',
      });
      // Nothing changed: the token still works and the password is the old one.
      expect((await currentInstance(school, token)).status, username).toBe(
        username === superadmin.username ? 403 : 200,
      );
      expect((await login(school, username)).status, username).toBe(200);
    }
  });
});

describe('PUT /api/user/change-password', () => {
  const change = (school: TestSchool, token: string, body: unknown) =>
    call(school, token, 'PUT', '/api/user/change-password', body);

  it('answers the French validation messages', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'secretaire');
    const cases: [unknown, string][] = [
      [{}, 'Tous les champs sont requis.'],
      [{ currentPassword: PASSWORD }, 'Tous les champs sont requis.'],
      [{ currentPassword: '', newPassword: '' }, 'Tous les champs sont requis.'],
      [
        { currentPassword: PASSWORD, newPassword: 'Court#1' },
        'Le nouveau mot de passe ne respecte pas tous les critères de sécurité.',
      ],
      [
        { currentPassword: PASSWORD, newPassword: PASSWORD },
        "Le nouveau mot de passe doit être différent de l'ancien.",
      ],
      [{ currentPassword: 'Faux#Mot-de-passe1', newPassword: STRONG }, 'Le mot de passe actuel est incorrect.'],
    ];
    for (const [body, message] of cases) {
      const res = await change(school, token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await bodyOf(res)).message).toBe(message);
    }
    // None of the refusals changed anything: the old password and token still work.
    expect((await currentInstance(school, token)).status).toBe(200);
    expect((await login(school, 'secretaire')).status).toBe(200);
  });

  it('never keeps the new token for replays of the same Idempotency-Key', async () => {
    const school = await createSchool({
      users: [
        { username: 'nouveau', type: 'standard', status: 'temporary_password', tempPasswordExpiresAt: daysFromNow(7) },
      ],
    });
    const temporaryToken = await tokenFor(school, 'nouveau');
    const forced = await call(
      school,
      temporaryToken,
      'PUT',
      '/api/user/force-change-password',
      { newPassword: STRONG },
      {
        'Idempotency-Key': `cle-${crypto.randomUUID()}`,
      },
    );
    const token = await accessTokenOf(forced);
    const changed = await call(
      school,
      token,
      'PUT',
      '/api/user/change-password',
      { currentPassword: STRONG, newPassword: `${STRONG}x` },
      {
        'Idempotency-Key': `cle-${crypto.randomUUID()}`,
      },
    );
    expect(changed.status).toBe(200);
    const userId = school.userIdByName.get('nouveau')!;
    const stored = await sql(school, 'SELECT response_body FROM idempotency_keys WHERE account_id = ?', userId).all<{
      response_body: string;
    }>();
    expect(stored.results).toEqual([]);
    const anyToken = await sql(
      school,
      "SELECT COUNT(*) AS n FROM idempotency_keys WHERE response_body LIKE '%accessToken%'",
    ).first<{ n: number }>();
    expect(anyToken!.n).toBe(0);
  });

  it('answers a new token and revokes the old one', async () => {
    const school = await createSchool();
    const oldToken = await tokenFor(school, 'secretaire');
    const res = await change(school, oldToken, { currentPassword: PASSWORD, newPassword: STRONG });
    expect(res.status).toBe(200);
    const body = await bodyOf<PasswordChanged>(res);
    expect(body.message).toBe('Mot de passe mis à jour.');
    expect(claimsOf(body.accessToken)).toMatchObject({ username: 'secretaire', status: 'active' });

    expect((await currentInstance(school, oldToken)).status).toBe(401);
    expect((await currentInstance(school, body.accessToken)).status).toBe(200);
    expect((await login(school, 'secretaire')).status).toBe(401);
    expect((await login(school, 'secretaire', STRONG)).status).toBe(200);
  });
});

describe('session revocation and token checks', () => {
  it('refuses tokens older than the token version', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'comptable');
    expect((await currentInstance(school, token)).status).toBe(200);
    await sql(
      school,
      'UPDATE users SET token_version = token_version + 1 WHERE id = ?',
      school.userIdByName.get('comptable'),
    ).run();
    const res = await currentInstance(school, token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(sessionInvalid);
    expect((await currentInstance(school, await tokenFor(school, 'comptable'))).status).toBe(200);
  });

  it("refuses a deleted user's token", async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'comptable');
    await sql(school, 'DELETE FROM users WHERE id = ?', school.userIdByName.get('comptable')).run();
    expect((await currentInstance(school, token)).status).toBe(401);
  });

  it('refuses the token of an account disabled since it signed in', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'comptable');
    await sql(school, "UPDATE users SET status = 'disabled' WHERE id = ?", school.userIdByName.get('comptable')).run();
    const res = await currentInstance(school, token);
    expect(res.status).toBe(401);
    expect((await bodyOf(res)).message).toBe('Ce compte est désactivé. Contactez l’administration de votre école.');
  });

  it('refuses expired tokens, foreign signatures, alg none, tampered payloads and absurd lifetimes', async () => {
    const school = await createSchool();
    const claims = reusableClaims(await tokenFor(school, 'admin'));

    // Control: the same claims, freshly signed with the real secret, are accepted.
    const fresh = await signSession(claims, env.JWT_SECRET);
    expect((await currentInstance(school, fresh)).status).toBe(200);

    const expired = await signSession(claims, env.JWT_SECRET, Date.now() - 2 * TOKEN_LIFETIME_SECONDS * 1000);
    const foreign = await signSession(claims, 'another-secret-that-is-long-enough-0123456789');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const unsigned = `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url({ ...claims, exp })}`;
    const hs512 = await jwt.sign({ ...claims, exp }, env.JWT_SECRET, { algorithm: 'HS512' });
    const [header, , signature] = fresh.split('.');
    const tampered = `${header}.${base64Url({ ...claimsOf(fresh), username: 'autre' })}.${signature}`;

    // Signed with the real secret but outside a token's lifetime: issued in the future, living
    // longer than 12 hours, or issued years ago.
    const now = Math.floor(Date.now() / 1000);
    const sign = (times: Record<string, number>) =>
      jwt.sign({ ...claims, ...times }, env.JWT_SECRET, { algorithm: 'HS256' });
    const issuedLater = await sign({ iat: now + 3600, exp: now + 7200 });
    const tooLong = await sign({ iat: now - 60, exp: now + 365 * 24 * 3600 });
    const ancient = await sign({ iat: now - 10 * 365 * 24 * 3600, exp: now + 3600 });

    for (const [name, token] of Object.entries({
      expired,
      foreign,
      unsigned,
      unsignedDot: `${unsigned}.`,
      hs512,
      tampered,
      issuedLater,
      tooLong,
      ancient,
    })) {
      const res = await currentInstance(school, token);
      expect(res.status, name).toBe(401);
      expect(await res.json()).toEqual(sessionInvalid);
    }
  });
});
