// What the API answers about families (issue 43, decision 360): the staff's side in French; the
// guardian's own answers (`guardianServerText`) also in Kreyòl (./ht/guardians.ts).

export const guardiansServerText = {
  phoneInvalid: 'Numéro de téléphone haïtien invalide (8 chiffres, +509 facultatif).',
  nameRequired: 'Le nom du parent est obligatoire.',
  studentNotFound: 'Élève introuvable.',
  linkNotFound: 'Lien introuvable.',
  phoneTaken: 'Ce numéro est celui d’un compte de la plateforme : il ne peut pas servir à un parent.',
  alreadyLinked: 'Ce parent est déjà lié à cet élève.',
  created: 'Compte parent créé. Imprimez la fiche : le code ne sera plus affiché.',
  linked: 'Élève lié au compte existant de ce parent : il le verra à sa prochaine ouverture.',
  codeGiven: 'Nouveau code donné. Imprimez la fiche : le code ne sera plus affiché.',
  ended: 'Lien terminé : ce parent ne voit plus cet élève.',
  classRequired: 'Choisissez une classe.',
  classDone: (made: number, linked: number, skipped: number) =>
    `${made} compte(s) créé(s), ${linked} élève(s) lié(s) à un compte existant, ${skipped} élève(s) laissé(s) de côté.`,
} as const;

/** What a guardian reads from the API (its Kreyòl twin: ./ht/guardians.ts). */
export const guardianServerText = {
  childNotFound: 'Enfant introuvable.',
  alertsChosen: 'Vos choix d’alertes sont enregistrés.',
  phoneSubscribed: 'Ce téléphone recevra les alertes.',
  phoneUnsubscribed: 'Ce téléphone ne recevra plus les alertes.',
  subscriptionInvalid: 'Abonnement aux notifications invalide.',
} as const;
