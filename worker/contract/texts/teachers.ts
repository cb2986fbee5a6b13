// What the API answers about teachers and their courses (issue 13; product decisions 'Teachers
// management and student accounts').
export const teachersServerText = {
  prenomRequired: 'Le prénom est requis.',
  nomRequired: 'Le nom est requis.',
  prenomTooLong: 'Le prénom ne doit pas dépasser 100 caractères.',
  nomTooLong: 'Le nom ne doit pas dépasser 100 caractères.',
  phoneInvalid: "Le téléphone n'est pas valide : 8 chiffres pour Haïti, au plus 15 chiffres avec l'indicatif.",
  emailInvalid: "L'e-mail n'est pas une adresse e-mail valide.",
  emailTooLong: "L'e-mail ne doit pas dépasser 200 caractères.",
  notFound: 'Professeur introuvable.',
  added: 'Professeur ajouté. Notez le mot de passe temporaire : il ne sera plus affiché.',
  updated: 'Professeur mis à jour.',
  deleted: 'Professeur supprimé.',
  archived: "Professeur archivé : ses cours des années passées restent dans l'historique.",
  refusedWithCourses: (name: string, count: number, year: string) =>
    `Impossible de supprimer ${name} : ${count} cours lui ${count > 1 ? 'sont attribués' : 'est attribué'} pour ${year}. Retirez-les ou confiez-les à un autre professeur d'abord.`,
  noAccount: "Ce professeur n'a pas de compte.",
  hasAccount: 'Ce professeur a déjà un compte.',
  accountCreated: 'Compte créé. Notez le mot de passe temporaire : il ne sera plus affiché.',
  passwordReset: 'Mot de passe réinitialisé. Notez le mot de passe temporaire : il ne sera plus affiché.',
  courseRequired: 'Veuillez choisir un cours.',
  notInCurriculum: (className: string, year: string) =>
    `Cette matière ne fait pas partie du programme de la classe ${className} pour ${year}.`,
  taken: (name: string) => `Ce cours est déjà attribué à ${name}.`,
  assigned: 'Cours attribué.',
  assignmentNotFound: 'Cours introuvable.',
  unassigned: (entries: number) => `Cours retiré. ${entries} créneau(x) de l'emploi du temps supprimé(s).`,
  handOverTeacherRequired: 'Veuillez choisir le professeur à qui confier ce cours.',
  handedOver: (name: string) =>
    `Cours confié à ${name}. Ses présences, ressources, notes et son emploi du temps le suivent.`,
  handOverClash: (teacher: string, day: string, start: string, end: string, subject: string, className: string) =>
    `${teacher} a déjà cours le ${day.toLowerCase()} de ${start} à ${end} (${subject} en ${className}), pendant un créneau de ce cours. Déplacez l'un des deux créneaux, puis réessayez.`,
  handOverMoved: 'Ce cours a changé de professeur entre-temps. Rechargez la liste, puis réessayez.',
  handOverClashMeanwhile: (name: string) =>
    `${name} a désormais cours à l'un des créneaux de ce cours. Déplacez ce créneau, puis réessayez.`,
  unassignRefused:
    'Ce cours a déjà des présences ou des ressources : confiez-le à un autre professeur au lieu de le retirer.',
} as const;
