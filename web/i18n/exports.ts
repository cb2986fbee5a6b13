// Exports and printed lists (issue 30): the Ministry's class list, the palmarès, the financial
// report and the payments of a period, each as a CSV file (Excel) and an A4 page. The spec is
// silent: our own words, short. The server's answers are in worker/contract/texts/exports.ts.
import { commonText } from './common';

export { exportServerText } from '../../worker/contract/texts/exports';

export const exportText = {
  csv: 'Télécharger (CSV)',
  print: 'Imprimer (A4)',
  preparing: 'Préparation du document…',
  popupBlocked: "Veuillez autoriser les pop-ups pour l'impression.",
  printedOn: (date: string) => `Imprimé le ${date}`,
  nothing: 'Rien à exporter.',

  ministry: {
    open: 'Liste pour le Ministère',
    title: 'Liste de classe pour le Ministère (MENFP)',
    intro: 'NISU, nom, prénom, sexe, date et lieu de naissance, classe et année de chaque élève inscrit.',
    klass: 'Classe',
    allClasses: 'Toutes les classes',
    sheetTitle: (className: string, year: string) => `Liste de classe — ${className} — ${year}`,
    count: (n: number) => `${n} élève${n > 1 ? 's' : ''} inscrit${n > 1 ? 's' : ''}`,
    file: (className: string, year: string) => `Liste MENFP ${className} ${year}`,
    columns: {
      number: 'N°',
      nisu: 'NISU',
      nom: 'Nom',
      prenom: 'Prénom',
      sexe: 'Sexe',
      birthDate: 'Date de naissance',
      birthPlace: 'Lieu de naissance',
      className: 'Classe',
      year: 'Année scolaire',
    },
    close: commonText.close,
  },

  palmares: {
    csv: 'Palmarès (CSV)',
    print: 'Imprimer le palmarès',
    title: (className: string, period: string) => `Palmarès — ${className} — ${period}`,
    year: (year: string) => `Année scolaire ${year}`,
    file: (className: string, period: string, year: string) => `Palmares ${className} ${period} ${year}`,
    ranked: (ranked: number, total: number) =>
      `${ranked} élève${ranked > 1 ? 's' : ''} classé${ranked > 1 ? 's' : ''} sur ${total}`,
    columns: {
      rank: 'Rang',
      nom: 'Nom',
      prenom: 'Prénom',
      average: (base: number) => `Moyenne /${base}`,
      band: 'Couleur',
      decision: 'Décision',
    },
    bands: { good: 'Bonne', medium: 'Moyenne', poor: 'Faible' },
    tied: 'ex æquo',
    noAverage: 'Non évalué',
  },

  report: {
    csv: 'Exporter le rapport (CSV)',
    print: 'Imprimer le rapport',
    title: (year: string) => `Rapport financier — ${year}`,
    allYears: 'toutes les années',
    file: (year: string) => `Rapport financier ${year}`,
    totals: 'Totaux',
  },

  payments: {
    title: 'Versements d’une période',
    from: 'Du',
    to: 'Au',
    sheetTitle: (from: string, to: string) => `Versements du ${from} au ${to}`,
    file: (from: string, to: string) => `Versements ${from} ${to}`,
    count: (n: number, total: string) => `${n} versement${n > 1 ? 's' : ''}, total ${total}`,
    columns: {
      receipt: 'Reçu N°',
      date: 'Date',
      student: 'Élève',
      className: 'Classe',
      label: 'Libellé',
      amount: 'Montant',
      recordedBy: 'Enregistré par',
    },
    total: 'Total',
  },
} as const;
