// The answers of the exports' own reads (issue 30). The spec is silent: our own words, short.

export const exportServerText = {
  dateInvalid: 'Date invalide (format AAAA-MM-JJ).',
  periodReversed: 'La date de début doit précéder la date de fin.',
} as const;
