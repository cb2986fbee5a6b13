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
      'Créez d’abord une école nouvelle et vide (onglet Écoles), puis choisissez-la ici avec le fichier de sauvegarde. La sauvegarde est écrite dans une nouvelle école, hors d’accès, qui ne prend la place de l’école choisie (son nom, ses noms d’hôte, son accès) qu’une fois tout vérifié : si un élément est refusé, l’école choisie reste telle qu’elle était. Les données reçoivent de nouveaux identifiants : l’école d’origine peut continuer à fonctionner à côté.',
    target: 'École à remplacer',
    database: 'Base de données',
    sameDatabase: 'Celle de l’école choisie',
    databaseOption: (name: string, schools: number) => `${name} (${schools} école${schools > 1 ? 's' : ''})`,
    databaseHint: 'La base d’écoles où la restauration écrit l’école restaurée.',
    startOver: 'Rien n’a été remplacé. Corrigez la cause, puis choisissez à nouveau le fichier pour recommencer.',
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
