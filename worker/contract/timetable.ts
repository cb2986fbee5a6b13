// The timetable (issue 13; document 2 §3 'Timetable entry', product decision 'Teachers and
// timetable'): the week of a class or of a teacher for a year, and placing, moving and removing a
// course's lessons. The server refuses an overlap for the same teacher or the same class.
import { z } from 'zod';
import { normalizeTime } from '../domain/timetable';
import { yearId, id, idParams, optionalText } from './common';
import { type Answer, area, del, get, idNotice, post, put } from './endpoint';
import { timetableServerText as t } from './texts/timetable';

const time = (messageText: string) =>
  z
    .string({ error: messageText })
    .transform(
      (value, ctx) => normalizeTime(value) ?? (ctx.addIssue({ code: 'custom', message: messageText }), z.NEVER),
    );

const slotFields = {
  day_of_week: z.number({ error: t.dayInvalid }).int(t.dayInvalid).min(1, t.dayInvalid).max(6, t.dayInvalid),
  start_time: time(t.startInvalid),
  end_time: time(t.endInvalid),
  location_name: optionalText(60, t.locationTooLong),
};

const inOrder = <T extends { start_time: string; end_time: string }>(slot: T) => slot.start_time < slot.end_time;

export const timetableEntry = z.strictObject({
  id: z.string(),
  assignment_id: z.string(),
  day_of_week: z.number(),
  start_time: z.string(),
  end_time: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
  class_name: z.string(),
  teacher_id: z.string(),
  teacher_prenom: z.string(),
  teacher_nom: z.string(),
  location_name: z.string().nullable(),
});

const saved = z.strictObject({ entry: timetableEntry, message: z.string() });

export const timetableApi = area('timetable', {
  week: get(
    '/timetable',
    'The lessons of a class (className) or of a teacher (teacherId) in a year, Monday to Saturday, by start time.',
    {
      query: z
        .object({
          yearId,
          className: z.string().trim().min(1).max(100).optional(),
          teacherId: id().optional(),
        })
        .refine((q) => (q.className === undefined) !== (q.teacherId === undefined), t.chooseWeek),
      answers: { 200: z.strictObject({ entries: z.array(timetableEntry) }) },
    },
  ),
  create: post(
    '/timetable',
    'Places a lesson of a course (an assignment) on a weekday, from a start to an end time, in a place; refused when its teacher or its class already has a lesson then.',
    {
      body: z
        .object({ assignment_id: id(t.courseRequired), ...slotFields })
        .refine(inOrder, { message: t.order, path: ['end_time'] }),
      answers: { 201: saved },
    },
  ),
  update: put('/timetable/:id', 'Moves a lesson (day, times, place); refused on an overlap, as when placing it.', {
    params: idParams,
    body: z.object(slotFields).refine(inOrder, { message: t.order, path: ['end_time'] }),
    answers: { 200: saved },
  }),
  remove: del(
    '/timetable/:id',
    'Removes a lesson; refused once a roll call was taken in it (move it instead).',
    idNotice,
  ),
});

export type TimetableEntry = z.output<typeof timetableEntry>;
export type TimetableWeek = Answer<typeof timetableApi.week>;
export type SavedLesson = Answer<typeof timetableApi.create>;
