// The answers of the finance routes (document 2 §2, §4, §7, §8): errors, the notices of a saved
// change, and the default label of a payment. The finance screens show them too.
export const financeServerText = {
  /** The notices of a saved change. */
  notices: {
    saved: 'Fiche financière mise à jour.',
    paymentSaved: (receipt: number) => `Versement enregistré : reçu n° ${receipt}.`,
    accessEnabled: 'Accès aux notes activé.',
    accessRestricted: 'Accès aux notes restreint.',
    classAccessEnabled: 'Accès aux notes activé pour toute la classe.',
    classAccessRestricted: 'Accès aux notes restreint pour toute la classe.',
  },
  /** The label of a payment left without one: its place on the sheet. */
  paymentLabel: (n: number) => `Versement ${n}`,
  enrollmentNotFound: 'Inscription introuvable.',
  classNotFound: 'Classe introuvable.',
  yearNotFound: 'Année scolaire introuvable.',
  classRequired: 'La classe est requise.',
  yearRequired: "L'année scolaire est requise.",
  amountInvalid: 'Montant invalide.',
  amountTooLarge: 'Montant trop élevé.',
  paymentNegative: "Le montant d'un versement ne peut pas être négatif.",
  mppaNegative: 'Le MPPA de base ne peut pas être négatif.',
  adjustedNegative: 'Le MPPA ajusté ne peut pas être négatif.',
  dateInvalid: 'Date de versement invalide (format AAAA-MM-JJ).',
  labelTooLong: 'Libellé trop long (120 caractères au plus).',
  tooManyPayments: 'Trop de versements sur une même fiche (100 au plus).',
  tooManyAdjustments: 'Trop d’ajustements sur une même fiche (50 au plus).',
  enabledRequired: 'Indiquez si l’accès aux notes est activé.',
  balanceFilter: 'Filtre de solde inconnu (all, zero ou nonzero).',
  mppaFilter: 'Le filtre MPPA doit être un montant.',
  pageInvalid: 'Numéro de page invalide.',
  limitInvalid: 'Taille de page invalide (1 à 100).',
  staleSheet: (name: string) =>
    `La fiche financière de ${name} a été modifiée entre-temps par un autre utilisateur. Rechargez la fiche pour voir ses changements, puis recommencez.`,
  versionRequired: 'La version de la fiche est requise : rechargez la fiche, puis recommencez.',
  receiptRemoved: (n: number) =>
    `Le versement du reçu n° ${n} ne peut pas être supprimé : corrigez son montant (0 pour l'annuler) en indiquant le motif.`,
  correctionRequired: (n: number) =>
    `Le versement du reçu n° ${n} a déjà un reçu : indiquez le motif de la correction.`,
  correctionTooLong: 'Motif de correction trop long (200 caractères au plus).',
  paymentPositive: 'Le montant du versement doit être supérieur à zéro.',
  dateInFuture: 'La date du versement ne peut pas être dans le futur.',
  busy: "Trop d'enregistrements en même temps dans l'école. Réessayez dans un instant.",
} as const;
