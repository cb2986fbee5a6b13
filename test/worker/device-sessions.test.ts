// Device sessions (decision 004): a sign-in starts one; its rotating cookie renews the hour-long
// access token for weeks; a credential used again after it was replaced ends it; every revocation
// path (password change, role change, disable, sign-out, an administrator's reset) ends it too,
// and its access token with it (decision 314).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { REUSE_GRACE_SECONDS, SESSION_COOKIE } from '../../worker/auth/device-session';
import { type SessionClaims, signSession, TOKEN_LIFETIME_SECONDS } from '../../worker/auth/jwt';
import type { DeviceSession } from '../../worker/contract/auth';
import { beforeNextWrite } from './batch-spy';
import {
  bodyOf,
  call,
  claimsOf,
  createPlatformUser,
  createSchool,
  d1RoundTrips,
  login,
  PASSWORD,
  sql,
  type TestSchool,
  tokenFor,
} from './helpers';

const STRONG = 'Nouveau#Passe-2027';
const sessionInvalid = { message: 'Session invalide ou expirée. Veuillez vous reconnecter.', code: 'unauthorized' };

/** The value of a cookie an answer sets ('' when it clears it), or undefined when it does not touch it. */
function cookieOf(res: Response, name = SESSION_COOKIE): string | undefined {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return cookie === undefined ? undefined : cookie.slice(name.length + 1).split(';')[0]!;
}

/** A phone signed in: its access token and its device session's credential. */
async function phoneOf(school: Pick<TestSchool, 'fetch'>, username: string, password = PASSWORD) {
  const res = await login(school, username, password);
  expect(res.status).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { accessToken, credential: cookieOf(res)! };
}

const refresh = (school: Pick<TestSchool, 'fetch'>, credential: string | null) =>
  school.fetch('/api/auth/refresh', {
    method: 'POST',
    headers: credential === null ? {} : { Cookie: `${SESSION_COOKIE}=${credential}` },
  });

/** Renews and answers the new access token and credential (fails the test otherwise). */
async function renewed(school: Pick<TestSchool, 'fetch'>, credential: string) {
  const res = await refresh(school, credential);
  if (res.status !== 200) throw new Error(`refresh: ${res.status} ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { accessToken, credential: cookieOf(res)! };
}

/** The device session was refused: 401, and its cookie cleared. */
async function expectEnded(res: Response) {
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual(sessionInvalid);
  expect(cookieOf(res)).toBe('');
}

const sessionIdOf = (credential: string) => credential.split('.')[0]!;
/** The device session's last rotation moved back, as if it happened `seconds` ago. */
const rotatedAgo = (school: TestSchool, credential: string, seconds: number) =>
  sql(
    school,
    'UPDATE device_sessions SET rotated_at = rotated_at - ? WHERE id = ?',
    seconds,
    sessionIdOf(credential),
  ).run();

describe('renewing the access token', () => {
  it('answers a fresh hour-long token for the same account and rotates the credential', async () => {
    const school = await createSchool();
    const phone = await phoneOf(school, 'prof');
    const next = await renewed(school, phone.credential);
    const before = claimsOf(phone.accessToken);
    const after = claimsOf(next.accessToken);
    expect(after).toMatchObject({ id: before.id, username: 'prof', role: 'teacher', tv: before.tv });
    expect((after.exp as number) - (after.iat as number)).toBe(TOKEN_LIFETIME_SECONDS);
    expect(after.dse as number).toBeGreaterThanOrEqual(before.dse as number);
    expect(next.credential).not.toBe(phone.credential);
    expect(sessionIdOf(next.credential)).toBe(sessionIdOf(phone.credential));
    expect((await call(school, next.accessToken, 'GET', '/api/instance/current')).status).toBe(200);
    // And again, weeks of renewals without the password.
    expect((await renewed(school, next.credential)).accessToken).toBeTruthy();
  });

  it('refuses a missing, malformed or forged credential', async () => {
    const school = await createSchool();
    const phone = await phoneOf(school, 'prof');
    const [id, generation, mac] = phone.credential.split('.');
    for (const credential of [null, '', 'abc', `${id}.${generation}`, `${id}.${Number(generation) + 1}.${mac}`]) {
      await expectEnded(await refresh(school, credential));
    }
    // The real one still works: none of those touched it.
    expect((await refresh(school, phone.credential)).status).toBe(200);
  });

  it('ends the device session when a credential is used again after it was replaced', async () => {
    const school = await createSchool();
    const phone = await phoneOf(school, 'eleve');
    const next = await renewed(school, phone.credential);
    await rotatedAgo(school, next.credential, REUSE_GRACE_SECONDS + 1);
    // A copy of the first credential, used again: the device session ends, for both holders.
    await expectEnded(await refresh(school, phone.credential));
    await expectEnded(await refresh(school, next.credential));
    const left = await sql(
      school,
      'SELECT COUNT(*) AS n FROM device_sessions WHERE id = ?',
      sessionIdOf(phone.credential),
    ).first<{
      n: number;
    }>();
    expect(left!.n).toBe(0);
  });

  it('answers the same new credential again for a moment (an answer lost on the way), never an older one', async () => {
    const school = await createSchool();
    const phone = await phoneOf(school, 'eleve');
    const first = await refresh(school, phone.credential);
    const again = await refresh(school, phone.credential);
    expect(again.status).toBe(200);
    expect(cookieOf(again)).toBe(cookieOf(first));
    const next = await renewed(school, cookieOf(again)!);
    // Two generations back is a copy, even within the moment.
    await expectEnded(await refresh(school, phone.credential));
    await expectEnded(await refresh(school, next.credential));
  });

  it('renews a school’s session on its own host only, and a platform account’s on any host', async () => {
    const school = await createSchool();
    const other = await createSchool();
    const phone = await phoneOf(school, 'admin');
    expect((await refresh(other, phone.credential)).status).toBe(401);
    expect((await refresh(school, phone.credential)).status).toBe(200);
    const superadmin = await createPlatformUser();
    const laptop = await phoneOf(school, superadmin.username);
    const renewedElsewhere = await renewed(other, laptop.credential);
    expect(claimsOf(renewedElsewhere.accessToken)).toMatchObject({ id: superadmin.id, instance_id: null });
    // Kept in the directory, not in a school's database: signed out on a third host, it ends everywhere.
    const third = await createSchool();
    const out = await third.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: `${SESSION_COOKIE}=${renewedElsewhere.credential}` },
    });
    expect(out.status).toBe(200);
    await expectEnded(await refresh(school, renewedElsewhere.credential));
  });

  it('refuses a device session past its end', async () => {
    const school = await createSchool();
    const phone = await phoneOf(school, 'prof');
    await sql(school, 'UPDATE device_sessions SET expires_at = ? WHERE id = ?', 1, sessionIdOf(phone.credential)).run();
    await expectEnded(await refresh(school, phone.credential));
  });
});

describe('every revocation path ends the device sessions', () => {
  it('a password change: other devices end, the device that changed it gets a new session', async () => {
    const school = await createSchool();
    const tablet = await phoneOf(school, 'secretaire');
    const phone = await phoneOf(school, 'secretaire');
    const changed = await call(school, phone.accessToken, 'PUT', '/api/user/change-password', {
      currentPassword: PASSWORD,
      newPassword: STRONG,
    });
    expect(changed.status).toBe(200);
    const credential = cookieOf(changed)!;
    expect(claimsOf(((await changed.json()) as { accessToken: string }).accessToken).dse).toBeTruthy();
    await expectEnded(await refresh(school, tablet.credential));
    await expectEnded(await refresh(school, phone.credential));
    expect((await refresh(school, credential)).status).toBe(200);
  });

  it('a role change by an administrator', async () => {
    const school = await createSchool();
    const phone = await phoneOf(school, 'comptable');
    const admin = await tokenFor(school, 'admin');
    const res = await call(school, admin, 'PUT', `/api/users/${school.userIdByName.get('comptable')}/roles`, {
      roleIds: [school.roleIdByTemplate.get('secretary')],
    });
    expect(res.status).toBe(200);
    await expectEnded(await refresh(school, phone.credential));
  });

  it('one’s own role change: the device that made it keeps a new session', async () => {
    const school = await createSchool({
      users: [
        { username: 'admin', type: 'admin' },
        { username: 'chef', type: 'standard', templates: ['admin_principal'] },
      ],
    });
    const phone = await phoneOf(school, 'chef');
    const tablet = await phoneOf(school, 'chef');
    const res = await call(school, phone.accessToken, 'PUT', `/api/users/${school.userIdByName.get('chef')}/roles`, {
      roleIds: [school.roleIdByTemplate.get('admin_principal')],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await expectEnded(await refresh(school, tablet.credential));
    expect((await refresh(school, cookieOf(res)!)).status).toBe(200);
  });

  it('disabling the account', async () => {
    const school = await createSchool();
    const phone = await phoneOf(school, 'eleve');
    const admin = await tokenFor(school, 'admin');
    const res = await call(school, admin, 'PUT', `/api/student-accounts/${school.userIdByName.get('eleve')}/disable`);
    expect(res.status).toBe(200);
    await expectEnded(await refresh(school, phone.credential));
  });

  it('signing out, even with an ended access token, and only that device', async () => {
    const school = await createSchool();
    const phone = await phoneOf(school, 'prof');
    const tablet = await phoneOf(school, 'prof');
    const out = await school.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: `${SESSION_COOKIE}=${phone.credential}` },
    });
    expect(out.status).toBe(200);
    expect(await bodyOf(out)).toEqual({ message: 'Vous êtes déconnecté.' });
    expect(cookieOf(out)).toBe('');
    await expectEnded(await refresh(school, phone.credential));
    expect((await refresh(school, tablet.credential)).status).toBe(200);
    // Without a credential there is nothing to end.
    await expectEnded(await school.fetch('/api/auth/logout', { method: 'POST' }));
  });

  it('an administrator’s reset of the password', async () => {
    const school = await createSchool();
    const phone = await phoneOf(school, 'comptable');
    const admin = await tokenFor(school, 'admin');
    const res = await call(school, admin, 'PUT', `/api/users/${school.userIdByName.get('comptable')}/reset-password`);
    expect(res.status).toBe(200);
    await expectEnded(await refresh(school, phone.credential));
  });

  it('deleting the account', async () => {
    const school = await createSchool();
    const phone = await phoneOf(school, 'comptable');
    const admin = await tokenFor(school, 'admin');
    const res = await call(school, admin, 'DELETE', `/api/delete-user/${school.userIdByName.get('comptable')}`);
    expect(res.status).toBe(200);
    await expectEnded(await refresh(school, phone.credential));
  });
});

// Decision 314: every access token names its device session, read with the account on every
// request; the Sécurité list shows one's devices and signs one or all of them out; an
// administrator signs a user's devices out.
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A device signed in with its browser's User-Agent: its access token and credential. */
async function deviceOf(school: Pick<TestSchool, 'fetch'>, username: string, userAgent: string) {
  const res = await school.fetch('/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { accessToken, credential: cookieOf(res)! };
}

const whoAmI = (school: Pick<TestSchool, 'fetch'>, token: string) =>
  call(school, token, 'GET', '/api/instance/current');
const devicesOf = async (school: Pick<TestSchool, 'fetch'>, token: string) => {
  const res = await call(school, token, 'GET', '/api/auth/sessions');
  expect(res.status, await res.clone().text()).toBe(200);
  return bodyOf<DeviceSession[]>(res);
};
/** A call sent with a device's cookie too (the routes under /api/auth see it). */
const withCookie = (credential: string) => ({ Cookie: `${SESSION_COOKIE}=${credential}` });

describe('one’s signed-in devices (Sécurité)', () => {
  it('lists them for every account type that signs in: this one first and marked, each named from its browser', async () => {
    const school = await createSchool();
    const superadmin = await createPlatformUser();
    for (const username of ['secretaire', 'prof', 'eleve', superadmin.username]) {
      const phone = await deviceOf(school, username, ANDROID_CHROME);
      const iphone = await deviceOf(school, username, IPHONE_SAFARI);
      const before = Date.now();
      const devices = await devicesOf(school, phone.accessToken);
      expect(
        devices.map((d) => [d.device, d.current]),
        username,
      ).toEqual([
        ['Chrome sur Android', true],
        ['Safari sur iPhone', false],
      ]);
      expect(devices[0]!.id).toBe(sessionIdOf(phone.credential));
      expect(Date.parse(devices[0]!.lastUsedAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(Date.parse(devices[1]!.signedInAt)).toBeGreaterThan(0);
      // Seen from the iPhone, the iPhone is this device.
      expect((await devicesOf(school, iphone.accessToken)).map((d) => d.current)).toEqual([true, false]);
    }
    // Another account's devices are not in the list.
    const admin = await tokenFor(school, 'admin');
    expect((await devicesOf(school, admin)).map((d) => d.current)).toEqual([true]);
  });

  it('signs one device out: its access token is refused at once, its renewal ends, the others go on', async () => {
    const school = await createSchool();
    const phone = await deviceOf(school, 'prof', ANDROID_CHROME);
    const lost = await deviceOf(school, 'prof', IPHONE_SAFARI);
    expect((await whoAmI(school, lost.accessToken)).status).toBe(200);
    const id = sessionIdOf(lost.credential);
    const res = await call(school, phone.accessToken, 'DELETE', `/api/auth/sessions/${id}`);
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ message: 'Appareil déconnecté.' });
    // This device's cookie is not touched.
    expect(cookieOf(res)).toBeUndefined();
    // The lost phone's token, still within its hour, is refused on its next call.
    const refused = await whoAmI(school, lost.accessToken);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(sessionInvalid);
    await expectEnded(await refresh(school, lost.credential));
    expect((await whoAmI(school, phone.accessToken)).status).toBe(200);
    expect((await devicesOf(school, phone.accessToken)).map((d) => d.device)).toEqual(['Chrome sur Android']);
    // Logged like the other actions, with the device's name.
    const logged = await sql(
      school,
      'SELECT username, target_name, details FROM audit_log WHERE instance_id = ? AND action_type = ?',
      school.id,
      'END_SESSION',
    ).all();
    expect(logged.results).toEqual([
      { username: 'prof', target_name: 'prof', details: JSON.stringify({ device: 'Safari sur iPhone' }) },
    ]);
    // Gone now, and never another account's: 404.
    expect((await call(school, phone.accessToken, 'DELETE', `/api/auth/sessions/${id}`)).status).toBe(404);
    const other = await deviceOf(school, 'secretaire', ANDROID_CHROME);
    const foreign = await call(
      school,
      phone.accessToken,
      'DELETE',
      `/api/auth/sessions/${sessionIdOf(other.credential)}`,
    );
    expect(foreign.status).toBe(404);
    expect(await bodyOf(foreign)).toMatchObject({ message: "Cet appareil n'est plus connecté." });
    expect((await whoAmI(school, other.accessToken)).status).toBe(200);
  });

  it('signing this device out from the list is a sign-out: its cookie is forgotten', async () => {
    const school = await createSchool();
    const phone = await deviceOf(school, 'eleve', ANDROID_CHROME);
    const res = await call(
      school,
      phone.accessToken,
      'DELETE',
      `/api/auth/sessions/${sessionIdOf(phone.credential)}`,
      undefined,
      withCookie(phone.credential),
    );
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toBe('');
    expect((await whoAmI(school, phone.accessToken)).status).toBe(401);
    await expectEnded(await refresh(school, phone.credential));
  });

  it("'Déconnecter tous les appareils' signs out the others and this one", async () => {
    const school = await createSchool();
    const superadmin = await createPlatformUser();
    for (const username of ['admin', superadmin.username]) {
      const phone = await deviceOf(school, username, ANDROID_CHROME);
      const tablet = await deviceOf(school, username, IPHONE_SAFARI);
      const res = await call(
        school,
        phone.accessToken,
        'DELETE',
        '/api/auth/sessions',
        undefined,
        withCookie(phone.credential),
      );
      expect(res.status, username).toBe(200);
      expect(await bodyOf(res)).toEqual({ message: 'Tous vos appareils ont été déconnectés.' });
      expect(cookieOf(res)).toBe('');
      for (const device of [phone, tablet]) {
        expect((await whoAmI(school, device.accessToken)).status, username).toBe(401);
        await expectEnded(await refresh(school, device.credential));
      }
    }
    const logged = await sql(
      school,
      'SELECT count(*) AS n FROM audit_log WHERE instance_id = ? AND action_type = ?',
      school.id,
      'END_ALL_SESSIONS',
    ).first<{ n: number }>();
    expect(logged!.n).toBe(1);
  });
});

describe('an ended device session ends its access token', () => {
  it('after a sign-out, the access token is refused at once, in the round trip the session already made', async () => {
    const school = await createSchool();
    const phone = await deviceOf(school, 'comptable', ANDROID_CHROME);
    // The session's check costs no round trip of its own: a call refused by validation makes one.
    const checked = await d1RoundTrips(school, () =>
      call(school, phone.accessToken, 'DELETE', '/api/auth/sessions/n%27importe%20quoi'),
    );
    expect(checked).toEqual({ status: 400, trips: 1 });
    const out = await school.fetch('/api/auth/logout', { method: 'POST', headers: withCookie(phone.credential) });
    expect(out.status).toBe(200);
    const refused = await d1RoundTrips(school, () => whoAmI(school, phone.accessToken));
    expect(refused).toEqual({ status: 401, trips: 1 });
  });

  it('a device session past its end ends its token, on the session’s own clock', async () => {
    const school = await createSchool();
    const phone = await deviceOf(school, 'prof', ANDROID_CHROME);
    const now = Math.floor(Date.now() / 1000);
    await sql(
      school,
      'UPDATE device_sessions SET expires_at = ? WHERE id = ?',
      now,
      sessionIdOf(phone.credential),
    ).run();
    expect((await whoAmI(school, phone.accessToken)).status).toBe(401);
  });

  it('refuses a token that names no device session, or another account’s', async () => {
    const school = await createSchool();
    const phone = await deviceOf(school, 'admin', ANDROID_CHROME);
    const other = await deviceOf(school, 'prof', ANDROID_CHROME);
    const { iat: _i, exp: _e, sid: _s, ...claims } = claimsOf(phone.accessToken);
    const sign = (extra: Record<string, unknown>) =>
      signSession({ ...claims, ...extra } as unknown as SessionClaims, env.JWT_SECRET);
    expect((await whoAmI(school, await sign({ sid: sessionIdOf(phone.credential) }))).status).toBe(200);
    expect((await whoAmI(school, await sign({}))).status).toBe(401);
    expect((await whoAmI(school, await sign({ sid: sessionIdOf(other.credential) }))).status).toBe(401);
  });

  it('a write racing the end of its device session is refused whole', async () => {
    const school = await createSchool();
    const phone = await deviceOf(school, 'admin', ANDROID_CHROME);
    const tablet = await deviceOf(school, 'admin', IPHONE_SAFARI);
    const race = beforeNextWrite(school.db, async () =>
      expect(
        (await call(school, tablet.accessToken, 'DELETE', `/api/auth/sessions/${sessionIdOf(phone.credential)}`))
          .status,
      ).toBe(200),
    );
    try {
      const res = await call(school, phone.accessToken, 'POST', '/api/subjects', { name: 'Anglais' });
      expect(race.ran()).toBe(true);
      expect(res.status).toBe(401);
    } finally {
      race.restore();
    }
    const added = await sql(
      school,
      "SELECT count(*) AS n FROM subjects WHERE instance_id = ? AND name = 'Anglais'",
      school.id,
    ).first<{ n: number }>();
    expect(added!.n).toBe(0);
  });
});

describe('an administrator signs a user’s devices out (users screen)', () => {
  it('ends every device of the account at once, logged; not another school’s user (404), nor one’s own', async () => {
    const school = await createSchool();
    const other = await createSchool();
    const admin = await tokenFor(school, 'admin');
    const phone = await deviceOf(school, 'prof', ANDROID_CHROME);
    const tablet = await deviceOf(school, 'prof', IPHONE_SAFARI);
    const id = school.userIdByName.get('prof')!;
    const res = await call(school, admin, 'DELETE', `/api/users/${id}/sessions`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await bodyOf(res)).toEqual({ message: 'Tous les appareils de prof ont été déconnectés.' });
    for (const device of [phone, tablet]) {
      expect((await whoAmI(school, device.accessToken)).status).toBe(401);
      await expectEnded(await refresh(school, device.credential));
    }
    const logged = await sql(
      school,
      'SELECT username, target_name FROM audit_log WHERE instance_id = ? AND action_type = ?',
      school.id,
      'END_USER_SESSIONS',
    ).all();
    expect(logged.results).toEqual([{ username: 'admin', target_name: 'prof' }]);
    // A pupil's devices too.
    const pupil = await deviceOf(school, 'eleve', ANDROID_CHROME);
    expect(
      (await call(school, admin, 'DELETE', `/api/users/${school.userIdByName.get('eleve')}/sessions`)).status,
    ).toBe(200);
    expect((await whoAmI(school, pupil.accessToken)).status).toBe(401);

    // Another school's user: 404, and its devices go on.
    const elsewhere = await deviceOf(other, 'prof', ANDROID_CHROME);
    const foreign = await call(school, admin, 'DELETE', `/api/users/${other.userIdByName.get('prof')}/sessions`);
    expect(foreign.status).toBe(404);
    expect((await whoAmI(other, elsewhere.accessToken)).status).toBe(200);
    // One's own: from the Sécurité tab.
    const own = await call(school, admin, 'DELETE', `/api/users/${school.userIdByName.get('admin')}/sessions`);
    expect(own.status).toBe(403);
    expect((await bodyOf(own)).message).toBe("Déconnectez vos propres appareils depuis l'onglet Sécurité.");
    expect((await whoAmI(school, admin)).status).toBe(200);
  });

  it('needs the users permission', async () => {
    const school = await createSchool();
    const phone = await deviceOf(school, 'prof', ANDROID_CHROME);
    const secretary = await tokenFor(school, 'secretaire');
    const res = await call(school, secretary, 'DELETE', `/api/users/${school.userIdByName.get('prof')}/sessions`);
    expect(res.status).toBe(403);
    expect((await whoAmI(school, phone.accessToken)).status).toBe(200);
  });
});
