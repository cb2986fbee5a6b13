// The permission catalogue of both spec documents and the system role templates.
// Shared by the worker (seeding, checks) and the web (menus, role editor).
// migrations/0001_permissions.sql holds the same rows; a test keeps both equal.

export const PERMISSIONS = [
  { id: 1, key: 'student:read', category: 'Élèves', description: 'Consulter la liste et les fiches des élèves' },
  { id: 2, key: 'student:create', category: 'Élèves', description: 'Ajouter des élèves' },
  {
    id: 3,
    key: 'student:update',
    category: 'Élèves',
    description: 'Modifier les élèves et accéder à la gestion des élèves',
  },
  { id: 4, key: 'student:delete', category: 'Élèves', description: 'Supprimer des élèves' },
  { id: 5, key: 'student:archive', category: 'Élèves', description: 'Archiver et réactiver des élèves' },
  { id: 6, key: 'enrollment:create', category: 'Inscriptions', description: 'Inscrire des élèves dans une classe' },
  {
    id: 7,
    key: 'enrollment:update_class',
    category: 'Inscriptions',
    description: 'Changer la classe des élèves inscrits',
  },
  {
    id: 8,
    key: 'enrollment:update_payment',
    category: 'Finances',
    description: 'Enregistrer les versements et ajustements (MPPA)',
  },
  { id: 9, key: 'report:financial', category: 'Finances', description: 'Consulter le rapport financier' },
  { id: 10, key: 'report:attendance', category: 'Présences', description: 'Suivre et modifier les présences' },
  {
    id: 11,
    key: 'report_card:generate',
    category: 'Notes et bulletins',
    description: 'Générer et imprimer les bulletins',
  },
  { id: 12, key: 'grade:read', category: 'Notes et bulletins', description: 'Consulter les notes' },
  { id: 13, key: 'grade:create', category: 'Notes et bulletins', description: 'Saisir et modifier les notes' },
  { id: 14, key: 'appreciation:create', category: 'Notes et bulletins', description: 'Rédiger les appréciations' },
  {
    id: 15,
    key: 'student_portal:manage_access',
    category: 'Portail Élève',
    description: "Activer ou restreindre l'accès des élèves à leurs notes",
  },
  {
    id: 16,
    key: 'student_portal:manage_accounts',
    category: 'Portail Élève',
    description: 'Gérer les comptes du portail élève',
  },
  { id: 17, key: 'settings:manage_academic', category: 'Paramètres', description: 'Gérer les ressources pédagogiques' },
  {
    id: 18,
    key: 'settings:manage_teachers',
    category: 'Paramètres',
    description: 'Gérer les professeurs et leurs assignations',
  },
  { id: 19, key: 'settings:manage_timetable', category: 'Paramètres', description: "Gérer l'emploi du temps" },
  {
    id: 20,
    key: 'user:manage',
    category: 'Administration',
    description: 'Gérer les utilisateurs (accès à l’administration)',
  },
  { id: 21, key: 'role:manage', category: 'Administration', description: 'Gérer les rôles et leurs permissions' },
] as const;

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
