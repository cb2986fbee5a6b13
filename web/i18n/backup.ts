// A school's backup and restore (issue 30): the admin's Security tab and the console's
// 'Sauvegardes'. The spec is silent: our own words. The server's answers: worker/contract/texts/backup.ts.

export { backupServerText } from '../../worker/contract/texts/backup';

export const backupText = {
  title: 'Sauvegarde de l’école',
  intro:
    'Un fichier ZIP avec toutes les données de l’école (élèves, inscriptions, paiements, notes, présences, comptes, journal) et ses fichiers (logo, photos, ressources). Gardez-le en lieu sûr : il contient des données personnelles.',
  download: 'Télécharger la sauvegarde (ZIP)',
  downloading: 'Préparation de la sauvegarde…',
  done: 'Sauvegarde téléchargée.',
  needsNetwork: 'La sauvegarde a besoin d’Internet : reconnectez-vous pour la télécharger.',

  console: {
    tab: 'Sauvegardes',
    schools: 'Sauvegarde d’une école',
    download: 'Télécharger',
    restoreTitle: 'Restaurer une sauvegarde',
    restoreIntro:
      'Créez d’abord une école nouvelle et vide (onglet Écoles), puis choisissez-la ici avec le fichier de sauvegarde. Ses comptes, ses rôles et ses données seront ceux de la sauvegarde.',
    target: 'École à remplir',
    choose: '— Choisir —',
    file: 'Fichier de sauvegarde (.zip)',
    start: 'Restaurer',
    reading: 'Lecture de la sauvegarde…',
    progress: (done: number, total: number) => `Restauration : ${done} / ${total} éléments…`,
    resume: 'Reprendre',
    done: 'École restaurée.',
    notBackup: "Ce fichier n'est pas une sauvegarde du portail.",
    needsNetwork: 'La restauration a besoin d’Internet.',
  },
} as const;
