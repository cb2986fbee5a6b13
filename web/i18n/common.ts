// Texts shared by several screens.
export const commonText = {
  refresh: 'Actualiser',
  close: 'Fermer',
  cancel: 'Annuler',
  loading: 'Chargement...',
  copyright: (year: number, name: string) => `© ${year} ${name}. Tous droits réservés.`,
  productName: 'Portail Scolaire',
} as const;
