// What the API answers about student accounts (/student-portal; product decision 'Teachers
// management and student accounts').
import { studentServerText } from './students';

export const studentAccountsServerText = {
  selectionRequired: studentServerText.selectionRequired,
  selectionTooLarge: (max: number) => `Au plus ${max} comptes à la fois.`,
  notFound: 'Compte introuvable.',
  studentsNotFound: 'Certains élèves sélectionnés ne sont pas inscrits cette année.',
  created: (n: number) => (n > 1 ? `${n} comptes créés.` : '1 compte créé.'),
  noneToCreate: 'Tous les élèves sélectionnés ont déjà un compte.',
  reset: 'Mot de passe réinitialisé.',
  disabled: 'Compte désactivé.',
  alreadyDisabled: 'Ce compte est déjà désactivé.',
} as const;
