// The week grid of the timetable, the teacher's dashboard and the student portal (document 2 §2
// 'Teacher dashboard', §9).
import type { DayOfWeek } from '../../worker/domain/timetable';

export const timetableText = {
  days: { 1: 'Lundi', 2: 'Mardi', 3: 'Mercredi', 4: 'Jeudi', 5: 'Vendredi', 6: 'Samedi' } satisfies Record<DayOfWeek, string>,
  empty: 'Aucun cours planifié pour cette année.',
  noLocation: 'N/A',
  today: "Aujourd'hui",
  week: 'Emploi du temps de la semaine',
  timeRange: (start: string, end: string) => `${start} - ${end}`,
  /** What a screen reader says of a block: 'Mathématiques, 7e AF, Lundi 08:00 - 09:00, Salle 1'. */
  lesson: (subject: string, className: string, day: string, time: string, place: string) =>
    `${subject}, ${className}, ${day} ${time}, ${place}`,
} as const;
