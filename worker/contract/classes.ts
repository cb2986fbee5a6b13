// Classes of the school, in order (document 1 §2 "Classes" tab, §7).
import { z } from 'zod';
import { idParams, name } from './common';
import { type Answer, area, type Body, message } from './endpoint';
import { adminServerText } from './texts/admin';

const t = adminServerText.classes;

export const schoolClass = z.strictObject({ id: z.string(), name: z.string(), order_index: z.number() });
export type SchoolClass = z.output<typeof schoolClass>;

const classBody = z.object({
  name: name(t.nameRequired),
  order_index: z.number({ error: t.invalidOrder }).int(t.invalidOrder).min(0, t.invalidOrder).max(10_000, t.invalidOrder).optional(),
});
const savedClass = schoolClass.extend({ message: z.string() });

export const classesApi = area('classes', {
  list: {
    method: 'get',
    path: '/classes',
    summary: "The school's classes, first to last.",
    answers: { 200: z.array(schoolClass) },
  },
  create: {
    method: 'post',
    path: '/classes',
    summary: 'Adds a class, after the last one unless an order is given.',
    body: classBody,
    answers: { 201: savedClass },
  },
  update: {
    method: 'put',
    path: '/classes/:id',
    summary: 'Renames a class (and changes its place in the order when given).',
    params: idParams,
    body: classBody,
    answers: { 200: savedClass },
  },
  remove: {
    method: 'delete',
    path: '/classes/:id',
    summary: 'Deletes a class that never had an enrolment (its curriculum and fees go with it).',
    params: idParams,
    answers: { 200: message },
  },
});

export type ClassInput = Body<typeof classesApi.create>;
export type SavedClass = Answer<typeof classesApi.create>;
