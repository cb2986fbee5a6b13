// Academic periods of a school year (document 1 §2 "Periods" tab, §7).
import { z } from 'zod';
import { optionalDay, yearId, yearQuery, name } from './common';
import { type Answer, area, editableList } from './endpoint';
import { adminServerText } from './texts/admin';

export const period = z.strictObject({
  id: z.string(),
  year_id: z.string(),
  name: z.string(),
  /** The day the period starts, if the school gave it: the grade book opens on the period under way. */
  start_date: z.string().nullable(),
});
export type Period = z.output<typeof period>;

export const periodsApi = area(
  'academic-periods',
  editableList(
    '/academic-periods',
    {
      item: period,
      body: z.object({
        name: name(adminServerText.periods.nameRequired),
        year_id: yearId,
        /** Optional: absent keeps the period's date (the spec's body has none), null or blank clears it. */
        start_date: optionalDay(adminServerText.periods.startDateInvalid),
      }),
      listQuery: yearQuery,
    },
    {
      list: 'The periods of a year, in order.',
      create: 'Adds a period at the end of a year (with the day it starts, optionally).',
      update: 'Renames a period (or moves it to another year of the school), sets or clears the day it starts.',
      remove: 'Deletes a period that holds no evaluation (its grades would go with it).',
    },
  ),
);

export type SavedPeriod = Answer<typeof periodsApi.create>;
