// What the API answers about resources (document 2 §5, §8; architecture guide, uploads).
export const resourcesServerText = {
  added: 'Ressource ajoutée.',
  updated: 'Ressource mise à jour.',
  deleted: 'Ressource supprimée.',
  notFound: 'Ressource non trouvée.',
  assignmentRequired: 'Veuillez sélectionner une assignation.',
  assignmentNotFound: 'Assignation introuvable.',
  titleRequired: 'Le titre est requis.',
  titleTooLong: 'Le titre ne doit pas dépasser 200 caractères.',
  typeInvalid: 'Le type de ressource doit être « file » ou « link ».',
  fileRequired: 'Veuillez sélectionner un fichier.',
  urlInvalid: "L'URL doit être une adresse http ou https valide.",
  fileNameInvalid: 'Le nom du fichier est invalide.',
  fileUnreadable: "Le fichier n'a pas pu être lu (contenu base64 attendu).",
  fileTooLarge: (mb: number) => `Le fichier dépasse la taille maximale de ${mb} Mo.`,
  fileType:
    'Type de fichier non accepté : PDF, image (PNG, JPEG, GIF, WebP) ou texte brut uniquement. Les pages web, SVG et scripts sont refusés.',
  fixedOnEdit: "L'assignation et le type d'une ressource ne peuvent pas être modifiés.",
} as const;
