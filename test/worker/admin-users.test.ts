// Users: list, creation with roles (the assignment rules and their reasons), password reset,
// role changes, deletion; sessions revoked; protected accounts; the platform announcement.
import { describe, expect, it } from 'vitest';
import type { SavedRole } from '../../worker/contract/roles';
import type { PasswordReset, SavedUserRoles, SchoolUser as UserRow } from '../../worker/contract/users';
import { PERMISSION_ID_BY_KEY } from '../../worker/domain/permissions';
import { expectError, FORBIDDEN, NOT_FOUND } from './admin-support';
import {
  bodyOf,
  call,
  claimsOf,
  createSchool,
  directoryD1,
  login,
  PASSWORD,
  sql,
  type TestSchool,
  tokenFor,
} from './helpers';

const NEW_PASSWORD = 'Bienvenue#2026-ok';

const register = (school: TestSchool, token: string, body: Record<string, unknown>) =>
  call(school, token, 'POST', '/api/register', { username: 'caissier', password: NEW_PASSWORD, roleIds: [], ...body });

const role = (school: TestSchool, template: string) => school.roleIdByTemplate.get(template)!;

describe('user list and creation', () => {
  it('lists staff and teacher accounts with their roles, not student accounts', async () => {
    const school = await createSchool();
    const users = await bodyOf<UserRow[]>(await call(school, await tokenFor(school, 'admin'), 'GET', '/api/users'));
    expect(users.map((u) => [u.username, u.role, u.roles.map((r) => r.name)])).toEqual([
      ['admin', 'admin', []],
      ['comptable', 'standard', ['Comptable / Gestionnaire des Paiements']],
      ['prof', 'teacher', []],
      ['secretaire', 'standard', ['Secrétaire Pédagogique']],
    ]);
    expect(users.every((u) => u.status === 'active')).toBe(true);
  });

  it('creates a staff account with a temporary password valid 7 days', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const res = await register(school, token, { roleIds: [role(school, 'accountant'), role(school, 'school_life')] });
    expect(res.status).toBe(201);
    expect(await bodyOf(res)).toMatchObject({ username: 'caissier', message: 'Utilisateur créé.' });
    const row = await sql(
      school,
      'SELECT account_type, status, temp_password_expires_at AS exp FROM users WHERE instance_id = ? AND username = ?',
      school.id,
      'caissier',
    ).first<{
      account_type: string;
      status: string;
      exp: string;
    }>();
    expect(row).toMatchObject({ account_type: 'standard', status: 'temporary_password' });
    const days = (Date.parse(row!.exp) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const claims = claimsOf(await tokenFor(school, 'caissier', NEW_PASSWORD));
    expect(claims.status).toBe('temporary_password');
    expect((claims.roles as { name: string }[]).map((r) => r.name).sort()).toEqual([
      'Comptable / Gestionnaire des Paiements',
      'Gestionnaire Vie Scolaire',
    ]);
    const list = await bodyOf<UserRow[]>(await call(school, token, 'GET', '/api/users'));
    expect(list.find((u) => u.username === 'caissier')).toMatchObject({
      status: 'temporary_password',
      role: 'standard',
    });
  });

  it('answers the validation messages', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const accountant = [role(school, 'accountant')];
    await expectError(
      await register(school, token, { username: '  ', roleIds: accountant }),
      400,
      "Le nom d'utilisateur est requis.",
    );
    await expectError(
      await register(school, token, { username: 'a b', roleIds: accountant }),
      400,
      "Le nom d'utilisateur doit compter de 3 à 50 caractères : lettres, chiffres, points, tirets ou tirets bas.",
    );
    await expectError(
      await register(school, token, { password: 'court', roleIds: accountant }),
      400,
      'Le mot de passe ne respecte pas les critères de sécurité.',
    );
    await expectError(await register(school, token, { roleIds: [] }), 400, 'Veuillez sélectionner au moins un rôle.');
    await expectError(await register(school, token, { roleIds: [crypto.randomUUID()] }), 400, 'Rôle inconnu.');
    await expectError(
      await register(school, token, { username: 'COMPTABLE', roleIds: accountant }),
      409,
      "Ce nom d'utilisateur est déjà utilisé.",
    );
  });

  it('enforces the role assignment rules with their four reasons', async () => {
    const school = await createSchool({
      users: [
        { username: 'admin', type: 'admin' },
        { username: 'chef', type: 'standard', templates: ['admin_principal'] },
      ],
    });
    const token = await tokenFor(school, 'admin');
    await expectError(
      await register(school, token, { roleIds: [role(school, 'admin_principal'), role(school, 'accountant')] }),
      400,
      'Le rôle Administrateur Principal inclut déjà cette permission.',
    );
    await expectError(
      await register(school, token, { roleIds: [role(school, 'director'), role(school, 'secretary')] }),
      400,
      'Les rôles de Directeur et Secrétaire sont mutuellement exclusifs.',
    );
    await expectError(
      await register(school, token, { roleIds: [role(school, 'secretary'), role(school, 'timetable_manager')] }),
      400,
      'Un rôle supérieur inclut déjà cette permission.',
    );
    const chef = await tokenFor(school, 'chef');
    const chefId = school.userIdByName.get('chef')!;
    await expectError(
      await call(school, chef, 'PUT', `/api/users/${chefId}/roles`, { roleIds: [role(school, 'director')] }),
      400,
      "Vous ne pouvez pas retirer votre propre rôle d'Administrateur Principal.",
    );
    // Allowed combinations go through.
    expect((await register(school, token, { roleIds: [role(school, 'director')] })).status).toBe(201);
    expect(
      (
        await register(school, token, {
          username: 'gestion',
          roleIds: [role(school, 'accountant'), role(school, 'portal_manager')],
        })
      ).status,
    ).toBe(201);
    const users = await bodyOf<UserRow[]>(await call(school, token, 'GET', '/api/users'));
    expect(users.map((u) => u.username)).toEqual(['admin', 'caissier', 'chef', 'gestion']);
  });
});

describe('password reset', () => {
  it('gives a temporary password once, revokes sessions and forces the change', async () => {
    const school = await createSchool();
    const admin = await tokenFor(school, 'admin');
    const before = await tokenFor(school, 'comptable');
    const id = school.userIdByName.get('comptable')!;
    const key = `reset-${crypto.randomUUID()}`;
    const res = await call(school, admin, 'PUT', `/api/users/${id}/reset-password`, undefined, {
      'Idempotency-Key': key,
    });
    expect(res.status).toBe(200);
    const body = await bodyOf<PasswordReset>(res);
    expect(body.username).toBe('comptable');
    expect(body.tempPassword).toMatch(/^.{14}$/);
    // The secret is not kept in D1 for replays.
    expect(
      (await sql(school, 'SELECT COUNT(*) AS n FROM idempotency_keys WHERE key = ?', key).first<{ n: number }>())!.n,
    ).toBe(0);

    expect((await call(school, before, 'GET', '/api/instance/current')).status).toBe(401);
    expect((await login(school, 'comptable', PASSWORD)).status).toBe(401);
    const temp = await tokenFor(school, 'comptable', body.tempPassword);
    expect(claimsOf(temp).status).toBe('temporary_password');
    const blocked = await call(school, temp, 'GET', '/api/instance/current');
    expect(blocked.status).toBe(403);
    expect((await bodyOf(blocked)).code).toBe('password_change_required');
    const changed = await call(school, temp, 'PUT', '/api/user/force-change-password', { newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect(claimsOf(await tokenFor(school, 'comptable', NEW_PASSWORD)).status).toBe('active');
  });

  it("refuses 'admin' and oneself, another school's user and callers without user:manage", async () => {
    const school = await createSchool({
      users: [
        { username: 'admin', type: 'admin' },
        { username: 'chef', type: 'standard', templates: ['admin_principal'] },
        { username: 'comptable', type: 'standard', templates: ['accountant'] },
      ],
    });
    const other = await createSchool();
    const chef = await tokenFor(school, 'chef');
    const reason = 'Le compte « admin » et votre propre compte ne peuvent être ni réinitialisés ni supprimés.';
    await expectError(
      await call(school, chef, 'PUT', `/api/users/${school.userIdByName.get('admin')}/reset-password`),
      403,
      reason,
    );
    await expectError(
      await call(school, chef, 'PUT', `/api/users/${school.userIdByName.get('chef')}/reset-password`),
      403,
      reason,
    );
    expect(
      await bodyOf(await call(school, chef, 'PUT', `/api/users/${other.userIdByName.get('comptable')}/reset-password`)),
    ).toEqual(NOT_FOUND);
    const comptable = await tokenFor(school, 'comptable');
    expect(
      await bodyOf(
        await call(school, comptable, 'PUT', `/api/users/${school.userIdByName.get('chef')}/reset-password`),
      ),
    ).toEqual(FORBIDDEN);
    // Still able to sign in with their own passwords.
    expect((await login(other, 'comptable')).status).toBe(200);
    expect((await login(school, 'admin')).status).toBe(200);
  });
});

describe('role changes and deletion', () => {
  it("replaces a staff account's roles and revokes its sessions", async () => {
    const school = await createSchool();
    const admin = await tokenFor(school, 'admin');
    const before = await tokenFor(school, 'comptable');
    const id = school.userIdByName.get('comptable')!;
    const res = await call(school, admin, 'PUT', `/api/users/${id}/roles`, { roleIds: [role(school, 'report_cards')] });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toMatchObject({
      message: 'Rôles mis à jour.',
      roles: [{ name: 'Gestionnaire des Bulletins' }],
    });
    expect((await call(school, before, 'GET', '/api/instance/current')).status).toBe(401);
    expect(claimsOf(await tokenFor(school, 'comptable')).permissions).toContain('report_card:generate');
    await expectError(
      await call(school, admin, 'PUT', `/api/users/${school.userIdByName.get('prof')}/roles`, { roleIds: [] }),
      409,
      'Seuls les comptes du personnel (type standard) ont des rôles modifiables.',
    );
  });

  it('answers a fresh token to a user who changes their own roles', async () => {
    const school = await createSchool({
      users: [
        { username: 'admin', type: 'admin' },
        { username: 'chef', type: 'standard', templates: ['admin_principal'] },
      ],
    });
    const chef = await tokenFor(school, 'chef');
    const res = await call(school, chef, 'PUT', `/api/users/${school.userIdByName.get('chef')}/roles`, {
      roleIds: [role(school, 'admin_principal')],
    });
    expect(res.status).toBe(200);
    const { accessToken } = await bodyOf<Required<SavedUserRoles>>(res);
    expect((await call(school, chef, 'GET', '/api/users')).status).toBe(401);
    expect((await call(school, accessToken, 'GET', '/api/users')).status).toBe(200);
  });

  it('deletes an account, ends its sessions and keeps the teacher profile', async () => {
    const school = await createSchool();
    const admin = await tokenFor(school, 'admin');
    const prof = await tokenFor(school, 'prof');
    const profId = school.userIdByName.get('prof')!;
    const teacherId = crypto.randomUUID();
    await sql(
      school,
      'INSERT INTO teachers (id, instance_id, user_id, prenom, nom) VALUES (?, ?, ?, ?, ?)',
      teacherId,
      school.id,
      profId,
      'Marie',
      'Pierre',
    ).run();

    const res = await call(school, admin, 'DELETE', `/api/delete-user/${profId}`);
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ message: 'Utilisateur supprimé.' });
    expect((await call(school, prof, 'GET', '/api/school-years')).status).toBe(401);
    expect((await login(school, 'prof')).status).toBe(401);
    const teacher = await sql(school, 'SELECT user_id FROM teachers WHERE id = ?', teacherId).first<{
      user_id: string | null;
    }>();
    expect(teacher).toEqual({ user_id: null });
  });

  it("refuses 'admin', oneself, another school's user and stronger accounts", async () => {
    const school = await createSchool({
      users: [
        { username: 'admin', type: 'admin' },
        { username: 'chef', type: 'standard', templates: ['admin_principal'] },
        { username: 'rh', type: 'standard' },
      ],
    });
    const other = await createSchool();
    const admin = await tokenFor(school, 'admin');
    const reason = 'Le compte « admin » et votre propre compte ne peuvent être ni réinitialisés ni supprimés.';
    await expectError(
      await call(school, admin, 'DELETE', `/api/delete-user/${school.userIdByName.get('admin')}`),
      403,
      reason,
    );
    const chef = await tokenFor(school, 'chef');
    await expectError(
      await call(school, chef, 'DELETE', `/api/delete-user/${school.userIdByName.get('chef')}`),
      403,
      reason,
    );
    expect((await call(school, admin, 'DELETE', `/api/delete-user/${other.userIdByName.get('prof')}`)).status).toBe(
      404,
    );

    // A custom role holding only user:manage manages weaker accounts, not stronger ones.
    const hr = await bodyOf<SavedRole>(
      await call(school, admin, 'POST', '/api/roles', {
        name: 'RH',
        permissionIds: [PERMISSION_ID_BY_KEY.get('user:manage')!],
      }),
    );
    await sql(
      school,
      'INSERT INTO user_roles (instance_id, user_id, role_id) VALUES (?, ?, ?)',
      school.id,
      school.userIdByName.get('rh'),
      hr.id,
    ).run();
    const rh = await tokenFor(school, 'rh');
    const stronger = "Vous ne pouvez pas gérer un compte qui détient des permissions que vous n'avez pas.";
    await expectError(
      await call(school, rh, 'DELETE', `/api/delete-user/${school.userIdByName.get('chef')}`),
      403,
      stronger,
    );
    await expectError(
      await call(school, rh, 'PUT', `/api/users/${school.userIdByName.get('chef')}/reset-password`),
      403,
      stronger,
    );
    await expectError(
      await register(school, rh, { roleIds: [role(school, 'admin_principal')] }),
      403,
      'Vous ne pouvez pas attribuer un rôle dont vous ne détenez pas toutes les permissions.',
    );
    expect((await register(school, rh, { roleIds: [hr.id] })).status).toBe(201);
    expect((await login(other, 'prof')).status).toBe(200);
  });

  it('keeps every user call for holders of user:manage', async () => {
    const school = await createSchool();
    const comptable = await tokenFor(school, 'comptable');
    const target = school.userIdByName.get('prof')!;
    for (const [method, path] of [
      ['GET', '/api/users'],
      ['POST', '/api/register'],
      ['DELETE', `/api/delete-user/${target}`],
      ['PUT', `/api/users/${target}/reset-password`],
      ['PUT', `/api/users/${target}/roles`],
    ] as const) {
      const res = await call(school, comptable, method, path, method === 'GET' ? undefined : { roleIds: [] });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await bodyOf(res)).toEqual(FORBIDDEN);
    }
  });
});

describe('platform announcement banner', () => {
  it('answers null, then the latest announcement, to school staff only', async () => {
    const school = await createSchool();
    const admin = await tokenFor(school, 'admin');
    await sql(directoryD1(), 'DELETE FROM platform_announcements').run();
    expect(await bodyOf(await call(school, admin, 'GET', '/api/admin/announcements'))).toBeNull();
    await sql(
      directoryD1(),
      "INSERT INTO platform_announcements (id, title, content, created_at) VALUES (?, 'Ancienne', 'Vieux message', '2026-01-01T00:00:00.000Z'), (?, 'Maintenance', 'Samedi 22 h', '2026-03-01T00:00:00.000Z')",
      crypto.randomUUID(),
      crypto.randomUUID(),
    ).run();
    const res = await call(school, admin, 'GET', '/api/admin/announcements');
    expect(await bodyOf(res)).toMatchObject({ title: 'Maintenance', content: 'Samedi 22 h' });
    expect((await call(school, await tokenFor(school, 'comptable'), 'GET', '/api/admin/announcements')).status).toBe(
      200,
    );
    expect((await call(school, await tokenFor(school, 'prof'), 'GET', '/api/admin/announcements')).status).toBe(403);
  });
});
