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
