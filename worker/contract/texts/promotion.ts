// What the API answers about the promotion (document 2 §4 'Promotion', §8; product decision
// 'Promotion'; decision 172).
export const promotionServerText = {
  sourceRequired: 'Veuillez sélectionner une année scolaire source.',
  simulated: "Simulation terminée. Vérifiez les résultats avant d'exécuter.",
  badYearName: (name: string) => `Le nom de l'année « ${name} » ne permet pas de trouver l'année suivante.`,
  targetMissing: (name: string) =>
    `L'année scolaire ${name} n'existe pas : créez-la (avec ses frais par classe) avant de lancer la promotion.`,
  unknownClass: 'Une classe de la table de promotion est introuvable.',
  unknownStudent: "Un élève dont le résultat est modifié n'est pas à promouvoir dans l'année source.",
  nobody: "Aucun élève à promouvoir dans l'année source.",
  allEnrolled: (target: string) =>
    `Tous les élèves sont déjà inscrits en ${target} : la promotion a déjà été exécutée.`,
  executed: (enrolled: number, graduated: number, target: string, ungraded = 0) =>
    `Promotion exécutée : ${enrolled} élève${enrolled > 1 ? 's' : ''} inscrit${enrolled > 1 ? 's' : ''} en ${target}, ${graduated} diplômé${graduated > 1 ? 's' : ''}.` +
    (ungraded > 0
      ? ` ${ungraded} élève${ungraded > 1 ? 's' : ''} sans notes ${ungraded > 1 ? 'restent' : 'reste'} à inscrire.`
      : ''),
  onlyUngraded: (n: number) =>
    n > 1
      ? `Aucun élève à inscrire : les ${n} élèves restants sont sans notes. Choisissez leur résultat dans la simulation, ou inscrivez-les depuis la Gestion des Élèves.`
      : "Aucun élève à inscrire : l'élève restant est sans notes. Choisissez son résultat dans la simulation, ou inscrivez-le depuis la Gestion des Élèves.",
  classChanged:
    "Des élèves ont changé de classe pendant l'exécution de la promotion. Relancez la simulation, puis exécutez-la de nouveau.",
  noRun: 'Aucune promotion à annuler.',
  notLatest: 'Seule la dernière promotion peut être annulée.',
  tooLate: (target: string) =>
    `La promotion ne peut plus être annulée : des paiements ou des notes ont déjà été enregistrés en ${target}.`,
  undone: 'La dernière promotion a été annulée.',
} as const;
