// What the API answers about the student portal's own reads (issue 16; product decision
// 'Teachers management and student accounts': the student calls).
export const studentServerText = {
  studentRequired: "Choisissez l'élève dont vous voulez voir le portail.",
  studentNotFound: 'Élève introuvable.',
  noAccountLink: "Ce compte n'est relié à aucun élève. Veuillez vous rapprocher de l'administration.",
  notEnrolled: "Vous n'êtes inscrit(e) dans aucune classe cette année.",
  gradesLocked: "L'accès à cette section est actuellement restreint. Veuillez vous rapprocher de l'administration.",
  periodNotFound: 'Période introuvable.',
} as const;
