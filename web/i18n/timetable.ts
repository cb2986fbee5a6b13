// The week grid of the timetable, the teacher's dashboard and the student portal (document 2 §2
// 'Teacher dashboard', §9).
import { DAY_NAMES } from '../../worker/contract/texts/timetable';
import { commonText } from './common';

export const timetableText = {
  days: DAY_NAMES,
  empty: 'Aucun cours planifié pour cette année.',
  noLocation: 'N/A',
  today: "Aujourd'hui",
  week: 'Emploi du temps de la semaine',
  timeRange: (start: string, end: string) => `${start} - ${end}`,
  /** What a screen reader says of a block: 'Mathématiques, 7e AF, Lundi 08:00 - 09:00, Salle 1'. */
  lesson: (subject: string, className: string, day: string, time: string, place: string) =>
    `${subject}, ${className}, ${day} ${time}, ${place}`,
  /** The administration's timetable screen (/timetable). */
  manage: {
    byClass: 'Par classe',
    byTeacher: 'Par professeur',
    view: 'Afficher',
    klass: 'Classe',
    teacher: 'Professeur',
    chooseTeacher: 'Choisissez un professeur',
    add: 'Ajouter un créneau',
    addTitle: 'Ajouter un créneau',
    editTitle: (subject: string, className: string) => `${subject} · ${className}`,
    course: 'Cours',
    chooseCourse: 'Choisissez un cours',
    noCourses: "Aucun cours attribué : attribuez d'abord les cours aux professeurs dans la Gestion des Professeurs.",
    day: 'Jour',
    start: 'Début',
    end: 'Fin',
    location: 'Salle',
    save: 'Enregistrer',
    saving: commonText.saving,
    remove: 'Supprimer',
    noYear: "Ouvrez d'abord une année scolaire.",
    loading: "Chargement de l'emploi du temps…",
    courseLabel: (subject: string, className: string, teacher: string) => `${subject} · ${className} · ${teacher}`,
  },
} as const;
