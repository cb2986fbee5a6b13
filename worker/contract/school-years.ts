// School years (document 1 §7; product decisions "Classes, years and deletion"): the year
// selector's list, add by name, make current, delete with all of the year's data.
import { z } from 'zod';
import { adminServerText } from './texts/admin';
import { yearNameProblem } from '../domain/setup';
import { cleanText } from '../domain/text';
import { type Answer, area, del, get, idNotice, post, put } from './endpoint';

const t = adminServerText.years;

export const schoolYear = z.strictObject({ id: z.string(), name: z.string(), is_current: z.boolean() });
export type SchoolYear = z.output<typeof schoolYear>;

const newSchoolYear = z.object({
  name: z
    .string({ error: t.invalidFormat })
    .max(20, t.invalidFormat)
    .transform(cleanText)
    .superRefine((name, ctx) => {
      const problem = yearNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem === 'format' ? t.invalidFormat : t.notConsecutive });
    }),
});

export const schoolYearsApi = area('school-years', {
  list: get('/school-years', "The school's years, newest first, for the year selector and the administration tab.", {
    answers: { 200: z.array(schoolYear) },
  }),
  create: post(
    '/school-years',
    "Adds an empty year by name (AAAA-AAAA); a school's first year becomes its current year.",
    {
      body: newSchoolYear,
      answers: { 201: schoolYear.extend({ message: z.string() }) },
    },
  ),
  setCurrent: put(
    '/school-years/:id/set-current',
    'Makes a year the current one; the previous current year loses the flag in the same batch.',
    idNotice,
  ),
  remove: del('/school-years/:id', 'Deletes a year that is not the current one, with all of its data.', idNotice),
});

export type CreatedSchoolYear = Answer<typeof schoolYearsApi.create>;
