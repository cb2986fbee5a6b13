// Roles and their permissions: system roles read-only, custom roles, no granting beyond oneself.
import { describe, expect, it } from 'vitest';
import type { Role, SavedRole } from '../../worker/contract/roles';
import { PERMISSION_ID_BY_KEY, ROLE_TEMPLATES } from '../../worker/domain/permissions';
import { expectError, FORBIDDEN, NOT_FOUND } from './admin-support';
import { bodyOf, call, claimsOf, createSchool, sql, tokenFor } from './helpers';

const ids = (...keys: string[]) => keys.map((k) => PERMISSION_ID_BY_KEY.get(k)!);

describe('roles', () => {
  it('lists the nine system roles with their permissions, then the school’s own', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const created = await call(school, token, 'POST', '/api/roles', {
      name: 'Surveillant',
      permissionIds: ids('student:read', 'report:attendance'),
    });
    expect(created.status).toBe(201);
    expect(await bodyOf(created)).toMatchObject({ name: 'Surveillant', message: 'Rôle créé.' });

    const roles = await bodyOf<Role[]>(await call(school, token, 'GET', '/api/roles'));
    expect(roles.map((r) => r.name)).toEqual([...ROLE_TEMPLATES.map((t) => t.name), 'Surveillant']);
    expect(roles.filter((r) => r.is_system)).toHaveLength(9);
    const accountant = roles.find((r) => r.template_key === 'accountant')!;
    expect(accountant.permissions.map((p) => p.key)).toEqual([
      'student:read',
      'enrollment:update_payment',
      'report:financial',
      'student_portal:manage_access',
    ]);
    expect(accountant.permissions[1]).toEqual({
      id: 8,
      key: 'enrollment:update_payment',
      category: 'Finances',
      description: 'Enregistrer les versements et ajustements (MPPA)',
    });
    expect(roles.at(-1)).toMatchObject({ is_system: false, template_key: null });
    expect(roles.at(-1)!.permissions.map((p) => p.key)).toEqual(['student:read', 'report:attendance']);
  });

  it('updates and deletes custom roles; holders are signed out when their role goes', async () => {
    const school = await createSchool({
      users: [
        { username: 'admin', type: 'admin' },
        { username: 'surveillant', type: 'standard' },
      ],
    });
    const token = await tokenFor(school, 'admin');
    const role = await bodyOf<SavedRole>(
      await call(school, token, 'POST', '/api/roles', { name: 'Surveillant', permissionIds: ids('student:read') }),
    );
    await sql(
      school,
      'INSERT INTO user_roles (instance_id, user_id, role_id) VALUES (?, ?, ?)',
      school.id,
      school.userIdByName.get('surveillant'),
      role.id,
    ).run();

    const updated = await call(school, token, 'PUT', `/api/roles/${role.id}`, {
      name: 'Vie scolaire',
      permissionIds: ids('student:read', 'report:attendance', 'report:attendance'),
      revision: 0,
    });
    expect(await bodyOf(updated)).toMatchObject({ name: 'Vie scolaire', revision: 1, message: 'Rôle mis à jour.' });
    // The holder's permissions follow the role.
    const holder = await tokenFor(school, 'surveillant');
    expect(claimsOf(holder).permissions).toEqual(['report:attendance', 'student:read']);
    const roles = await bodyOf<Role[]>(await call(school, token, 'GET', '/api/roles'));
    expect(roles.find((r) => r.id === role.id)!.permissions.map((p) => p.key)).toEqual([
      'student:read',
      'report:attendance',
    ]);

    const deleted = await call(school, token, 'DELETE', `/api/roles/${role.id}`);
    expect(await bodyOf(deleted)).toEqual({ message: 'Rôle supprimé.' });
    expect((await call(school, holder, 'GET', '/api/instance/current')).status).toBe(401);
    const left = await sql(school, 'SELECT COUNT(*) AS n FROM user_roles WHERE instance_id = ?', school.id).first<{
      n: number;
    }>();
    expect(left!.n).toBe(0);
  });

  it('answers the validation messages and refuses duplicates', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    await expectError(
      await call(school, token, 'POST', '/api/roles', { name: '  ', permissionIds: [] }),
      400,
      'Le nom du rôle est requis.',
    );
    await expectError(
      await call(school, token, 'POST', '/api/roles', { permissionIds: [] }),
      400,
      'Le nom du rôle est requis.',
    );
    await expectError(
      await call(school, token, 'POST', '/api/roles', { name: 'X', permissionIds: [999] }),
      400,
      'Permission inconnue.',
    );
    await expectError(
      await call(school, token, 'POST', '/api/roles', { name: 'secrétaire pédagogique', permissionIds: [] }),
      409,
      'Un rôle porte déjà ce nom.',
    );
  });

  it('keeps system roles read-only with the spec’s reason', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const secretary = school.roleIdByTemplate.get('secretary')!;
    const reason = 'Les rôles système par défaut ne peuvent pas être modifiés ou supprimés.';
    await expectError(
      await call(school, token, 'PUT', `/api/roles/${secretary}`, { name: 'Autre', permissionIds: [], revision: 0 }),
      403,
      reason,
    );
    await expectError(await call(school, token, 'DELETE', `/api/roles/${secretary}`), 403, reason);
    const roles = await bodyOf<Role[]>(await call(school, token, 'GET', '/api/roles'));
    expect(roles.find((r) => r.id === secretary)!.name).toBe('Secrétaire Pédagogique');
  });

  it('refuses to grant a permission the caller does not hold', async () => {
    const school = await createSchool({
      users: [
        { username: 'admin', type: 'admin' },
        { username: 'roles', type: 'standard' },
      ],
    });
    const admin = await tokenFor(school, 'admin');
    const editor = await bodyOf<SavedRole>(
      await call(school, admin, 'POST', '/api/roles', {
        name: 'Éditeur de rôles',
        permissionIds: ids('role:manage', 'student:read'),
      }),
    );
    await sql(
      school,
      'INSERT INTO user_roles (instance_id, user_id, role_id) VALUES (?, ?, ?)',
      school.id,
      school.userIdByName.get('roles'),
      editor.id,
    ).run();
    const token = await tokenFor(school, 'roles');
    await expectError(
      await call(school, token, 'POST', '/api/roles', {
        name: 'Super',
        permissionIds: ids('student:read', 'user:manage'),
      }),
      403,
      'Vous ne pouvez pas accorder une permission que vous ne détenez pas.',
    );
    expect(
      (await call(school, token, 'POST', '/api/roles', { name: 'Lecteur', permissionIds: ids('student:read') })).status,
    ).toBe(201);
  });

  it("answers 403 without role:manage and 404 for another school's role", async () => {
    const school = await createSchool();
    const other = await createSchool();
    const otherToken = await tokenFor(other, 'admin');
    const foreign = await bodyOf<SavedRole>(
      await call(other, otherToken, 'POST', '/api/roles', { name: 'Étranger', permissionIds: [] }),
    );
    const token = await tokenFor(school, 'admin');
    expect(
      await bodyOf(
        await call(school, token, 'PUT', `/api/roles/${foreign.id}`, { name: 'Volé', permissionIds: [], revision: 0 }),
      ),
    ).toEqual(NOT_FOUND);
    expect((await call(school, token, 'DELETE', `/api/roles/${foreign.id}`)).status).toBe(404);
    const comptable = await tokenFor(school, 'comptable');
    expect(await bodyOf(await call(school, comptable, 'GET', '/api/roles'))).toEqual(FORBIDDEN);
    expect((await call(school, comptable, 'POST', '/api/roles', { name: 'X', permissionIds: [] })).status).toBe(403);
    const stillThere = await bodyOf<Role[]>(await call(other, otherToken, 'GET', '/api/roles'));
    expect(stillThere.map((r) => r.name)).toContain('Étranger');
  });
});
