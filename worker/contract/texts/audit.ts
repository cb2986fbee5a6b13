// What the API answers about the activity log (document 2 §5 'Audit bulk delete by date').
export const auditServerText = {
  datesRequired: 'Les deux dates sont requises.',
  dateInvalid: 'La date doit être au format AAAA-MM-JJ.',
  dateOrder: 'La date de fin doit être postérieure ou égale à la date de début.',
  idsRequired: 'Veuillez sélectionner au moins une entrée du journal.',
  deletedByDate: (count: number) =>
    `${count} entrée${count > 1 ? 's' : ''} du journal supprimée${count > 1 ? 's' : ''}.`,
  deletedBulk: (count: number) => `${count} entrée${count > 1 ? 's' : ''} du journal supprimée${count > 1 ? 's' : ''}.`,
  schoolNotFound: 'École introuvable.',
  userNotFound: 'Utilisateur introuvable.',
} as const;
