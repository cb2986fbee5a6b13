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
