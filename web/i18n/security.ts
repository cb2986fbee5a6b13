// The Sécurité tab (document 2 §2 "Password change form", §5): every account's own password
// change, the administration's and a teacher's alike. Its own module: a teacher's phone loads
// these lines, not the administration's texts (issue 29).
export { passwordText } from '../../worker/contract/texts/password';

export const securityText = {
  title: 'Changer mon mot de passe',
  current: 'Mot de passe actuel',
  next: 'Nouveau mot de passe',
  confirm: 'Confirmer le nouveau mot de passe',
  submit: 'Mettre à jour le mot de passe',
  submitting: 'Mise à jour...',
  match: 'Les mots de passe correspondent.',
};

export { sessionsServerText } from '../../worker/contract/texts/sessions';

/** One's signed-in devices (decision 314), below the password form. */
export const devicesText = {
  title: 'Appareils connectés',
  intro:
    'Votre compte est connecté sur ces appareils. Déconnectez ceux que vous ne reconnaissez pas, ou un téléphone perdu.',
  loading: 'Chargement des appareils...',
  current: 'Cet appareil',
  activeNow: 'Actif maintenant',
  lastUse: (when: string, time: string) => `Dernière activité : ${when} à ${time}`,
  today: "aujourd'hui",
  yesterday: 'hier',
  on: (date: string) => `le ${date}`,
  endOne: 'Déconnecter',
  endOneLabel: (device: string) => `Déconnecter ${device}`,
  endAll: 'Déconnecter tous les appareils',
  endAllTitle: 'Déconnecter tous les appareils ?',
  endAllBody:
    'Tous les appareils connectés à votre compte seront déconnectés, celui-ci compris : il faudra saisir à nouveau votre mot de passe sur chacun.',
  offline: 'Vous êtes hors ligne : un appareil ne peut être déconnecté qu’en ligne.',
};
