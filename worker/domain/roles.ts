// Role assignment rules (document 1 §4 "Role assignment"), shared by the add-user and
// manage-roles forms and by the server, which refuses a selection the form would not allow.
//   - Administrateur Principal is exclusive: selecting it clears every other role.
//   - Directeur des Opérations and Secrétaire Pédagogique exclude each other and the six manager
//     roles: selecting either clears the other and the managers; selecting a manager role clears
//     them. These options stay selectable in the form, with the reason as a note (decision 103).
//   - A user cannot remove their own Administrateur Principal role.
// Custom roles combine freely with everything but Administrateur Principal.
import { roleRuleText } from '../contract/texts/admin';
import type { RoleTemplateKey } from './permissions';

export type RoleKind = 'admin_principal' | 'director' | 'secretary' | 'manager' | 'custom';

export type RoleRule = keyof typeof roleRuleText;

export interface AssignableRole {
  id: string;
  /** The system template the role comes from; null for a school's own roles. */
  templateKey: RoleTemplateKey | string | null;
}

const MANAGER_TEMPLATES: readonly string[] = [
  'accountant',
  'report_cards',
  'school_life',
  'teachers_manager',
  'timetable_manager',
  'portal_manager',
];

export function roleKind(role: Pick<AssignableRole, 'templateKey'>): RoleKind {
  const key = role.templateKey;
  if (key === 'admin_principal' || key === 'director' || key === 'secretary') return key;
  if (key && MANAGER_TEMPLATES.includes(key)) return 'manager';
  return 'custom';
}

export const roleRuleReason = (rule: RoleRule): string => roleRuleText[rule];

export interface RoleContext {
  /** The signed-in user edits their own roles and holds Administrateur Principal now. */
  ownAdminPrincipal?: boolean;
}

function kindsOf(roles: readonly AssignableRole[], selected: Iterable<string>): Set<RoleKind> {
  const byId = new Map(roles.map((r) => [r.id, r]));
  const kinds = new Set<RoleKind>();
  for (const id of selected) {
    const role = byId.get(id);
    if (role) kinds.add(roleKind(role));
  }
  return kinds;
}

/** Why a role's checkbox is disabled for the current selection (null: it can be changed). */
export function roleOptionRule(
  roles: readonly AssignableRole[],
  selected: readonly string[],
  role: AssignableRole,
  context: RoleContext = {},
): RoleRule | null {
  const kind = roleKind(role);
  if (kind === 'admin_principal') return context.ownAdminPrincipal ? 'own_admin' : null;
  return kindsOf(roles, selected).has('admin_principal') ? 'admin_principal' : null;
}

/**
 * The note of a role that the selection excludes but that stays selectable: ticking it clears
 * what it excludes (toggleRole). Null when it combines with the selection.
 */
export function roleOptionNote(
  roles: readonly AssignableRole[],
  selected: readonly string[],
  role: AssignableRole,
): RoleRule | null {
  if (selected.includes(role.id)) return null;
  const kind = roleKind(role);
  const kinds = kindsOf(roles, selected);
  if (kind === 'director' && kinds.has('secretary')) return 'director_secretary';
  if (kind === 'secretary' && kinds.has('director')) return 'director_secretary';
  if (kind === 'manager' && (kinds.has('director') || kinds.has('secretary'))) return 'superior';
  return null;
}

/** The selection after ticking or unticking a role, with the clearing rules applied. */
export function toggleRole(
  roles: readonly AssignableRole[],
  selected: readonly string[],
  roleId: string,
  checked: boolean,
): string[] {
  const role = roles.find((r) => r.id === roleId);
  if (!role) return [...selected];
  if (!checked) return selected.filter((id) => id !== roleId);
  const kind = roleKind(role);
  if (kind === 'admin_principal') return [roleId];
  const clears = new Set<RoleKind>(['admin_principal']);
  if (kind === 'director' || kind === 'secretary') {
    clears.add(kind === 'director' ? 'secretary' : 'director');
    clears.add('manager');
  }
  if (kind === 'manager') {
    clears.add('director');
    clears.add('secretary');
  }
  const kept = selected.filter((id) => {
    const other = roles.find((r) => r.id === id);
    return id !== roleId && !(other && clears.has(roleKind(other)));
  });
  return [...kept, roleId];
}

/** The first rule a selection breaks, or null when the server may store it. */
export function roleSelectionRule(
  roles: readonly AssignableRole[],
  selected: readonly string[],
  context: RoleContext = {},
): RoleRule | null {
  const kinds = kindsOf(roles, selected);
  if (context.ownAdminPrincipal && !kinds.has('admin_principal')) return 'own_admin';
  if (kinds.has('admin_principal') && new Set(selected).size > 1) return 'admin_principal';
  if (kinds.has('director') && kinds.has('secretary')) return 'director_secretary';
  if ((kinds.has('director') || kinds.has('secretary')) && kinds.has('manager')) return 'superior';
  return null;
}
