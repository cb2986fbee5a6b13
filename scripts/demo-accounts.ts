// Demo and test accounts of the local portal (product decisions, "Demo data"): used by the
// seed, the start banner and the end-to-end tests.
export const DEMO_PASSWORD = 'Demo#2026-ecole';

export const DEMO_ACCOUNTS = [
  { username: 'admin', label: 'Administrateur (type admin)', home: '/dashboard' },
  { username: 'direction', label: 'Directeur des Opérations', home: '/dashboard' },
  { username: 'secretaire', label: 'Secrétaire Pédagogique', home: '/dashboard' },
  { username: 'comptable', label: 'Comptable / Gestionnaire des Paiements', home: '/dashboard' },
  { username: 'prof', label: 'Professeur', home: '/teacher' },
  { username: 'eleve', label: 'Élève', home: '/student' },
  { username: 'superadmin', label: 'Superadmin de la plateforme', home: '/superadmin' },
  { username: 'delegue', label: 'Délégué de la plateforme', home: '/superadmin' },
] as const;

/** The password of the accounts with a temporary password that the e2e tests add to their schools. */
export const FIXTURE_PASSWORD = 'Temp#2026-provisoire';

/**
 * The demo's mother (issue 43, decision 360): one guardian account with a child in each demo school
 * (the first pupil of each school's current year by name), signed in by phone with the demo password.
 */
export const DEMO_GUARDIAN = {
  phone: '+50937000001',
  typed: '3700 0001',
  name: 'Nadège Joseph',
  home: '/guardian',
} as const;
