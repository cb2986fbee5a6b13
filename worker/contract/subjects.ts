// Subjects of the school (document 1 §2 "Subjects" tab, §7).
import { z } from 'zod';
import { idParams, name } from './common';
import { type Answer, area, type Body, message } from './endpoint';
import { adminServerText } from './texts/admin';

const t = adminServerText.subjects;

export const subject = z.strictObject({ id: z.string(), name: z.string(), instance_id: z.string() });
export type Subject = z.output<typeof subject>;

const subjectBody = z.object({ name: name(t.nameRequired) });
const savedSubject = subject.extend({ message: z.string() });

export const subjectsApi = area('subjects', {
  list: {
    method: 'get',
    path: '/subjects',
    summary: "The school's subjects, by name.",
    answers: { 200: z.array(subject) },
  },
  create: {
    method: 'post',
    path: '/subjects',
    summary: 'Adds a subject.',
    body: subjectBody,
    answers: { 201: savedSubject },
  },
  update: {
    method: 'put',
    path: '/subjects/:id',
    summary: 'Renames a subject.',
    params: idParams,
    body: subjectBody,
    answers: { 200: savedSubject },
  },
  remove: {
    method: 'delete',
    path: '/subjects/:id',
    summary: 'Deletes a subject that has no evaluation (its curriculum entries go with it).',
    params: idParams,
    answers: { 200: message },
  },
});

export type SubjectInput = Body<typeof subjectsApi.create>;
export type SavedSubject = Answer<typeof subjectsApi.create>;
