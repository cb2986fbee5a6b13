// The dialog that shows a new or reset password once (users, teachers, student accounts,
// delegates; document 1 §2 "User list"). Apart from admin.ts: the office's screens use it too.

export const credentialsText = {
  resetTitle: 'Mot de passe réinitialisé',
  resetUser: 'Utilisateur',
  resetPassword: 'Mot de passe temporaire',
  resetNotice:
    'Ce mot de passe ne sera plus affiché. Il expire dans 7 jours et devra être changé à la première connexion.',
  copy: 'Copier',
  copied: 'Mot de passe copié !',
  copyFailed: 'La copie a échoué : notez le mot de passe à la main.',
  noted: "J'ai noté",
  print: 'Imprimer',
};
