// The permission catalogue of both spec documents and the system role templates.
// Shared by the worker (seeding, checks) and the web (menus, role editor).
// migrations/0001_permissions.sql holds the same rows; a test keeps both equal.

/** The catalogue, category by category, in the order of the ids: [id, key, description]. */
const CATALOGUE = {
  Élèves: [
    [1, 'student:read', 'Consulter la liste et les fiches des élèves'],
    [2, 'student:create', 'Ajouter des élèves'],
    [3, 'student:update', 'Modifier les élèves et accéder à la gestion des élèves'],
    [4, 'student:delete', 'Supprimer des élèves'],
    [5, 'student:archive', 'Archiver et réactiver des élèves'],
  ],
  Inscriptions: [
    [6, 'enrollment:create', 'Inscrire des élèves dans une classe'],
    [7, 'enrollment:update_class', 'Changer la classe des élèves inscrits'],
  ],
  Finances: [
    [8, 'enrollment:update_payment', 'Enregistrer les versements et ajustements (MPPA)'],
    [9, 'report:financial', 'Consulter le rapport financier'],
  ],
  Présences: [[10, 'report:attendance', 'Suivre et modifier les présences']],
  'Notes et bulletins': [
    [11, 'report_card:generate', 'Générer et imprimer les bulletins'],
    [12, 'grade:read', 'Consulter les notes'],
    [13, 'grade:create', 'Saisir et modifier les notes'],
    [14, 'appreciation:create', 'Rédiger les appréciations'],
  ],
  'Portail Élève': [
    [15, 'student_portal:manage_access', "Activer ou restreindre l'accès des élèves à leurs notes"],
    [16, 'student_portal:manage_accounts', 'Gérer les comptes du portail élève'],
  ],
  Paramètres: [
    [17, 'settings:manage_academic', 'Gérer les ressources pédagogiques'],
    [18, 'settings:manage_teachers', 'Gérer les professeurs et leurs assignations'],
    [19, 'settings:manage_timetable', "Gérer l'emploi du temps"],
  ],
  Administration: [
    [20, 'user:manage', 'Gérer les utilisateurs (accès à l’administration)'],
    [21, 'role:manage', 'Gérer les rôles et leurs permissions'],
  ],
  // Issue 43 (decision 360): beyond the spec's 21.
  Familles: [[22, 'guardian:manage', 'Gérer les comptes des parents et leurs liens avec les élèves']],
} as const;

export const PERMISSIONS = Object.entries(CATALOGUE).flatMap(([category, rows]) =>
  rows.map(([id, key, description]) => ({ id, key, category, description })),
);

export type PermissionKey = (typeof PERMISSIONS)[number]['key'];

export const ALL_PERMISSION_KEYS: readonly PermissionKey[] = PERMISSIONS.map((p) => p.key);

const DIRECTOR_KEYS = ALL_PERMISSION_KEYS.filter(
  (k) => !['settings:manage_academic', 'settings:manage_timetable', 'user:manage', 'role:manage'].includes(k),
);

export type RoleTemplateKey =
  | 'admin_principal'
  | 'director'
  | 'secretary'
  | 'accountant'
  | 'report_cards'
  | 'school_life'
  | 'teachers_manager'
  | 'timetable_manager'
  | 'portal_manager';

export interface RoleTemplate {
  key: RoleTemplateKey;
  name: string;
  description: string;
  permissions: readonly PermissionKey[];
}

/** Document 2 section 6: created in every school, cannot be edited or deleted. */
export const ROLE_TEMPLATES: readonly RoleTemplate[] = [
  {
    key: 'admin_principal',
    name: 'Administrateur Principal',
    description: "Toutes les permissions, y compris l'administration de l'école.",
    permissions: ALL_PERMISSION_KEYS,
  },
  {
    key: 'director',
    name: 'Directeur des Opérations',
    description: "Gestion quotidienne de l'école, sans l'administration des utilisateurs et des rôles.",
    permissions: DIRECTOR_KEYS,
  },
  {
    key: 'secretary',
    name: 'Secrétaire Pédagogique',
    description: "Gestion quotidienne de l'école, sans l'administration des utilisateurs et des rôles.",
    permissions: DIRECTOR_KEYS,
  },
  {
    key: 'accountant',
    name: 'Comptable / Gestionnaire des Paiements',
    description: 'Versements, rapport financier et accès aux notes.',
    permissions: ['student:read', 'enrollment:update_payment', 'report:financial', 'student_portal:manage_access'],
  },
  {
    key: 'report_cards',
    name: 'Gestionnaire des Bulletins',
    description: 'Notes, appréciations et bulletins.',
    permissions: [
      'student:read',
      'grade:read',
      'grade:create',
      'appreciation:create',
      'report_card:generate',
      'student_portal:manage_access',
    ],
  },
  {
    key: 'school_life',
    name: 'Gestionnaire Vie Scolaire',
    description: 'Suivi des présences.',
    permissions: ['student:read', 'report:attendance'],
  },
  {
    key: 'teachers_manager',
    name: 'Gestionnaire des Professeurs',
    description: 'Professeurs et assignations.',
    permissions: ['settings:manage_teachers'],
  },
  {
    key: 'timetable_manager',
    name: "Gestionnaire d'Emploi du Temps",
    description: "Emploi du temps de l'école.",
    permissions: ['settings:manage_timetable'],
  },
  {
    key: 'portal_manager',
    name: 'Gestionnaire du Portail Élève',
    description: 'Comptes du portail élève.',
    permissions: ['student:read', 'student_portal:manage_accounts'],
  },
];

export const PERMISSION_ID_BY_KEY: ReadonlyMap<string, number> = new Map(PERMISSIONS.map((p) => [p.key, p.id]));

/** The rows that give a school its system roles (used when a school is created and by the seed). */
export function systemRoleRows(instanceId: string, newId: () => string) {
  const roles = ROLE_TEMPLATES.map((t) => ({
    id: newId(),
    instance_id: instanceId,
    name: t.name,
    is_system: 1,
    template_key: t.key,
  }));
  const rolePermissions = ROLE_TEMPLATES.flatMap((t, i) =>
    t.permissions.map((key) => ({
      instance_id: instanceId,
      role_id: roles[i]!.id,
      permission_id: PERMISSION_ID_BY_KEY.get(key)!,
    })),
  );
  return { roles, rolePermissions };
}
