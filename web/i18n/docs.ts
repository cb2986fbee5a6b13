// The documentation viewer (document 1 §2 'Documentation viewer', §8 'Documentation').
export const docsText = {
  title: 'Documentation',
  back: 'Retour',
  toc: 'Sommaire',
  showToc: 'Afficher le sommaire',
  hideToc: 'Masquer le sommaire',
  loading: 'Chargement du guide…',
  roleLabel: (role: string) => `Rôle : ${role}`,
  roles: {
    admin: 'Administrateur',
    standard: 'Personnel standard',
    teacher: 'Professeur',
    student: 'Élève',
    superadmin: 'Superadmin',
    superadmin_delegate: 'Délégué superadmin',
    guardian: 'Parent',
  },
  standardMissing: "La documentation standard n'a pas été trouvée.",
  roleMissing: (role: string) => `La documentation pour votre rôle (${role}) n'a pas été trouvée.`,
  standardOnly: 'Ce guide est destiné au personnel standard.',
} as const;
