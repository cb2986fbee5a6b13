// Importing a register (issue 30): the import dialog of 'Gestion des Élèves'. The spec is
// silent: our own words, short. The server's answers are in worker/contract/texts/student-import.ts.
import type { ImportField, LineStatus } from '../../worker/domain/register-import';
import { commonText } from './common';
import { importEntryText } from './student-import-entry';

export { importServerText } from '../../worker/contract/texts/student-import';

export const importText = {
  open: importEntryText.open,
  title: 'Importer des élèves',
  close: commonText.close,
  cancel: 'Annuler',
  back: 'Retour',
  needsNetwork: importEntryText.needsNetwork,

  choose: {
    intro:
      'Choisissez le registre de l’école : un fichier Excel (.xlsx) ou CSV (séparé par des points-virgules ou des virgules), une ligne par élève, avec une ligne d’en-tête (Nom, Prénom, Sexe, Date de naissance, Lieu de naissance, NISU, Classe, Tuteur, Téléphone…).',
    file: 'Fichier du registre',
    reading: 'Lecture du fichier…',
    empty: 'Ce fichier est vide.',
    xls: 'Ce fichier est au format Excel 97-2003 (.xls). Enregistrez-le au format .xlsx ou CSV, puis recommencez.',
    unreadable: 'Ce fichier ne peut pas être lu. Choisissez un fichier .xlsx ou .csv.',
    noHeader: 'La première ligne du fichier doit donner le nom de chaque colonne (Nom, Prénom, Sexe…).',
    noLines: 'Aucune ligne d’élève sous l’en-tête.',
    tooMany: (max: number) => `Le fichier a plus de ${max} lignes : découpez-le en plusieurs fichiers.`,
  },

  map: {
    intro: (lines: number, file: string) =>
      `${file} : ${lines} ligne${lines > 1 ? 's' : ''}. Vérifiez à quoi correspond chaque colonne.`,
    column: 'Colonne du fichier',
    example: 'Exemple',
    field: 'Correspond à',
    ignore: '— Ignorer —',
    unknown: 'En-tête non reconnu : choisissez ce qu’il contient.',
    missing: (fields: string) => `Aucune colonne pour : ${fields}.`,
    defaultAddress: 'Adresse des élèves dont la ligne n’en a pas',
    defaultAddressHint:
      'L’adresse est obligatoire, comme dans la fiche de l’élève. Laissez vide pour refuser ces lignes.',
    check: 'Vérifier les lignes',
    checking: (done: number, total: number) => `Vérification : ${done} / ${total} lignes…`,
  },

  fields: {
    nom: 'Nom',
    prenom: 'Prénom',
    sexe: 'Sexe',
    date_of_birth: 'Date de naissance',
    birth_place: 'Lieu de naissance',
    address: 'Adresse',
    nisu: 'NISU',
    className: 'Classe',
    tutor_name: 'Nom du tuteur',
    tutor_phone: 'Téléphone du tuteur',
    tutor_email: 'E-mail du tuteur',
  } satisfies Record<ImportField, string>,

  preview: {
    summary: 'Résultat de la vérification',
    all: 'Toutes',
    line: 'Ligne',
    name: 'Élève',
    birth: 'Naissance',
    result: 'Résultat',
    counts: {
      create: (n: number) => `${n} à créer`,
      enrol: (n: number) => `${n} à créer et inscrire`,
      duplicate: (n: number) => `${n} doublon${n > 1 ? 's' : ''}`,
      refused: (n: number) => `${n} refusée${n > 1 ? 's' : ''}`,
      imported: (n: number) => `${n} déjà importée${n > 1 ? 's' : ''}`,
    } satisfies Record<LineStatus, (n: number) => string>,
    status: {
      create: 'Sera créé(e)',
      enrol: (className: string) => `Sera inscrit(e) en ${className}`,
      duplicate: 'Doublon',
      refused: 'Refusée',
      imported: 'Déjà importé(e)',
    },
    nothing: 'Aucune ligne ne peut être importée : corrigez le fichier et recommencez.',
    confirm: (n: number) => `Importer ${n} élève${n > 1 ? 's' : ''}`,
    skipped: 'Les doublons et les lignes refusées ne seront pas importés.',
  },

  writing: {
    progress: (done: number, total: number) => `Importation : ${done} / ${total} lignes envoyées…`,
    interrupted: (created: number, total: number) =>
      `Importation interrompue : ${created} élève${created > 1 ? 's' : ''} importé${created > 1 ? 's' : ''}, ${total} ligne${total > 1 ? 's' : ''} restent à envoyer. Rien n’est importé deux fois : vous pouvez reprendre.`,
    resume: importEntryText.resume,
    abandon: 'Abandonner',
    pending: importEntryText.pending,
  },

  done: {
    title: 'Importation terminée',
    created: (n: number) => `${n} élève${n > 1 ? 's' : ''} importé${n > 1 ? 's' : ''}`,
    enrolled: (n: number) => `dont ${n} inscrit${n > 1 ? 's' : ''} dans leur classe`,
    skipped: (n: number) => `${n} ligne${n > 1 ? 's' : ''} non importée${n > 1 ? 's' : ''} (doublons ou refusées)`,
    report: 'Télécharger les lignes non importées (CSV)',
  },
} as const;
