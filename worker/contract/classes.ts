// Classes of the school, in order (document 1 §2 "Classes" tab, §7).
import { z } from 'zod';
import { name } from './common';
import { type Answer, area, editableList } from './endpoint';
import { adminServerText } from './texts/admin';

const t = adminServerText.classes;

export const schoolClass = z.strictObject({ id: z.string(), name: z.string(), order_index: z.number() });
export type SchoolClass = z.output<typeof schoolClass>;

export const classesApi = area(
  'classes',
  editableList(
    '/classes',
    {
      item: schoolClass,
      body: z.object({
        name: name(t.nameRequired),
        order_index: z
          .number({ error: t.invalidOrder })
          .int(t.invalidOrder)
          .min(0, t.invalidOrder)
          .max(10_000, t.invalidOrder)
          .optional(),
      }),
    },
    {
      list: "The school's classes, first to last.",
      create: 'Adds a class, after the last one unless an order is given.',
      update: 'Renames a class (and changes its place in the order when given).',
      remove: 'Deletes a class that never had an enrolment (its curriculum and fees go with it).',
    },
  ),
);

export type SavedClass = Answer<typeof classesApi.create>;
