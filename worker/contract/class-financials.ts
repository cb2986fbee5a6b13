// Tuition per class and year (document 1 §2 "Financials" tab, §7): the MPPA travels as a decimal
// in the school's currency; empty means no default amount.
import { z } from 'zod';
import { amount, yearId, yearQuery, optionalAmount, text } from './common';
import { area, get, message, put } from './endpoint';
import { adminServerText } from './texts/admin';

const t = adminServerText.fees;

export const classFee = z.strictObject({
  class_id: z.string(),
  class_name: z.string(),
  year_id: z.string(),
  mppa: z.number().nullable(),
});
export type ClassFee = z.output<typeof classFee>;

export const classFinancialsApi = area('class-financials', {
  list: get('/class-financials', 'Every class with its MPPA for the year (null when none is set).', {
    query: yearQuery,
    answers: { 200: z.array(classFee) },
  }),
  save: put(
    '/class-financials',
    'Saves the MPPA of several classes for a year at once; refused (409) when one of them changed since the tab showed it.',
    {
      body: z.object({
        yearId,
        financials: z
          .array(
            z.object({
              class_name: text(adminServerText.classes.nameRequired),
              mppa: optionalAmount(t.invalidAmount),
              /** The amount the tab showed (null for none): the save is refused if it changed since. */
              previous: amount(t.invalidAmount).nullable().optional(),
            }),
          )
          .max(500),
      }),
      answers: { 200: message },
    },
  ),
});
