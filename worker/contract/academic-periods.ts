// Academic periods of a school year (document 1 §2 "Periods" tab, §7).
import { z } from 'zod';
import { id, name } from './common';
import { type Answer, area, type Body, editableList } from './endpoint';
import { adminServerText } from './texts/admin';

const yearId = id(adminServerText.years.required);

export const period = z.strictObject({ id: z.string(), year_id: z.string(), name: z.string() });
export type Period = z.output<typeof period>;

export const periodsApi = area(
  'academic-periods',
  editableList(
    '/academic-periods',
    {
      item: period,
      body: z.object({ name: name(adminServerText.periods.nameRequired), year_id: yearId }),
      listQuery: z.object({ yearId }),
    },
    {
      list: 'The periods of a year, in order.',
      create: 'Adds a period at the end of a year.',
      update: 'Renames a period (or moves it to another year of the school).',
      remove: 'Deletes a period that holds no evaluation (its grades would go with it).',
    },
  ),
);

export type PeriodInput = Body<typeof periodsApi.create>;
export type SavedPeriod = Answer<typeof periodsApi.create>;
