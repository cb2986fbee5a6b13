// The answers of a school's backup and restore (issue 30). The spec is silent: our own words.

export const backupServerText = {
  schoolNotFound: 'École introuvable.',
  notEmpty:
    'Cette école contient déjà des données (années, classes ou élèves) : restaurez une sauvegarde dans une école nouvelle et vide.',
  tampered: 'La sauvegarde a été modifiée ou abîmée : son manifeste ne correspond pas à sa signature.',
  notBackup: "Ce fichier n'est pas une sauvegarde du portail.",
  incompatible: (what: string) =>
    `Cette sauvegarde ne correspond pas à la version actuelle du portail (${what}). Restauration impossible.`,
  noRestore: 'Aucune restauration en cours pour cette école : recommencez depuis le début.',
  unknownEntry: (name: string) => `Élément inconnu de la sauvegarde : ${name}.`,
  checksum: (name: string) => `« ${name} » ne correspond pas à sa somme de contrôle : la sauvegarde est abîmée.`,
  incomplete: (table: string, found: number, expected: number) =>
    `Restauration incomplète : ${found} ligne(s) sur ${expected} dans « ${table} ». Si l'école d'origine existe encore sur cette plateforme, ses données y occupent déjà ces identifiants.`,
  missingFile: (name: string) => `Restauration incomplète : le fichier « ${name} » manque.`,
  started: 'Restauration commencée.',
  entryRestored: 'Élément restauré.',
  restored: 'École restaurée.',
} as const;
