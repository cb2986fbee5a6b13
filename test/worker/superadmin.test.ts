// The platform's console (issue 17): every call by the superadmin, by a delegate (refused for
// delegates and maintenance) and by a school admin (refused); a school created on its hostname
// whose admin signs in there with the temporary password; the access end date set and extended;
// suspension and its lifting, and the 7-day grace, with the school's data kept.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  CreatedDelegate,
  CreatedSchool,
  ExpirySaved,
  PlatformAnnouncement,
  PlatformSchool,
} from '../../worker/contract/superadmin';
import { NO_MAINTENANCE, setMaintenance } from '../../worker/durable/platform';
import { accessThrough } from '../../worker/domain/platform';
import { FORBIDDEN } from './admin-support';
import {
  bodyOf,
  call,
  claimsOf,
  createPlatformUser,
  createSchool,
  countEverywhere,
  daysFromNow,
  directoryD1,
  type ErrorBody,
  login,
  schoolD1,
  schoolD1s,
  sql,
  type TestSchool,
  tokenFor,
} from './helpers';
import { exports } from 'cloudflare:workers';

async function platform(type: 'superadmin' | 'superadmin_delegate' = 'superadmin') {
  const school = await createSchool();
  const { username, id } = await createPlatformUser(undefined, type);
  return { school, token: await tokenFor(school, username), username, id };
}

/** A host no school has yet (fetch against it). */
const hostOf = (host: string) => ({
  fetch: (path: string, init?: RequestInit) => exports.default.fetch(`https://${host}${path}`, init),
});

const platformLog = (action: string, target: string) =>
  sql(
    directoryD1(),
    'SELECT username, details FROM platform_audit_log WHERE action_type = ? AND target_name = ?',
    action,
    target,
  ).first<{ username: string; details: string | null }>();

afterEach(async () => setMaintenance(env, NO_MAINTENANCE));

describe('the schools', () => {
  it('lists every school with its hostname, state, end date and counts, to superadmins and delegates only', async () => {
    const school = await createSchool({ expiresAt: '2030-01-01T05:00:00.000Z' });
    await sql(
      school,
      "INSERT INTO students (id, instance_id, nom, prenom, nom_key, prenom_key, status) VALUES (?, ?, 'A', 'B', 'a', 'b', 'active'), (?, ?, 'C', 'D', 'c', 'd', 'archived')",
      crypto.randomUUID(),
      school.id,
      crypto.randomUUID(),
      school.id,
    ).run();
    for (const type of ['superadmin', 'superadmin_delegate'] as const) {
      const { school: from, token } = await platform(type);
      const res = await call(from, token, 'GET', '/api/superadmin/schools');
      expect(res.status).toBe(200);
      const row = (await bodyOf<PlatformSchool[]>(res)).find((s) => s.id === school.id);
      // Five accounts of which one is a student's: four users; one student not archived.
      expect(row).toMatchObject({
        hostnames: [school.host],
        status: 'active',
        expires_at: '2030-01-01T05:00:00.000Z',
        users: 4,
        students: 1,
        currency: 'Gdes',
        is_default: false,
      });
    }
    const admin = await tokenFor(school, 'admin');
    const refused = await call(school, admin, 'GET', '/api/superadmin/schools');
    expect(refused.status).toBe(403);
    expect(await bodyOf(refused)).toEqual(FORBIDDEN);
  });

  it('creates a school on its hostname; its admin signs in there with the temporary password, once', async () => {
    const { school: from, token, username } = await platform('superadmin_delegate');
    const host = `n${crypto.randomUUID().slice(0, 8)}.ecole.test`;
    const res = await call(from, token, 'POST', '/api/superadmin/schools', {
      name: '  Lycée  Pétion ',
      hostnames: [` ${host.toUpperCase()} `, `www.${host}`, host],
      currency: 'US',
      adminUsername: 'directeur',
    });
    expect(res.status).toBe(201);
    const created = await bodyOf<CreatedSchool>(res);
    expect(created.admin.username).toBe('directeur');
    expect(created.admin.tempPassword).toMatch(/^.{14}$/);
    // The directory: where it answers and which school database holds it; that database: the school.
    const route = await sql(
      directoryD1(),
      'SELECT name, hostname, aliases, shard, currency, status FROM instances WHERE id = ?',
      created.id,
    ).first<{ shard: string }>();
    expect(route).toMatchObject({ name: 'Lycée Pétion', hostname: host, aliases: JSON.stringify([`www.${host}`]) });
    expect(schoolD1s().map((d) => d.name)).toContain(route!.shard);
    const row = await sql(
      await schoolD1(created.id),
      'SELECT name, hostname, shard, currency, status, users_count FROM instances WHERE id = ?',
      created.id,
    ).first();
    expect(row).toEqual({
      name: 'Lycée Pétion',
      hostname: null,
      shard: null,
      currency: 'US',
      status: 'active',
      users_count: 1,
    });
    // The school answers on its other hostname too.
    expect((await login(hostOf(`www.${host}`), 'directeur', created.admin.tempPassword)).status).toBe(200);

    const signIn = await login(hostOf(host), 'directeur', created.admin.tempPassword);
    expect(signIn.status).toBe(200);
    const claims = claimsOf(((await signIn.json()) as { accessToken: string }).accessToken);
    expect(claims).toMatchObject({ role: 'admin', status: 'temporary_password', instance_id: created.id });
    // The answer with the password is not kept for a replay.
    expect(
      await countEverywhere(
        'SELECT count(*) AS n FROM idempotency_keys WHERE response_body LIKE ?',
        `%${created.admin.tempPassword}%`,
      ),
    ).toBe(0);
    expect(await platformLog('CREATE_SCHOOL', 'Lycée Pétion')).toMatchObject({ username });

    // The hostname is taken now; a bad one and a platform account's name are refused.
    const again = await call(from, token, 'POST', '/api/superadmin/schools', {
      name: 'Autre',
      hostnames: [`autre.${host}`, `www.${host}`],
    });
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).message).toBe("Ce nom d'hôte est déjà utilisé par une autre école.");
    const bad = await call(from, token, 'POST', '/api/superadmin/schools', {
      name: 'Autre',
      hostnames: ['pas un hôte'],
    });
    expect((await bodyOf(bad)).message).toBe("Le nom d'hôte n'est pas valide (par exemple : ecole3.exemple.ht).");
    const shadowed = await call(from, token, 'POST', '/api/superadmin/schools', {
      name: 'Autre',
      hostnames: [`x${host}`],
      adminUsername: username,
    });
    expect(shadowed.status).toBe(409);
    expect(await countEverywhere('SELECT count(*) AS n FROM instances WHERE name = ?', 'Autre')).toBe(0);
  });

  it('edits a school, refusing a hostname another school holds and an unknown school', async () => {
    const { school: from, token } = await platform();
    const target = await createSchool();
    const other = await createSchool();
    const newHost = `e${crypto.randomUUID().slice(0, 8)}.ecole.test`;
    const res = await call(from, token, 'PUT', `/api/superadmin/schools/${target.id}`, {
      name: 'Collège Renommé',
      hostnames: [newHost],
      currency: 'EU',
    });
    expect(res.status).toBe(200);
    expect(await sql(directoryD1(), 'SELECT name, hostname FROM instances WHERE id = ?', target.id).first()).toEqual({
      name: 'Collège Renommé',
      hostname: newHost,
    });
    expect(await sql(target, 'SELECT name, currency FROM instances WHERE id = ?', target.id).first()).toEqual({
      name: 'Collège Renommé',
      currency: 'EU',
    });
    const taken = await call(from, token, 'PUT', `/api/superadmin/schools/${target.id}`, {
      name: 'X',
      hostnames: [other.host],
    });
    expect(taken.status).toBe(409);
    const missing = await call(from, token, 'PUT', '/api/superadmin/schools/inconnue', {
      name: 'X',
      hostnames: ['x.ecole.test'],
    });
    expect(missing.status).toBe(404);
    expect((await bodyOf(missing)).message).toBe('École introuvable.');
    const admin = await call(target, await tokenFor(other, 'admin'), 'PUT', `/api/superadmin/schools/${target.id}`, {
      name: 'X',
      hostnames: ['x.ecole.test'],
    });
    expect(admin.status).toBe(401);
    const ownAdmin = await call(other, await tokenFor(other, 'admin'), 'PUT', `/api/superadmin/schools/${target.id}`, {
      name: 'X',
      hostnames: ['x.ecole.test'],
    });
    expect(ownAdmin.status).toBe(403);
  });
});

describe("a school's access", () => {
  it('sets the last day (included), clears it, and extends from the end or, once passed, from now', async () => {
    const { school: from, token } = await platform('superadmin_delegate');
    const target = await createSchool();
    const set = await call(from, token, 'PUT', `/api/superadmin/schools/${target.id}/expiry`, { date: '2031-06-30' });
    expect(await bodyOf<ExpirySaved>(set)).toEqual({
      message: "Date d'expiration enregistrée.",
      expires_at: '2031-07-01T04:00:00.000Z',
    });
    expect(accessThrough('2031-06-30')).toBe('2031-07-01T04:00:00.000Z');

    const extended = await call(from, token, 'POST', `/api/superadmin/schools/${target.id}/extend`, { months: 3 });
    expect(await bodyOf<ExpirySaved>(extended)).toEqual({
      message: "Accès prolongé jusqu'au 30 septembre 2031.",
      expires_at: '2031-10-01T04:00:00.000Z',
    });

    await sql(target, 'UPDATE instances SET expires_at = ? WHERE id = ?', daysFromNow(-30), target.id).run();
    const before = Date.now();
    const fromNow = await bodyOf<ExpirySaved>(
      await call(from, token, 'POST', `/api/superadmin/schools/${target.id}/extend`, { months: 1 }),
    );
    const days = (Date.parse(fromNow.expires_at!) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(27.9);
    expect(days).toBeLessThanOrEqual(31.1);

    const cleared = await call(from, token, 'PUT', `/api/superadmin/schools/${target.id}/expiry`, { date: null });
    expect(await bodyOf<ExpirySaved>(cleared)).toEqual({
      message: "L'école n'a plus de date d'expiration.",
      expires_at: null,
    });
    const bad = await call(from, token, 'POST', `/api/superadmin/schools/${target.id}/extend`, { months: 0 });
    expect((await bodyOf(bad)).message).toBe('Choisissez une durée de 1 à 36 mois.');
  });

  it('locks the users of a school 7 days after its end, keeps its data, and an extension lets them in again', async () => {
    const { school: from, token } = await platform();
    const target = await createSchool();
    const admin = await tokenFor(target, 'admin');
    expect((await call(target, admin, 'POST', '/api/subjects', { name: 'Histoire' })).status).toBe(201);

    await sql(target, 'UPDATE instances SET expires_at = ? WHERE id = ?', daysFromNow(-3), target.id).run();
    expect((await call(target, admin, 'GET', '/api/subjects')).status).toBe(200);
    await sql(target, 'UPDATE instances SET expires_at = ? WHERE id = ?', daysFromNow(-8), target.id).run();
    const locked = await call(target, admin, 'GET', '/api/subjects');
    expect(locked.status).toBe(403);
    expect((await bodyOf(locked)).message).toBe(
      "L'accès de votre école a expiré. Contactez l'équipe de la plateforme pour le renouveler.",
    );
    expect(await sql(target, 'SELECT count(*) AS n FROM subjects WHERE instance_id = ?', target.id).first('n')).toBe(1);

    expect(
      (await call(from, token, 'POST', `/api/superadmin/schools/${target.id}/extend`, { months: 12 })).status,
    ).toBe(200);
    expect((await call(target, admin, 'GET', '/api/subjects')).status).toBe(200);
  });

  it('suspends a school (its users refused with a French message, platform accounts not) and reactivates it', async () => {
    const { school: from, token, username } = await platform('superadmin_delegate');
    const target = await createSchool();
    const secretary = await tokenFor(target, 'secretaire');
    const suspend = await call(from, token, 'PUT', `/api/superadmin/schools/${target.id}/status`, {
      status: 'suspended',
    });
    expect((await bodyOf(suspend)).message).toBe(
      'École suspendue : ses utilisateurs ne peuvent plus se connecter. Aucune donnée n’est supprimée.',
    );
    for (const res of [await call(target, secretary, 'GET', '/api/subjects'), await login(target, 'admin')]) {
      expect(res.status).toBe(403);
      expect(await bodyOf(res)).toEqual({
        message: "L'accès de votre école est suspendu. Contactez l'équipe de la plateforme.",
        code: 'school_suspended',
      });
    }
    expect((await login(target, username)).status).toBe(200);
    expect(
      (await bodyOf<PlatformSchool[]>(await call(from, token, 'GET', '/api/superadmin/schools'))).find(
        (s) => s.id === target.id,
      )!.status,
    ).toBe('suspended');

    await call(from, token, 'PUT', `/api/superadmin/schools/${target.id}/status`, { status: 'active' });
    expect((await call(target, secretary, 'GET', '/api/subjects')).status).toBe(200);
    expect(
      await platformLog(
        'SUSPEND_SCHOOL',
        (await sql(target, 'SELECT name FROM instances WHERE id = ?', target.id).first<{ name: string }>())!.name,
      ),
    ).toMatchObject({ username });
  });
});

describe('the delegates', () => {
  it('are created and removed by the superadmin only; a removed delegate is signed out at once', async () => {
    const { school, token } = await platform();
    const name = `delegue-${crypto.randomUUID().slice(0, 6)}`;
    const res = await call(school, token, 'POST', '/api/superadmin/delegates', { username: name });
    expect(res.status).toBe(201);
    const created = await bodyOf<CreatedDelegate>(res);
    expect(created).toMatchObject({
      username: name,
      message: 'Délégué créé. Notez le mot de passe temporaire : il ne sera plus affiché.',
    });
    const list = await bodyOf<{ id: string; username: string; status: string }[]>(
      await call(school, token, 'GET', '/api/superadmin/delegates'),
    );
    expect(list.find((d) => d.id === created.id)).toMatchObject({ username: name, status: 'temporary_password' });

    // The delegate changes the temporary password, then works on schools but not on delegates or maintenance.
    const first = await tokenFor(school, name, created.tempPassword);
    const changed = await call(school, first, 'PUT', '/api/user/force-change-password', {
      newPassword: 'Delegue#Plateforme-2026',
    });
    expect(changed.status).toBe(200);
    const delegate = ((await changed.json()) as { accessToken: string }).accessToken;
    expect((await call(school, delegate, 'GET', '/api/superadmin/schools')).status).toBe(200);
    for (const [method, path, body] of [
      ['GET', '/api/superadmin/delegates', undefined],
      ['POST', '/api/superadmin/delegates', { username: 'autre-delegue' }],
      ['DELETE', `/api/superadmin/delegates/${created.id}`, undefined],
      ['PUT', '/api/superadmin/maintenance', { active: true, level: 'standard' }],
      ['DELETE', '/api/superadmin/audit-logs/delete-bulk', { ids: ['x'] }],
    ] as const) {
      expect((await call(school, delegate, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    // A school admin reaches none of it.
    const admin = await tokenFor(school, 'admin');
    expect((await call(school, admin, 'POST', '/api/superadmin/delegates', { username: 'x-delegue' })).status).toBe(
      403,
    );

    // A name a school account holds is refused (the platform account would shadow it).
    const taken = await call(school, token, 'POST', '/api/superadmin/delegates', { username: 'secretaire' });
    expect(taken.status).toBe(409);

    expect((await call(school, token, 'DELETE', `/api/superadmin/delegates/${created.id}`)).status).toBe(200);
    expect((await call(school, delegate, 'GET', '/api/superadmin/schools')).status).toBe(401);
    expect((await call(school, token, 'DELETE', `/api/superadmin/delegates/${created.id}`)).status).toBe(404);
  });
});

describe('announcements to school admins', () => {
  it("are published by the platform, shown as the latest in every school admin's banner, and deleted", async () => {
    const { school, token } = await platform('superadmin_delegate');
    const title = `Titre ${crypto.randomUUID().slice(0, 6)}`;
    const res = await call(school, token, 'POST', '/api/superadmin/announcements', {
      title,
      content: 'Les bulletins du trimestre\nsont disponibles.',
    });
    expect(res.status).toBe(201);
    const saved = await bodyOf<PlatformAnnouncement & { message: string }>(res);
    const other: TestSchool = await createSchool();
    const banner = await call(other, await tokenFor(other, 'admin'), 'GET', '/api/admin/announcements');
    expect(await bodyOf(banner)).toEqual({
      id: saved.id,
      title,
      content: 'Les bulletins du trimestre\nsont disponibles.',
      created_at: saved.created_at,
    });
    const list = await bodyOf<PlatformAnnouncement[]>(
      await call(school, token, 'GET', '/api/superadmin/announcements'),
    );
    expect(list[0]!.id).toBe(saved.id);

    const empty = await call(school, token, 'POST', '/api/superadmin/announcements', { title: 'x', content: '   ' });
    expect((await bodyOf<ErrorBody>(empty)).message).toBe("Veuillez rédiger l'annonce.");
    expect(
      (
        await call(school, await tokenFor(school, 'admin'), 'POST', '/api/superadmin/announcements', {
          title: 'x',
          content: 'y',
        })
      ).status,
    ).toBe(403);

    expect((await call(school, token, 'DELETE', `/api/superadmin/announcements/${saved.id}`)).status).toBe(200);
    const after = await bodyOf<{ id: string } | null>(
      await call(other, await tokenFor(other, 'admin'), 'GET', '/api/admin/announcements'),
    );
    expect(after?.id).not.toBe(saved.id);
  });
});

describe('maintenance from the console', () => {
  it('is set by the superadmin only; every account type meets its level', async () => {
    const { school, token } = await platform();
    const delegate = await platform('superadmin_delegate');
    const tokens = {
      admin: await tokenFor(school, 'admin'),
      secretaire: await tokenFor(school, 'secretaire'),
      prof: await tokenFor(school, 'prof'),
      eleve: await tokenFor(school, 'eleve'),
      delegate: delegate.token,
      superadmin: token,
    };
    const PATHS = {
      admin: '/api/instance/current',
      secretaire: '/api/instance/current',
      prof: '/api/school-years',
      eleve: '/api/school-years',
      delegate: '/api/superadmin/schools',
      superadmin: '/api/superadmin/schools',
    };
    const reach = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(tokens).map(async ([who, t]) => [
            who,
            (await call(school, t, 'GET', PATHS[who as keyof typeof PATHS])).status,
          ]),
        ),
      );
    const put = (body: unknown) => call(school, token, 'PUT', '/api/superadmin/maintenance', body);
    expect((await put({ active: true, message: 'Travaux.', level: 'standard' })).status).toBe(200);
    expect(await reach()).toMatchObject({
      admin: 200,
      secretaire: 503,
      prof: 503,
      eleve: 503,
      delegate: 200,
      superadmin: 200,
    });
    expect((await put({ active: true, message: 'Travaux.', level: 'full_lockdown' })).status).toBe(200);
    expect(await reach()).toMatchObject({
      admin: 503,
      secretaire: 503,
      prof: 503,
      eleve: 503,
      delegate: 200,
      superadmin: 200,
    });
    expect((await call(school, delegate.token, 'PUT', '/api/superadmin/maintenance', { active: false })).status).toBe(
      403,
    );
    expect((await put({ active: false })).status).toBe(200);
    expect(await reach()).toMatchObject({ admin: 200, secretaire: 200, prof: 200, delegate: 200, superadmin: 200 });
    expect(
      await sql(
        directoryD1(),
        "SELECT count(*) AS n FROM platform_audit_log WHERE action_type = 'MAINTENANCE_ON' AND target_name = 'full_lockdown'",
      ).first('n'),
    ).toBeGreaterThan(0);
  });
});

describe('the default school', () => {
  it('alone may have no hostname', async () => {
    const { school: from, token } = await platform();
    const target = await createSchool();
    const res = await call(from, token, 'PUT', `/api/superadmin/schools/${target.id}`, {
      name: 'Sans adresse',
      hostnames: [],
    });
    expect(res.status).toBe(400);
    const directory = directoryD1();
    expect(await sql(directory, 'SELECT hostname FROM instances WHERE id = ?', target.id).first('hostname')).toBe(
      target.host,
    );
    await sql(directory, 'UPDATE instances SET is_default = 1 WHERE id = ?', target.id).run();
    try {
      expect(
        (await call(from, token, 'PUT', `/api/superadmin/schools/${target.id}`, { name: 'Par défaut', hostnames: [] }))
          .status,
      ).toBe(200);
      expect(
        await sql(directory, 'SELECT hostname FROM instances WHERE id = ?', target.id).first('hostname'),
      ).toBeNull();
    } finally {
      await sql(directory, 'UPDATE instances SET is_default = 0 WHERE id = ?', target.id).run();
    }
    const created = await call(from, token, 'POST', '/api/superadmin/schools', { name: 'Sans adresse', hostnames: [] });
    expect(created.status).toBe(400);
  });
});
