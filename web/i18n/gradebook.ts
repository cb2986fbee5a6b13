// The grade book (document 2 §2 'Grade book', §4 'Grade entry', §5 'Grades', §8, §9; issue 14).
// The rules' messages are the API's own (worker/contract/texts/grades.ts): the book checks them
// before sending and shows the server's answer word for word.
import { gradesServerText as rules } from '../../worker/contract/texts/grades';
import { commonText } from './common';

import { offlineText } from './offline';

export const gradebookText = {
  title: 'Carnet de notes',
  back: 'Retour à mes cours',
  open: 'Carnet de notes',
  classLabel: 'Classe',
  subjectLabel: 'Matière',
  periodLabel: 'Période',
  chooseClass: 'Choisir une classe',
  chooseSubject: 'Choisir une matière',
  choosePeriod: 'Choisir une période',
  subjectOption: (name: string, max: string) => `${name} (sur ${max})`,
  noSubject: 'Aucune matière au programme de cette classe.',
  noPeriods: "Aucune période n'est définie pour cette année.",
  noStudents: "Aucun élève n'est inscrit dans cette classe cette année.",
  loading: 'Chargement du carnet…',
  noYear: "Aucune année scolaire n'est ouverte.",
  maxGrade: (max: string) => `Note maximale de la matière : ${max}`,
  student: 'Élève',
  average: 'Moyenne',
  appreciation: 'Appréciation',
  appreciationOf: (name: string) => `Appréciation de ${name}`,
  acceptSuggestion: (label: string, text: string) => `${label} : accepter la suggestion « ${text} »`,
  scoreOf: (student: string, evaluation: string, max: string) => `Note de ${student} en ${evaluation} (sur ${max})`,
  select: (name: string) => `Sélectionner ${name}`,
  selectAll: 'Tout sélectionner',
  outOf: (max: string) => `/ ${max}`,
  // Add, edit, delete an evaluation.
  add: {
    legend: 'Nouvelle évaluation',
    name: 'Nom',
    max: 'Sur',
    submit: 'Ajouter',
    limit: 'Limite atteinte',
    created: rules.evaluationCreated,
    localHint: 'Elle sera enregistrée avec sa première note.',
  },
  edit: {
    title: "Modifier l'évaluation",
    label: (name: string) => `Modifier ${name}`,
    save: 'Enregistrer',
  },
  remove: {
    label: (name: string) => `Supprimer ${name}`,
    title: "Supprimer l'évaluation",
    body: (name: string) => `Supprimer l'évaluation "${name}" et toutes ses notes ? Cette action est irréversible.`,
    confirm: 'Supprimer',
  },
  deleted: rules.evaluationDeleted,
  errors: {
    nameRequired: rules.nameRequired,
    maxRequired: rules.maxRequired,
    nameTaken: rules.nameTaken,
    totalAbove: rules.totalAbove,
    scoreAbove: rules.scoreAbove,
    scoreInvalid: rules.scoreInvalid,
    saveFailed: (message: string) => `Sauvegarde échouée: ${message}`,
  },
  // Drafts: scores typed on the phone, sent when the network allows.
  drafts: {
    pending: offlineText.pendingScores,
    pendingHint: 'Elles sont gardées sur cet appareil et partiront dès le retour du réseau.',
    pendingCell: 'En attente',
    refusedTitle: (n: number) => (n > 1 ? `${n} notes refusées par le serveur` : '1 note refusée par le serveur'),
    refusedLine: (student: string, evaluation: string, score: string, message: string) =>
      `${student}, ${evaluation} : ${score} — ${message}`,
    retry: 'Réessayer',
    drop: 'Retirer',
    empty: 'vide',
    sendNow: 'Envoyer maintenant',
    elsewhere:
      'Des notes de ce cours saisies sur cet appareil ne sont pas encore enregistrées dans une autre période :',
    openPeriod: (period: string, n: number) =>
      n > 1 ? `${period} : ${n} notes non envoyées` : `${period} : 1 note non envoyée`,
  },
  print: {
    button: 'Imprimer la sélection',
    none: commonText.noPupilSelected,
    popupBlocked: "Veuillez autoriser les pop-ups pour l'impression.",
    title: (subject: string, className: string) => `Notes de ${subject}, ${className}`,
    heading: (subject: string, period: string) => `${subject}, ${period}`,
    classLine: (className: string, year: string) => `Classe : ${className}, année ${year}`,
    evaluation: 'Évaluation',
    score: 'Note',
    footer: (date: string) => `Imprimé le ${date}`,
  },
} as const;
