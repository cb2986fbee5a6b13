// The password forms' texts (document 2 §2 "Password change form", §5), the server's answers and
// the forms' own checks alike: their own module, so that a teacher's Sécurité tab loads these
// lines and not every text of the API (issue 29).
/** The wait a refused attempt names (429): 'Réessayez dans 30 secondes.', in whole minutes from one minute. */
export const retryIn = (seconds: number) => {
  if (seconds < 60) return `Réessayez dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`;
};

export const passwordText = {
  forcedWeak: 'Le mot de passe ne respecte pas les critères de sécurité.',
  forcedMismatch: 'Les mots de passe ne correspondent pas.',
  changeRequired: 'Tous les champs sont requis.',
  changeMismatch: 'Les nouveaux mots de passe ne correspondent pas.',
  changeWeak: 'Le nouveau mot de passe ne respecte pas tous les critères de sécurité.',
  changeSame: "Le nouveau mot de passe doit être différent de l'ancien.",
  wrongCurrent: 'Le mot de passe actuel est incorrect.',
  tooManyTries: (seconds: number) => `Trop de mots de passe incorrects. ${retryIn(seconds)}`,
  changed: 'Mot de passe mis à jour.',
};
