// Subjects of the school (document 1 §2 "Subjects" tab, §7).
import { z } from 'zod';
import { name } from './common';
import { type Answer, area, editableList } from './endpoint';
import { adminServerText } from './texts/admin';

export const subject = z.strictObject({ id: z.string(), name: z.string(), instance_id: z.string() });
export type Subject = z.output<typeof subject>;

export const subjectsApi = area(
  'subjects',
  editableList(
    '/subjects',
    { item: subject, body: z.object({ name: name(adminServerText.subjects.nameRequired) }) },
    {
      list: "The school's subjects, by name.",
      create: 'Adds a subject.',
      update: 'Renames a subject.',
      remove: 'Deletes a subject that has no evaluation (its curriculum entries go with it).',
    },
  ),
);

export type SavedSubject = Answer<typeof subjectsApi.create>;
