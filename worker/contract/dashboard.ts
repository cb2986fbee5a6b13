// The home screen's figures (document 1 §2 "Admin home"): what a director looks for first —
// students enrolled, paid this month, balance due — for the school and per class, in one call.
import { z } from 'zod';
import { month, yearId } from './common';
import { type Answer, area, get } from './endpoint';
import { adminServerText } from './texts/admin';

const figures = {
  enrolled: z.number(),
  /** Decimals in the school's currency: adjusted MPPA, paid in all, paid in the month, left to pay. */
  expected: z.number(),
  paid: z.number(),
  paidThisMonth: z.number(),
  balance: z.number(),
};

export const dashboardApi = area('dashboard', {
  summary: get(
    '/dashboard/summary',
    "The year's enrolments, amounts due, paid and paid in the month (default: this month in the schools' time zone), totalled and per class.",
    {
      query: z.object({
        yearId,
        month: month(adminServerText.dashboard.invalidMonth).optional(),
      }),
      answers: {
        200: z.strictObject({
          yearId: z.string(),
          month: z.string(),
          ...figures,
          classes: z.array(z.strictObject({ id: z.string(), name: z.string(), ...figures })),
        }),
      },
    },
  ),
});

export type Summary = Answer<typeof dashboardApi.summary>;
