// The programme of a class for a year (document 1 §2 "Programme" tab, §7). Max grades travel as
// points (decimals); the database keeps hundredths.
import { z } from 'zod';
import { MAX_GRADE_LIMIT } from '../domain/setup';
import { yearId, decimal, id, idParams, name } from './common';
import { type Answer, area, get, message, post, put } from './endpoint';
import { adminServerText } from './texts/admin';

const t = adminServerText.curriculum;

const cellQuery = z.object({
  yearId,
  className: name(adminServerText.classes.nameRequired),
});

export const programmeEntry = z.strictObject({
  id: z.string(),
  subject_id: z.string(),
  subject_name: z.string(),
  max_grade: z.number(),
});
export type ProgrammeEntry = z.output<typeof programmeEntry>;

export const curriculumApi = area('curriculum', {
  get: get(
    '/curriculum',
    'The subjects a class follows in a year, with their max grades, and the other subjects of the school.',
    {
      query: cellQuery,
      answers: {
        200: z.strictObject({
          assigned: z.array(programmeEntry),
          available: z.array(z.strictObject({ id: z.string(), name: z.string() })),
        }),
      },
    },
  ),
  assign: post('/curriculum/assign', "Puts a subject on a class's programme for a year, with the default max grade.", {
    body: cellQuery.extend({ subjectId: id() }),
    answers: { 201: programmeEntry.extend({ message: z.string() }) },
  }),
  unassign: post('/curriculum/unassign', "Takes a subject off a class's programme for a year.", {
    body: cellQuery.extend({ subjectId: id() }),
    answers: { 200: message },
  }),
  setMaxGrade: put('/curriculum/max-grade/:id', 'Changes the max grade (coefficient) of one programme entry.', {
    params: idParams,
    body: z.object({ max_grade: decimal(t.invalidMaxGrade, MAX_GRADE_LIMIT) }),
    answers: { 200: z.strictObject({ id: z.string(), max_grade: z.number(), message: z.string() }) },
  }),
});

export type Programme = Answer<typeof curriculumApi.get>;
export type AssignedSubject = Answer<typeof curriculumApi.assign>;
export type SavedMaxGrade = Answer<typeof curriculumApi.setMaxGrade>;
