import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSION_KEYS,
  PERMISSION_ID_BY_KEY,
  PERMISSIONS,
  ROLE_TEMPLATES,
  systemRoleRows,
} from '../../worker/domain/permissions';

const permissionsOf = (name: string) => [...ROLE_TEMPLATES.find((t) => t.name === name)!.permissions].sort();
const sorted = (keys: string[]) => [...keys].sort();

// Document 2 section 6: the permissions named in the area and the preset role templates.
const SPEC_PERMISSIONS = [
  'student:read',
  'student:create',
  'student:update',
  'student:delete',
  'student:archive',
  'enrollment:create',
  'enrollment:update_class',
  'enrollment:update_payment',
  'report:financial',
  'report:attendance',
  'report_card:generate',
  'grade:read',
  'grade:create',
  'appreciation:create',
  'student_portal:manage_access',
  'student_portal:manage_accounts',
  'settings:manage_academic',
  'settings:manage_teachers',
  'settings:manage_timetable',
  'user:manage',
  'role:manage',
  // Issue 43 (decision 360): the families' accounts.
  'guardian:manage',
];

describe('permission catalogue', () => {
  it("holds the 21 permissions of the spec and the families' one, with ids 1 to 22", () => {
    expect(sorted(ALL_PERMISSION_KEYS.slice())).toEqual(sorted(SPEC_PERMISSIONS));
    expect(PERMISSIONS.map((p) => p.id)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
    expect(new Set(PERMISSIONS.map((p) => p.key)).size).toBe(22);
    for (const p of PERMISSIONS) {
      expect(p.category.trim()).not.toBe('');
      expect(p.description.trim()).not.toBe('');
      expect(PERMISSION_ID_BY_KEY.get(p.key)).toBe(p.id);
    }
  });
});

describe('system role templates', () => {
  it('are the nine roles of the spec', () => {
    expect(ROLE_TEMPLATES.map((t) => t.name)).toEqual([
      'Administrateur Principal',
      'Directeur des Opérations',
      'Secrétaire Pédagogique',
      'Comptable / Gestionnaire des Paiements',
      'Gestionnaire des Bulletins',
      'Gestionnaire Vie Scolaire',
      'Gestionnaire des Professeurs',
      "Gestionnaire d'Emploi du Temps",
      'Gestionnaire du Portail Élève',
    ]);
  });

  it('give the Administrateur Principal every permission', () => {
    expect(permissionsOf('Administrateur Principal')).toEqual(sorted(SPEC_PERMISSIONS));
  });

  it('give the director and the secretary everything but academic settings, timetable, users and roles', () => {
    const expected = sorted(
      SPEC_PERMISSIONS.filter(
        (k) => !['settings:manage_academic', 'settings:manage_timetable', 'user:manage', 'role:manage'].includes(k),
      ),
    );
    expect(expected).toHaveLength(18);
    expect(permissionsOf('Directeur des Opérations')).toEqual(expected);
    expect(permissionsOf('Secrétaire Pédagogique')).toEqual(expected);
  });

  it('give the manager roles exactly their preset permissions', () => {
    const presets: Record<string, string[]> = {
      'Comptable / Gestionnaire des Paiements': [
        'student:read',
        'enrollment:update_payment',
        'report:financial',
        'student_portal:manage_access',
      ],
      'Gestionnaire des Bulletins': [
        'student:read',
        'grade:read',
        'grade:create',
        'appreciation:create',
        'report_card:generate',
        'student_portal:manage_access',
      ],
      'Gestionnaire Vie Scolaire': ['student:read', 'report:attendance'],
      'Gestionnaire des Professeurs': ['settings:manage_teachers'],
      "Gestionnaire d'Emploi du Temps": ['settings:manage_timetable'],
      'Gestionnaire du Portail Élève': ['student:read', 'student_portal:manage_accounts'],
    };
    for (const [name, keys] of Object.entries(presets)) expect(permissionsOf(name), name).toEqual(sorted(keys));
  });

  it('become rows of one school, linked by permission id', () => {
    let n = 0;
    const { roles, rolePermissions } = systemRoleRows('ecole-1', () => `role-${++n}`);
    expect(roles).toHaveLength(ROLE_TEMPLATES.length);
    for (const role of roles) expect(role).toMatchObject({ instance_id: 'ecole-1', is_system: 1 });
    expect(new Set(roles.map((r) => r.id)).size).toBe(roles.length);
    expect(rolePermissions.every((rp) => rp.instance_id === 'ecole-1')).toBe(true);

    const accountant = roles.find((r) => r.template_key === 'accountant')!;
    const ids = rolePermissions.filter((rp) => rp.role_id === accountant.id).map((rp) => rp.permission_id);
    expect(ids.sort((a, b) => a - b)).toEqual([1, 8, 9, 15]);
    expect(rolePermissions).toHaveLength(ROLE_TEMPLATES.reduce((sum, t) => sum + t.permissions.length, 0));
  });
});
