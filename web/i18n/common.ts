// Texts shared by several screens.
export const commonText = {
  refresh: 'Actualiser',
  close: 'Fermer',
  cancel: 'Annuler',
  announcement: 'Annonce',
  closeAnnouncement: "Fermer l'annonce",
  loading: 'Chargement...',
  /** A failure nothing explains (the spec's default error). */
  unexpected: 'Une erreur inattendue est survenue.',
  /** An action on a selection of pupils, with none selected. */
  noPupilSelected: 'Veuillez sélectionner au moins un élève.',
  /** A save under way (its button's label meanwhile). */
  saving: 'Enregistrement...',
  pager: {
    previous: 'Précédent',
    next: 'Suivant',
    page: (page: number, total: number) => `Page ${page} sur ${total}`,
  },
  copyright: (year: number, name: string) => `© ${year} ${name}. Tous droits réservés.`,
  productName: 'Portail Scolaire',
} as const;
