// The data key of an account on a device (issue 39, decision 320): handed out with a sign-in, a
// renewal and a password change of that account on that device only. The same account signing in
// again on the same browser gets the same key (its set on the phone opens at once); another
// browser, or another account on the same one, gets another; a password change, 'Déconnecter tous
// les appareils' and an administrator's end of the sessions change every key of the account.
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, SESSION_COOKIE } from '../../worker/auth/device-session';
import { call, createSchool, login, PASSWORD, sql, type TestSchool, tokenFor } from './helpers';

interface DataKey {
  id: string;
  key: string;
}

const STRONG = 'Nouveau#Passe-2027';

function cookieOf(res: Response, name: string): string | undefined {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return cookie === undefined ? undefined : cookie.slice(name.length + 1).split(';')[0]!;
}

/** A browser: its device cookie, kept across its sign-ins. */
function browser(school: Pick<TestSchool, 'fetch'>) {
  let device: string | undefined;
  return {
    async signIn(username: string, password = PASSWORD) {
      const res = await school.fetch('/api/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(device ? { Cookie: `${DEVICE_COOKIE}=${device}` } : {}) },
        body: JSON.stringify({ username, password }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      device ??= cookieOf(res, DEVICE_COOKIE);
      const body = (await res.json()) as { accessToken: string; dataKey: DataKey };
      return { ...body, credential: cookieOf(res, SESSION_COOKIE)! };
    },
  };
}

const renew = async (school: Pick<TestSchool, 'fetch'>, credential: string) => {
  const res = await school.fetch('/api/auth/refresh', {
    method: 'POST',
    headers: { Cookie: `${SESSION_COOKIE}=${credential}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { accessToken: string; dataKey: DataKey };
};

describe('the data key of an account on a device', () => {
  it('is the same at every sign-in and renewal of the account on that browser, another elsewhere', async () => {
    const school = await createSchool();
    const phone = browser(school);
    const first = await phone.signIn('prof');
    expect(first.dataKey.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Signed out, then in again on the same phone: the same key (its set opens at once).
    await school.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: `${SESSION_COOKIE}=${first.credential}` },
    });
    const again = await phone.signIn('prof');
    expect(again.dataKey).toEqual(first.dataKey);
    expect((await renew(school, again.credential)).dataKey).toEqual(first.dataKey);
    // Another account on the same phone, the same account on another phone: other keys.
    const pupil = await phone.signIn('eleve');
    expect(pupil.dataKey.key).not.toBe(first.dataKey.key);
    const other = await browser(school).signIn('prof');
    expect(other.dataKey.key).not.toBe(first.dataKey.key);
    expect(other.dataKey.id).not.toBe(first.dataKey.id);
    // Never kept for a replay: a sign-in's answer is not stored with an Idempotency-Key.
    const stored = await sql(
      school,
      "SELECT count(*) AS n FROM idempotency_keys WHERE response_body LIKE '%dataKey%'",
    ).first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });

  it('changes with a password change, and with the end of every session, for every device', async () => {
    const school = await createSchool();
    const phone = browser(school);
    const tablet = browser(school);
    const before = await phone.signIn('prof');
    const onTablet = await tablet.signIn('prof');
    // A password change on the phone: the phone gets its new key with the new session.
    const changed = await call(school, before.accessToken, 'PUT', '/api/user/change-password', {
      currentPassword: PASSWORD,
      newPassword: STRONG,
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const { dataKey: afterChange } = (await changed.json()) as { dataKey: DataKey };
    expect(afterChange.id).not.toBe(before.dataKey.id);
    // The same phone signing in again gets that new key; the tablet's is new too.
    expect((await phone.signIn('prof', STRONG)).dataKey).toEqual(afterChange);
    const tabletNow = await tablet.signIn('prof', STRONG);
    expect(tabletNow.dataKey.id).not.toBe(onTablet.dataKey.id);

    // 'Déconnecter tous les appareils': every key changes again.
    const all = await call(school, tabletNow.accessToken, 'DELETE', '/api/auth/sessions');
    expect(all.status).toBe(200);
    const afterAll = await phone.signIn('prof', STRONG);
    expect(afterAll.dataKey.id).not.toBe(afterChange.id);

    // An administrator ends the teacher's sessions: again.
    const profId = school.userIdByName.get('prof')!;
    const admin = await tokenFor(school, 'admin');
    expect((await call(school, admin, 'DELETE', `/api/users/${profId}/sessions`)).status).toBe(200);
    expect((await phone.signIn('prof', STRONG)).dataKey.id).not.toBe(afterAll.dataKey.id);
  });

  it('is refused to nobody signed in: a renewal without its device session has none', async () => {
    const school = await createSchool();
    const res = await login(school, 'prof', 'mauvais');
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain('dataKey');
  });
});
