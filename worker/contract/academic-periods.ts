// Academic periods of a school year (document 1 §2 "Periods" tab, §7).
import { z } from 'zod';
import { id, idParams, name } from './common';
import { type Answer, area, type Body, message } from './endpoint';
import { adminServerText } from './texts/admin';

const t = adminServerText.periods;
const yearId = id(adminServerText.years.required);

export const period = z.strictObject({ id: z.string(), year_id: z.string(), name: z.string() });
export type Period = z.output<typeof period>;

const periodBody = z.object({ name: name(t.nameRequired), year_id: yearId });
const savedPeriod = period.extend({ message: z.string() });

export const periodsApi = area('academic-periods', {
  list: {
    method: 'get',
    path: '/academic-periods',
    summary: 'The periods of a year, in order.',
    query: z.object({ yearId }),
    answers: { 200: z.array(period) },
  },
  create: {
    method: 'post',
    path: '/academic-periods',
    summary: 'Adds a period at the end of a year.',
    body: periodBody,
    answers: { 201: savedPeriod },
  },
  update: {
    method: 'put',
    path: '/academic-periods/:id',
    summary: 'Renames a period (or moves it to another year of the school).',
    params: idParams,
    body: periodBody,
    answers: { 200: savedPeriod },
  },
  remove: {
    method: 'delete',
    path: '/academic-periods/:id',
    summary: 'Deletes a period that holds no evaluation (its grades would go with it).',
    params: idParams,
    answers: { 200: message },
  },
});

export type PeriodInput = Body<typeof periodsApi.create>;
export type SavedPeriod = Answer<typeof periodsApi.create>;
