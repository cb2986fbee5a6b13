// Device sessions (decision 004): a sign-in starts one; its rotating cookie renews the hour-long
// access token for weeks; a credential used again after it was replaced ends it; every revocation
// path (password change, role change, disable, sign-out, an administrator's reset) ends it too.
import { describe, expect, it } from 'vitest';
import { REUSE_GRACE_SECONDS, SESSION_COOKIE } from '../../worker/auth/device-session';
import { TOKEN_LIFETIME_SECONDS } from '../../worker/auth/jwt';
import {
  bodyOf,
  call,
  claimsOf,
  createPlatformUser,
  createSchool,
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
