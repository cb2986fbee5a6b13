// What the API answers about roll calls (issue 13; product decision 'Attendance').
export const attendanceServerText = {
  sessionNotFound: 'Cours introuvable.',
  dateInvalid: "La date n'est pas valide.",
  wrongDay: "Ce cours n'a pas lieu ce jour-là.",
  future: "On ne peut pas faire l'appel d'un cours à venir.",
  statusInvalid: 'Statut de présence invalide.',
  marksRequired: 'Aucune présence à enregistrer.',
  saved: 'Présences enregistrées.',
} as const;

export const attendanceReportText = {
  startInvalid: "La date de début n'est pas valide.",
  endInvalid: "La date de fin n'est pas valide.",
  order: 'La date de fin doit être après la date de début.',
  tooLong: 'La période ne peut pas dépasser 31 jours.',
  sunday: 'Pas de cours le dimanche.',
  studentNotFound: 'Élève introuvable.',
  classRequired: 'Veuillez choisir une classe.',
  overridden: 'Présence mise à jour.',
  cleared: 'Retour au statut calculé.',
} as const;
