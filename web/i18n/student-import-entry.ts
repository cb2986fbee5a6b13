// The import's words the register's screen shows itself (its button, the offer to resume an import
// left unfinished): apart from student-import.ts, which travels only with the import's own chunk
// (the register's screen is stored for offline use, the import is not; decision 363).

export const importEntryText = {
  open: 'Importer',
  needsNetwork: 'L’importation a besoin d’Internet : reconnectez-vous pour importer un fichier.',
  resume: 'Reprendre l’importation',
  pending: (file: string, sent: number, total: number) =>
    `Une importation de « ${file} » est inachevée (${sent} / ${total} lignes envoyées).`,
};
