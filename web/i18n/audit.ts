// The activity log, 'Journal d'Activité' (document 2 §2 'Audit log', §5): the school's and the
// platform's. The API's answers are in worker/contract/texts/audit.ts.
export { auditServerText } from '../../worker/contract/texts/audit';

export const auditText = {
  title: "Journal d'Activité",
  filters: 'Filtres du journal',
  archive: 'Année scolaire',
  recent: 'Année en cours',
  archivedYear: (year: string, rows: number) => `${year} (archivée, ${rows} entrée${rows > 1 ? 's' : ''})`,
  user: 'Utilisateur',
  allUsers: 'Tous les utilisateurs',
  school: 'École',
  allSchools: 'Toutes les écoles',
  platform: 'Plateforme',
  /** The platform's entry about a school (its creation, its suspension…). */
  platformAbout: (school: string) => `Plateforme · ${school}`,
  search: 'Rechercher',
  searchPlaceholder: 'Action, cible, détails...',
  startDate: 'Du',
  endDate: 'Au',
  columns: {
    date: 'Date',
    user: 'Utilisateur',
    school: 'École',
    action: 'Action',
    target: 'Cible',
    details: 'Détails',
  },
  select: (action: string, date: string) => `Sélectionner ${action} du ${date}`,
  selectPage: 'Sélectionner toute la page',
  empty: 'Aucune entrée ne correspond à ces filtres.',
  total: (n: number) => `${n} entrée${n > 1 ? 's' : ''} au total`,
  loadError: (message: string) => `Impossible de charger le journal : ${message}`,
  deleteSelection: (n: number) => `Supprimer la sélection (${n})`,
  deleteSelectionTitle: 'Supprimer les entrées sélectionnées',
  deleteSelectionBody: (n: number) =>
    `${n} entrée${n > 1 ? 's' : ''} du journal ser${n > 1 ? 'ont' : 'a'} supprimée${n > 1 ? 's' : ''} définitivement.`,
  deleteByDate: 'Supprimer par période',
  deleteByDateHint:
    'Les deux dates sont incluses. La suppression concerne toutes les écoles et la plateforme, et elle est elle-même journalisée.',
  deleteFrom: 'Première date',
  deleteTo: 'Dernière date',
  deleteByDateSubmit: 'Supprimer la période',
  deleteByDateTitle: 'Supprimer une période du journal',
  deleteByDateBody: (from: string, to: string) =>
    `Toutes les entrées du ${from} au ${to} inclus seront supprimées définitivement, dans toutes les écoles.`,
  confirmDelete: 'Supprimer',
} as const;
