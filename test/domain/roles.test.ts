import { describe, expect, it } from 'vitest';
import { ROLE_TEMPLATES } from '../../worker/domain/permissions';
import {
  roleKind,
  roleOptionNote,
  roleOptionRule,
  roleRuleReason,
  roleSelectionRule,
  toggleRole,
} from '../../worker/domain/roles';

// One role per template (id = template key) and a school's own role.
const roles = [...ROLE_TEMPLATES.map((t) => ({ id: t.key, templateKey: t.key })), { id: 'custom', templateKey: null }];
const MANAGERS = [
  'accountant',
  'report_cards',
  'school_life',
  'teachers_manager',
  'timetable_manager',
  'portal_manager',
];

const reasonFor = (selected: string[], id: string, context = {}) => {
  const rule = roleOptionRule(
    roles,
    selected,
    roles.find((r) => r.id === id)!,
    context,
  );
  return rule && roleRuleReason(rule);
};

const noteFor = (selected: string[], id: string) => {
  const rule = roleOptionNote(
    roles,
    selected,
    roles.find((r) => r.id === id)!,
  );
  return rule && roleRuleReason(rule);
};

describe('role kinds', () => {
  it('knows the exclusive roles, the six managers and custom roles', () => {
    expect(roles.map((r) => roleKind(r))).toEqual([
      'admin_principal',
      'director',
      'secretary',
      'manager',
      'manager',
      'manager',
      'manager',
      'manager',
      'manager',
      'custom',
    ]);
  });
});

describe('toggling a role in the form', () => {
  it('makes Administrateur Principal exclusive: selecting it clears all others', () => {
    expect(toggleRole(roles, ['director', 'custom'], 'admin_principal', true)).toEqual(['admin_principal']);
  });

  it('makes director and secretary exclusive, and clears the manager roles', () => {
    expect(toggleRole(roles, ['director', 'custom'], 'secretary', true)).toEqual(['custom', 'secretary']);
    expect(toggleRole(roles, ['accountant', 'school_life', 'custom'], 'director', true)).toEqual([
      'custom',
      'director',
    ]);
  });

  it('clears director and secretary when a manager role is selected', () => {
    expect(toggleRole(roles, ['secretary', 'custom'], 'accountant', true)).toEqual(['custom', 'accountant']);
    expect(toggleRole(roles, ['accountant'], 'report_cards', true)).toEqual(['accountant', 'report_cards']);
  });

  it('unticks a role and ignores unknown ids', () => {
    expect(toggleRole(roles, ['accountant', 'custom'], 'custom', false)).toEqual(['accountant']);
    expect(toggleRole(roles, ['accountant'], 'nope', true)).toEqual(['accountant']);
  });
});

describe('disabled options and their reasons', () => {
  it('disables every other role under Administrateur Principal', () => {
    for (const id of ['director', 'secretary', ...MANAGERS, 'custom']) {
      expect(reasonFor(['admin_principal'], id)).toBe('Le rôle Administrateur Principal inclut déjà cette permission.');
    }
    expect(reasonFor(['admin_principal'], 'admin_principal')).toBeNull();
  });

  it('keeps director, secretary and the managers selectable, with a note on what ticking clears', () => {
    // Document 1 §4: selecting either clears the other and the managers; a manager clears both.
    for (const id of ['secretary', ...MANAGERS]) expect(reasonFor(['director'], id)).toBeNull();
    for (const id of ['director', ...MANAGERS]) expect(reasonFor(['secretary'], id)).toBeNull();
    expect(noteFor(['director'], 'secretary')).toBe(
      'Les rôles de Directeur et Secrétaire sont mutuellement exclusifs.',
    );
    expect(noteFor(['secretary'], 'director')).toBe(
      'Les rôles de Directeur et Secrétaire sont mutuellement exclusifs.',
    );
    for (const id of MANAGERS)
      expect(noteFor(['secretary'], id)).toBe('Un rôle supérieur inclut déjà cette permission.');
    expect(noteFor(['secretary'], 'secretary')).toBeNull();
    expect(noteFor(['director'], 'custom')).toBeNull();
    expect(noteFor(['accountant'], 'director')).toBeNull();
    expect(noteFor(['accountant'], 'report_cards')).toBeNull();
  });

  it('ticking a manager role while Secrétaire is ticked clears Secrétaire', () => {
    expect(toggleRole(roles, ['secretary'], 'timetable_manager', true)).toEqual(['timetable_manager']);
    expect(roleSelectionRule(roles, ['timetable_manager'])).toBeNull();
  });

  it('locks one’s own Administrateur Principal role', () => {
    expect(reasonFor(['admin_principal'], 'admin_principal', { ownAdminPrincipal: true })).toBe(
      "Vous ne pouvez pas retirer votre propre rôle d'Administrateur Principal.",
    );
  });
});

describe('selections the server refuses', () => {
  it('accepts what the form can produce', () => {
    for (const selection of [
      [],
      ['admin_principal'],
      ['director', 'custom'],
      ['secretary'],
      MANAGERS,
      ['accountant', 'custom'],
    ]) {
      expect(roleSelectionRule(roles, selection)).toBeNull();
    }
  });

  it('names the rule a forged selection breaks', () => {
    expect(roleSelectionRule(roles, ['admin_principal', 'custom'])).toBe('admin_principal');
    expect(roleSelectionRule(roles, ['director', 'secretary'])).toBe('director_secretary');
    expect(roleSelectionRule(roles, ['director', 'timetable_manager'])).toBe('superior');
    expect(roleSelectionRule(roles, ['secretary', 'portal_manager'])).toBe('superior');
    expect(roleSelectionRule(roles, ['director'], { ownAdminPrincipal: true })).toBe('own_admin');
    expect(roleSelectionRule(roles, ['admin_principal'], { ownAdminPrincipal: true })).toBeNull();
  });
});
