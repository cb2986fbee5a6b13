// What the API answers about roll calls (issue 13; product decision 'Attendance').
export const attendanceServerText = {
  sessionNotFound: 'Cours introuvable.',
  dateInvalid: "La date n'est pas valide.",
  wrongDay: "Ce cours n'a pas lieu ce jour-là.",
  future: "On ne peut pas faire l'appel d'un cours à venir.",
  statusInvalid: 'Statut de présence invalide.',
  marksRequired: 'Aucune présence à enregistrer.',
  saved: 'Présences enregistrées.',
  /** A roll call naming pupils who were not in the lesson's class that day (decision 302): nothing is saved. */
  notInClass: (names: readonly string[], className: string) =>
    names.length === 0
      ? `Appel non enregistré : un élève de l'appel n'est pas en ${className} ce jour-là.`
      : names.length === 1
        ? `Appel non enregistré : ${names[0]} n'est pas en ${className} ce jour-là.`
        : `Appel non enregistré : ${frenchList(names)} ne sont pas en ${className} ce jour-là.`,
} as const;

/** 'A', 'A et B', 'A, B et C'. */
export const frenchList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`;

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
