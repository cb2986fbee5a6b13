// The answers of a school's backup and restore (issue 30). The spec is silent: our own words.

export const backupServerText = {
  schoolNotFound: 'École introuvable.',
  notEmpty:
    'Cette école contient déjà des données (années, classes, élèves…) : restaurez une sauvegarde à la place d’une école nouvelle et vide.',
  unknownDatabase: (name: string) => `« ${name} » n’est pas une base d’écoles de la plateforme.`,
  tampered: 'La sauvegarde a été modifiée ou abîmée : son manifeste ne correspond pas à sa signature.',
  notBackup: "Ce fichier n'est pas une sauvegarde du portail.",
  incompatible: (what: string) =>
    `Cette sauvegarde ne correspond pas à la version actuelle du portail (${what}). Restauration impossible.`,
  noRestore: 'Aucune restauration en cours pour cette école : recommencez depuis le début.',
  unknownEntry: (name: string) => `Élément inconnu de la sauvegarde : ${name}.`,
  checksum: (name: string) => `« ${name} » ne correspond pas à sa somme de contrôle : la sauvegarde est abîmée.`,
  incomplete: (table: string, found: number, expected: number) =>
    `Restauration incomplète : ${found} ligne(s) sur ${expected} dans « ${table} ». Envoyez les éléments qui manquent (Reprendre).`,
  chatIncomplete: (found: number, expected: number) =>
    `Restauration incomplète : ${found} message(s) du support sur ${expected}. Envoyez les éléments qui manquent (Reprendre).`,
  missingFile: (name: string) => `Restauration incomplète : le fichier « ${name} » manque.`,
  /** After an entry refused: the restore ends, the new school is dropped (decision 312). */
  undone: (school: string) => `Restauration annulée : l’école « ${school} » est restée telle qu’elle était.`,
  entryFailed: (entry: string, reason: string) => `Échec de la restauration sur « ${entry} » : ${reason}.`,
  reasons: {
    reservedUsernames: (names: string[]) =>
      names.length === 1
        ? `l’identifiant « ${names[0]} » est réservé à un compte de la plateforme (renommez ce compte de la plateforme, puis recommencez)`
        : `les identifiants ${names.map((n) => `« ${n} »`).join(', ')} sont réservés à des comptes de la plateforme (renommez ces comptes de la plateforme, puis recommencez)`,
    idsTaken: (table: string) =>
      `des identifiants de « ${table} » sont déjà ceux d’une autre école de cette base : choisissez une autre base`,
    unique: (what: string) => `une valeur qui doit être unique se trouve deux fois (${what})`,
    foreignKey: 'une ligne renvoie à une autre ligne que la sauvegarde ne contient pas',
    check: (what: string) => `une valeur est refusée par le portail (${what})`,
    database: 'la base de données a refusé l’écriture de ces lignes',
    chat: 'les messages du support n’ont pas pu être écrits',
  },
  targetMoving: (school: string) =>
    `L’école « ${school} » est en cours de déplacement vers une autre base : terminez le déplacement, puis reprenez la restauration.`,
  targetChanged: (school: string) =>
    `L’école « ${school} » a reçu des données pendant la restauration : elle n’est pas remplacée.`,
  started: 'Restauration commencée.',
  entryRestored: 'Élément restauré.',
  restored: 'École restaurée.',
} as const;
