// Kreyòl: the week grid of the pupil's Orè (../timetable.ts; the days are the formatter's,
// worker/domain/format.ts, with a capital).
import type { KreyolTexts } from '../kreyol';

export const timetableText: KreyolTexts['timetable'] = {
  days: { 1: 'Lendi', 2: 'Madi', 3: 'Mèkredi', 4: 'Jedi', 5: 'Vandredi', 6: 'Samdi' },
  empty: 'Pa gen okenn kou ki planifye pou ane sa a.',
  noLocation: 'San sal',
  today: 'Jodi a',
  week: 'Orè semèn nan',
  timeRange: (start: string, end: string) => `${start} - ${end}`,
  lesson: (subject: string, className: string, day: string, time: string, place: string) =>
    `${subject}, ${className}, ${day} ${time}, ${place}`,
};
