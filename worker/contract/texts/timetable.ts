// What the API answers about the timetable (issue 13; product decision 'Teachers and timetable').
import type { DayOfWeek } from '../../domain/timetable';

export const DAY_NAMES = {
  1: 'Lundi',
  2: 'Mardi',
  3: 'Mercredi',
  4: 'Jeudi',
  5: 'Vendredi',
  6: 'Samedi',
} as const satisfies Record<DayOfWeek, string>;

const dayName = (day: number) => DAY_NAMES[day as DayOfWeek] ?? String(day);

export const timetableServerText = {
  chooseWeek: 'Veuillez choisir une classe ou un professeur.',
  dayInvalid: 'Le jour doit être du lundi (1) au samedi (6).',
  startInvalid: "L'heure de début n'est pas valide (HH:MM).",
  endInvalid: "L'heure de fin n'est pas valide (HH:MM).",
  order: "L'heure de fin doit être après l'heure de début.",
  locationTooLong: 'La salle ne doit pas dépasser 60 caractères.',
  courseRequired: 'Veuillez choisir un cours.',
  entryNotFound: 'Créneau introuvable.',
  teacherNotFound: 'Professeur introuvable.',
  teacherClash: (teacher: string, subject: string, className: string, day: number, start: string, end: string) =>
    `${teacher} a déjà cours à ce moment : ${subject} en ${className}, ${dayName(day)} de ${start} à ${end}.`,
  classClash: (className: string, subject: string, teacher: string, day: number, start: string, end: string) =>
    `La classe ${className} a déjà cours à ce moment : ${subject} avec ${teacher}, ${dayName(day)} de ${start} à ${end}.`,
  added: 'Créneau ajouté.',
  moved: 'Créneau déplacé.',
  deleted: 'Créneau supprimé.',
  hasRollCalls:
    "Ce créneau a déjà des présences : déplacez-le plutôt que de le supprimer, l'historique de l'appel reste.",
} as const;
