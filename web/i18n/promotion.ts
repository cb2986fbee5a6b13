// The promotion tab of the administration panel ('Outil de Promotion des Élèves'; document 2 §2,
// §4, §8; product decision 'Promotion'; decision 172).
export const promotionText = {
  title: 'Outil de Promotion des Élèves',
  intro:
    "Simulez le passage des élèves de l'année source à l'année suivante : admis en classe supérieure si leur moyenne annuelle atteint la moyenne de passage, sinon ils redoublent ; les élèves admis de la dernière classe sont diplômés (archivés, compte élève désactivé). Un élève sans aucune note n'est ni admis ni redoublant : choisissez son résultat, sinon il n'est pas inscrit. Vous pouvez changer le résultat d'un élève avant d'exécuter.",
  offlineBanner: 'Mode hors ligne',
  offlineHint:
    "La promotion nécessite une connexion internet : la simulation, l'exécution et l'annulation sont indisponibles.",
  sourceYear: 'Année scolaire source',
  chooseYear: 'Choisir une année',
  simulate: 'Simuler',
  simulating: 'Simulation…',
  noYears: "Aucune année scolaire n'est créée.",
  // Document 2 §4.
  sourceRequired: 'Veuillez sélectionner une année scolaire source.',
  simulateOnline: 'La simulation de promotion nécessite une connexion internet.',
  executeOnline: "L'exécution de la promotion nécessite une connexion internet.",
  simulateFirst: "Veuillez d'abord lancer une simulation.",
  undoOnline: "L'annulation de la promotion nécessite une connexion internet.",
  target: (source: string, target: string, passing: number) =>
    `De ${source} vers ${target} — moyenne de passage : ${passing} %`,
  sourceClass: 'Classe source',
  admitted: 'Admis',
  failed: 'Redoublants',
  ungraded: 'Sans notes',
  targetClass: 'Classe cible',
  graduates: 'Diplômés',
  alreadyEnrolled: (n: number) => (n > 1 ? `${n} déjà inscrits` : '1 déjà inscrit'),
  showStudents: (className: string, n: number) => `Élèves de ${className} (${n})`,
  student: 'Élève',
  average: 'Moyenne annuelle',
  noAverage: 'Aucune note',
  outcome: 'Résultat',
  outcomes: { admitted: 'Admis(e)', failed: 'Redouble', ungraded: 'Sans notes' },
  chooseLabel: (name: string) => `Résultat de ${name}`,
  ungradedLeft: (n: number) =>
    n > 1
      ? `${n} élèves sans notes ne seront pas inscrits : choisissez leur résultat, ou inscrivez-les ensuite depuis la Gestion des Élèves.`
      : '1 élève sans notes ne sera pas inscrit : choisissez son résultat, ou inscrivez-le ensuite depuis la Gestion des Élèves.',
  overridden: 'modifié',
  overrideLabel: (name: string) => `Admettre ${name}`,
  enrolledAlready: 'Déjà inscrit(e)',
  execute: 'Exécuter la promotion',
  executeTitle: 'Exécuter la promotion ?',
  executeBody: (source: string, target: string, enrolled: number, graduated: number) =>
    `${enrolled} élève${enrolled > 1 ? 's' : ''} de ${source} ser${enrolled > 1 ? 'ont' : 'a'} inscrit${enrolled > 1 ? 's' : ''} en ${target} et ${graduated} diplômé${graduated > 1 ? 's' : ''} archivé${graduated > 1 ? 's' : ''}. Vous pourrez annuler tant qu'aucun paiement ni aucune note n'est enregistré en ${target}.`,
  executeConfirm: 'Exécuter',
  latestTitle: 'Dernière promotion',
  latest: (source: string, target: string, enrolled: number, graduated: number, by: string, date: string) =>
    `${source} → ${target} : ${enrolled} inscrit${enrolled > 1 ? 's' : ''}, ${graduated} diplômé${graduated > 1 ? 's' : ''} — par ${by} le ${date}.`,
  undo: 'Annuler la dernière promotion',
  undoTitle: 'Annuler la dernière promotion ?',
  undoBody: (target: string) =>
    `Les inscriptions créées en ${target} seront supprimées, les diplômés redeviendront actifs et leurs comptes seront réactivés.`,
  undoConfirm: 'Annuler la promotion',
} as const;
