// What the API answers about communications: the support chat and the announcements (document 1
// §5 and §8, document 2 §5; product decisions 'Communications').
export const communicationsServerText = {
  messageRequired: 'Veuillez écrire un message.',
  messageTooLong: 'Le message ne doit pas dépasser 2000 caractères.',
  messagesRequired: 'Veuillez sélectionner au moins un message.',
  messagesDeleted: (n: number) => (n === 1 ? 'Message supprimé.' : `${n} messages supprimés.`),
  messagesNotFound: 'Un des messages choisis est introuvable.',
  noTeacherProfile: "Votre compte n'est lié à aucun professeur : la messagerie n'est pas disponible.",
  teacherNotFound: 'Professeur introuvable.',
  teacherWithoutAccount: "Ce professeur n'a pas de compte : il ne peut pas recevoir de messages.",
  teacherAnnouncementInvalid: 'Veuillez rédiger une annonce et sélectionner au moins un destinataire.',
  studentAnnouncementInvalid: 'Veuillez rédiger une annonce.',
  announcementTooLong: "L'annonce ne doit pas dépasser 2000 caractères.",
  announcementSent: 'Annonce envoyée.',
  studentAnnouncementSent: 'Annonce envoyée aux élèves.',
  announcementsRequired: 'Veuillez sélectionner au moins une annonce.',
  announcementsDeleted: (n: number) => (n === 1 ? 'Annonce supprimée.' : `${n} annonces supprimées.`),
  announcementsNotFound: 'Une des annonces choisies est introuvable.',
  recipientsNotFound: 'Un des professeurs choisis est introuvable.',
  classesNotFound: 'Une des classes choisies est introuvable.',
} as const;
