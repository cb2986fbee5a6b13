// The answers of the administration's routes (document 1 §2, §4, §7; the spec's texts word for
// word) and the role rules' reasons, which the role editor shows too.

/** Why a role option is disabled or a role selection is refused (document 1 §4). */
export const roleRuleText = {
  admin_principal: 'Le rôle Administrateur Principal inclut déjà cette permission.',
  director_secretary: 'Les rôles de Directeur et Secrétaire sont mutuellement exclusifs.',
  superior: 'Un rôle supérieur inclut déjà cette permission.',
  own_admin: "Vous ne pouvez pas retirer votre propre rôle d'Administrateur Principal.",
} as const;

export const adminServerText = {
  years: {
    invalidFormat: "Format d'année invalide. Utilisez AAAA-AAAA.",
    notConsecutive: 'La deuxième année doit suivre la première, par exemple 2025-2026.',
    exists: 'Cette année scolaire existe déjà.',
    currentUndeletable: "L'année scolaire actuelle ne peut pas être supprimée.",
    added: 'Année scolaire ajoutée.',
    madeCurrent: 'Année scolaire actuelle mise à jour.',
    deleted: 'Année scolaire supprimée.',
    required: 'Veuillez sélectionner une année scolaire.',
  },
  periods: {
    nameRequired: 'Le nom de la période est requis.',
    exists: 'Cette période existe déjà pour cette année scolaire.',
    hasEvaluations: 'Cette période contient des évaluations : elle ne peut pas être supprimée.',
    startDateInvalid: "La date de début de la période n'est pas une date valide.",
    added: 'Période ajoutée.',
    updated: 'Période mise à jour.',
    deleted: 'Période supprimée.',
  },
  classes: {
    nameRequired: 'Le nom de la classe est requis.',
    exists: 'Une classe porte déjà ce nom.',
    invalidOrder: "L'ordre de la classe doit être un nombre entier positif.",
    hasEnrollments: 'Impossible de supprimer cette classe : des élèves y sont ou y ont été inscrits.',
    added: 'Classe ajoutée.',
    updated: 'Classe mise à jour.',
    deleted: 'Classe supprimée.',
    unknown: (name: string) => `Classe inconnue : ${name}.`,
  },
  subjects: {
    nameRequired: 'Le nom de la matière est requis.',
    exists: 'Une matière porte déjà ce nom.',
    hasEvaluations: 'Cette matière a des évaluations enregistrées : elle ne peut pas être supprimée.',
    added: 'Matière ajoutée.',
    updated: 'Matière mise à jour.',
    deleted: 'Matière supprimée.',
  },
  curriculum: {
    invalidMaxGrade: 'Veuillez entrer un nombre valide.',
    alreadyAssigned: 'Cette matière est déjà au programme de cette classe.',
    notAssigned: "Cette matière n'est pas au programme de cette classe.",
    assigned: 'Matière ajoutée au programme.',
    unassigned: 'Matière retirée du programme.',
    maxGradeUpdated: 'Coefficient mis à jour.',
  },
  fees: {
    invalidAmount: 'Le montant doit être un nombre positif ou vide.',
    updated: 'Frais de scolarité mis à jour.',
    changedMeanwhile:
      'Des montants ont été modifiés entre-temps par quelqu’un d’autre. Rechargez l’onglet et recommencez.',
  },
  dashboard: {
    invalidMonth: 'Mois invalide. Utilisez AAAA-MM.',
  },
  setup: {
    invalidYear: 'Veuillez utiliser le format AAAA-AAAA.',
    periodNames: 'Chaque période doit avoir un nom.',
    classNames: 'Chaque classe doit avoir un nom.',
    subjectRequired: 'Ajoutez au moins une matière.',
    subjectNames: 'Chaque matière doit avoir un nom.',
    duplicatePeriod: (name: string) => `La période « ${name} » apparaît deux fois.`,
    duplicateClass: (name: string) => `La classe « ${name} » apparaît deux fois.`,
    duplicateSubject: (name: string) => `La matière « ${name} » apparaît deux fois.`,
    unknownClass: (name: string) => `Le programme ou les frais citent une classe absente de l'assistant : ${name}.`,
    unknownSubject: (name: string) => `Le programme cite une matière absente de l'assistant : ${name}.`,
    done: "Configuration de l'année scolaire terminée avec succès !",
  },
  roles: {
    nameRequired: 'Le nom du rôle est requis.',
    exists: 'Un rôle porte déjà ce nom.',
    unknownPermission: 'Permission inconnue.',
    system: 'Les rôles système par défaut ne peuvent pas être modifiés ou supprimés.',
    cannotGrant: 'Vous ne pouvez pas accorder une permission que vous ne détenez pas.',
    changedMeanwhile: 'Ce rôle a été modifié entre-temps par quelqu’un d’autre. Rechargez la liste et recommencez.',
    created: 'Rôle créé.',
    updated: 'Rôle mis à jour.',
    deleted: 'Rôle supprimé.',
  },
  users: {
    usernameRequired: "Le nom d'utilisateur est requis.",
    usernameInvalid:
      "Le nom d'utilisateur doit compter de 3 à 50 caractères : lettres, chiffres, points, tirets ou tirets bas.",
    usernameTaken: "Ce nom d'utilisateur est déjà utilisé.",
    passwordWeak: 'Le mot de passe ne respecte pas les critères de sécurité.',
    roleRequired: 'Veuillez sélectionner au moins un rôle.',
    unknownRole: 'Rôle inconnu.',
    cannotGrantRole: 'Vous ne pouvez pas attribuer un rôle dont vous ne détenez pas toutes les permissions.',
    protectedAccount: 'Le compte « admin » et votre propre compte ne peuvent être ni réinitialisés ni supprimés.',
    standardOnly: 'Seuls les comptes du personnel (type standard) ont des rôles modifiables.',
    strongerAccount: "Vous ne pouvez pas gérer un compte qui détient des permissions que vous n'avez pas.",
    created: 'Utilisateur créé.',
    deleted: 'Utilisateur supprimé.',
    rolesUpdated: 'Rôles mis à jour.',
    passwordReset: 'Mot de passe réinitialisé.',
  },
} as const;
