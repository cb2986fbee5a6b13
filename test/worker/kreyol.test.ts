// Kreyòl on the server (issue 42, decision 340): a page that reads Kreyòl sends `X-Language: ht`,
// and every message the API sends a pupil comes back in Kreyòl (validation, refusals, not found,
// the sign-in's refusals: wrong password, the wait, a suspended school, maintenance, a temporary
// password), while the staff are answered in French whatever their phone asks. The account keeps
// the pupil's choice; the sign-in answers it, so that another phone finds it.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { ACCESS_RULE, type AccessRule } from '../../worker/auth/access';
import type { Endpoint } from '../../worker/contract/endpoint';
import { serverText } from '../../worker/contract/texts/server';
import { serverText as kreyolServer } from '../../worker/contract/texts/ht/server';
import { type AccountLimitState, LOGIN_LIMITS } from '../../worker/domain/login-limits';
import { accountThrottle } from '../../worker/durable/login-throttle';
import { NO_MAINTENANCE, setMaintenance } from '../../worker/durable/platform';
import { registeredRoutes, taggedOf } from '../../worker/lib/routes';
import { ENDPOINT } from '../../worker/lib/validate';
import { bodyOf, call, createSchool, deviceSessionFor, PASSWORD, sql, type TestSchool, tokenFor } from './helpers';

const KREYOL = { 'X-Language': 'ht' };

/** A sign-in from a page in Kreyòl (or in French: `headers` empty). */
const loginIn = (school: TestSchool, username: string, password = PASSWORD, headers: Record<string, string> = KREYOL) =>
  school.fetch('/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ username, password }),
  });

describe('the sign-in answers in the page’s language', () => {
  afterEach(async () => {
    await setMaintenance(env, NO_MAINTENANCE);
  });

  it('a wrong password and a missing field, in Kreyòl; in French without the header', async () => {
    const school = await createSchool();
    const wrong = await loginIn(school, 'eleve', 'Pa#Bon-Modpas-2026');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      message: 'Non itilizatè a oswa modpas la pa kòrèk.',
      code: 'bad_credentials',
    });
    const empty = await school.fetch('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...KREYOL },
      body: JSON.stringify({ username: 'eleve' }),
    });
    expect((await bodyOf(empty)).message).toBe('Ou dwe antre non itilizatè a ak modpas la.');
    const french = await loginIn(school, 'eleve', 'Pa#Bon-Modpas-2026', {});
    expect((await bodyOf(french)).message).toBe("Nom d'utilisateur ou mot de passe incorrect.");
  });

  it('the wait after too many attempts, in Kreyòl', async () => {
    const school = await createSchool();
    await runInDurableObject(accountThrottle(env, school.id, 'eleve'), async (_instance, state) => {
      const stored = (await state.storage.get<AccountLimitState>('state')) ?? { devices: {}, networks: {}, others: [] };
      for (let i = 0; i < LOGIN_LIMITS.failuresPerHour; i++)
        stored.others.push({ id: `stranger-${i}`, at: Date.now() - 60_000 - i * 1000 });
      await state.storage.put('state', stored);
    });
    const refused = await loginIn(school, 'eleve');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('Retry-After'));
    expect(await refused.json()).toEqual({
      message: `Twòp esè pou konekte. Eseye ankò nan ${Math.ceil(wait / 60)} minit.`,
      code: 'too_many_attempts',
      retryAfter: wait,
    });
  });

  it('a suspended school and maintenance, in Kreyòl', async () => {
    const school = await createSchool();
    await sql(school, "UPDATE instances SET status = 'suspended' WHERE id = ?", school.id).run();
    const suspended = await loginIn(school, 'eleve');
    expect(suspended.status).toBe(403);
    expect(await suspended.json()).toEqual({
      message: 'Aksè lekòl ou a sispann. Pale ak ekip platfòm nan.',
      code: 'school_suspended',
    });

    const open = await createSchool();
    await setMaintenance(env, { active: true, message: '', level: 'standard' });
    const during = await loginIn(open, 'eleve');
    expect(during.status).toBe(503);
    expect(await during.json()).toMatchObject({
      message: 'Platfòm nan an antretyen. Tanpri, eseye ankò pita.',
      code: 'maintenance',
    });
  });

  it('a temporary password to replace, in Kreyòl', async () => {
    const school = await createSchool({
      users: [{ username: 'nouvo', type: 'student', status: 'temporary_password' }],
    });
    const token = await tokenFor(school, 'nouvo');
    const refused = await call(school, token, 'GET', '/api/student/access-status', undefined, KREYOL);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: 'Ou dwe chanje modpas tanporè ou a anvan ou kontinye.',
      code: 'password_change_required',
    });
  });
});

describe('a pupil’s requests answered in Kreyòl', () => {
  it('refusals, not found, validation and an unknown address', async () => {
    const school = await createSchool();
    const eleve = await tokenFor(school, 'eleve');
    const ask = (method: string, path: string, body?: unknown) => call(school, eleve, method, path, body, KREYOL);

    const staffOnly = await ask('GET', '/api/students-with-enrollment-status');
    expect(await staffOnly.json()).toEqual({ message: 'Ou pa gen dwa fè sa.', code: 'forbidden' });
    const missing = await ask('GET', `/api/resources/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect((await bodyOf(missing)).message).toBe('Nou pa jwenn resous la.');
    expect((await bodyOf(await ask('GET', '/api/pa-egziste'))).message).toBe('Adrès sa a pa egziste.');

    // The field's name and the reason, in Kreyòl; the form's own message, in Kreyòl.
    const language = await ask('PUT', '/api/user/language', { language: 'en' });
    expect(language.status).toBe(400);
    expect((await bodyOf(language)).message).toBe('« Lang » : chwa sa a pa egziste.');
    const change = await ask('PUT', '/api/user/change-password', { currentPassword: PASSWORD });
    expect((await bodyOf(change)).message).toBe('Ou dwe ranpli tout chan yo.');
    const notJson = await school.fetch('/api/user/language', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${eleve}`, 'Content-Type': 'application/json', ...KREYOL },
      body: '{',
    });
    expect((await bodyOf(notJson)).message).toBe('Demann lan pa gen yon JSON ki kòrèk.');
  });

  it('his devices named and signed out in Kreyòl', async () => {
    const school = await createSchool();
    await deviceSessionFor(
      school.db,
      { id: school.userIdByName.get('eleve')!, instanceId: school.id, tokenVersion: 0 },
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    );
    const eleve = await tokenFor(school, 'eleve');
    const devices = await bodyOf<{ device: string; current: boolean }[]>(
      await call(school, eleve, 'GET', '/api/auth/sessions', undefined, KREYOL),
    );
    expect(devices.map((d) => d.device)).toContain('Chrome sou Android');
    const ended = await call(school, eleve, 'DELETE', '/api/auth/sessions', undefined, KREYOL);
    expect(await ended.json()).toEqual({ message: 'Tout aparèy ou yo dekonekte.' });
  });

  it('the staff in French, whatever the page asks', async () => {
    const school = await createSchool();
    const comptable = await tokenFor(school, 'comptable');
    const refused = await call(school, comptable, 'GET', '/api/student/access-status', undefined, KREYOL);
    expect(await refused.json()).toEqual({ message: serverText.forbidden, code: 'forbidden' });
    const invalid = await call(school, comptable, 'PUT', '/api/user/change-password', {}, KREYOL);
    expect((await bodyOf(invalid)).message).toBe('Tous les champs sont requis.');
  });
});

describe('the language kept with the account', () => {
  it('a pupil’s choice is answered at his next sign-in, on any phone', async () => {
    const school = await createSchool();
    const first = await loginIn(school, 'eleve', PASSWORD, {});
    expect(await first.json()).toMatchObject({ language: 'fr' });

    const eleve = await tokenFor(school, 'eleve');
    const chosen = await call(
      school,
      eleve,
      'PUT',
      '/api/user/language',
      { language: 'ht' },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toEqual({ language: 'ht' });
    const [row] = await sql(
      school,
      "SELECT language FROM users WHERE username = 'eleve' AND instance_id = ?",
      school.id,
    )
      .all<{ language: string }>()
      .then((r) => r.results);
    expect(row?.language).toBe('ht');
    const logged = await sql(
      school,
      "SELECT target_name FROM audit_log WHERE action_type = 'SET_LANGUAGE' AND instance_id = ?",
      school.id,
    )
      .all<{ target_name: string }>()
      .then((r) => r.results);
    expect(logged).toEqual([{ target_name: 'Kreyòl' }]);

    // Another phone, French by default, signs in: the account's language comes back.
    const elsewhere = await loginIn(school, 'eleve', PASSWORD, {});
    expect(await elsewhere.json()).toMatchObject({ language: 'ht' });
  });

  it('is a pupil’s own: the staff keep French', async () => {
    const school = await createSchool();
    const comptable = await tokenFor(school, 'comptable');
    const refused = await call(school, comptable, 'PUT', '/api/user/language', { language: 'ht' });
    expect(refused.status).toBe(403);
    expect(await (await loginIn(school, 'comptable', PASSWORD, {})).json()).toMatchObject({ language: 'fr' });
  });
});

describe('every field a pupil sends', () => {
  /** Whether an access rule lets a pupil call the route. */
  const pupilMay = (rule: AccessRule | undefined): boolean =>
    Boolean(rule) &&
    (rule!.public === true ||
      (!rule!.types && !rule!.anyOf) ||
      Boolean(rule!.types?.includes('student')) ||
      Boolean(rule!.anyOf?.some(pupilMay)));

  it('has its Kreyòl name when it has a French one', () => {
    const missing: string[] = [];
    for (const route of registeredRoutes(app)) {
      if (!pupilMay(taggedOf<AccessRule>(route, ACCESS_RULE))) continue;
      const endpoint = taggedOf<Endpoint>(route, ENDPOINT);
      for (const schema of [endpoint?.params, endpoint?.query, endpoint?.body]) {
        const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
        for (const field of Object.keys(shape))
          if (serverText.fields[field] && !Object.hasOwn(kreyolServer.fields, field))
            missing.push(`${route.method} ${route.path}: ${field}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
