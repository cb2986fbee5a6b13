// Texts shared by several screens.
export const commonText = {
  refresh: 'Actualiser',
  close: 'Fermer',
  cancel: 'Annuler',
  announcement: 'Annonce',
  closeAnnouncement: "Fermer l'annonce",
  loading: 'Chargement...',
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
