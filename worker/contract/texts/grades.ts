// What the API answers about grade books, appreciations and report cards (issue 14; document 2
// §5 'Grades', §8 success messages; product decision 'Grades and report cards').
import { formatPoints } from '../../domain/grades';

export const gradesServerText = {
  classRequired: 'Veuillez choisir une classe.',
  subjectRequired: 'Veuillez choisir une matière.',
  periodRequired: 'Veuillez choisir une période.',
  periodNotFound: 'Période introuvable.',
  subjectNotTaught: "Cette matière n'est pas au programme de cette classe.",
  studentNotFound: 'Élève introuvable.',
  /** A score for a pupil who is not in the evaluation's class (moved since, decision 302). */
  notInClass: (name: string) => `Note non enregistrée : ${name} n'est pas dans cette classe.`,
  /** A pupil of the batch left the class while it was being saved. */
  someNotInClass: "Notes non enregistrées : un élève n'est plus dans cette classe.",
  evaluationNotFound: "Cette évaluation n'existe plus : elle a été supprimée entre-temps.",
  gradeNotFound: 'Note introuvable.',
  scoreOrEvaluation: "Envoyez soit la note, soit le nom et la note maximale de l'évaluation.",
  notYourCourse: "Vous n'enseignez pas cette matière dans cette classe.",
  nameRequired: "Le nom de l'évaluation est requis.",
  maxRequired: 'La note maximale est requise.',
  maxInvalid: 'La note maximale doit être un nombre supérieur à 0, avec au plus deux décimales.',
  scoreInvalid: 'La note doit être un nombre positif, avec au plus deux décimales.',
  scoreAbove: (max: number) => `La note ne peut pas dépasser ${formatPoints(max)}.`,
  nameTaken: (name: string) => `L'évaluation "${name}" existe déjà.`,
  totalAbove: (total: number, max: number) =>
    `Le total des points (${formatPoints(total)}) dépasserait la note maximale (${formatPoints(max)}).`,
  scoresAboveMax: (max: number) => `Des notes déjà saisies dépassent ${formatPoints(max)} : corrigez-les d'abord.`,
  appreciationTooLong: "L'appréciation ne peut pas dépasser 600 caractères.",
  evaluationUpdated: 'Évaluation mise à jour.',
  evaluationCreated: 'Évaluation créée.',
  evaluationDeleted: (name: string) => `Évaluation "${name}" supprimée.`,
  gradeSaved: 'Note enregistrée.',
  gradeDeleted: 'Note supprimée.',
  gradesSaved: (n: number) => (n === 1 ? 'Note enregistrée.' : `${n} notes enregistrées.`),
  tooManyScores: (n: number) => `Envoyez au plus ${n} notes à la fois.`,
  appreciationSaved: 'Appréciation enregistrée.',
} as const;
