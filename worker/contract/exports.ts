// Exports the Ministry, the families and the accountant ask for (issue 30) that need a read of
// their own: the payments of a period. The class list and the palmarès are made in the page from
// the register's and the report cards' own reads; the financial report from its own.
import { z } from 'zod';
import { day, pageQuery, pagination } from './common';
import { type Answer, area, get } from './endpoint';
import { exportServerText as t } from './texts/exports';

const date = day(t.dateInvalid);

export const PERIOD_PAYMENTS_PAGE = 100;

export const exportsApi = area('exports', {
  periodPayments: get(
    '/payments',
    'The payments dated within a period, by date and receipt number: receipt, date, amount, label, who recorded it, the student and the class; one page at a time, with the number and the sum of the whole period.',
    {
      query: z
        .object({ from: date, to: date, ...pageQuery(PERIOD_PAYMENTS_PAGE) })
        .refine((q) => q.from <= q.to, { message: t.periodReversed }),
      answers: {
        200: z.strictObject({
          payments: z.array(
            z.strictObject({
              id: z.string(),
              date: z.string().nullable(),
              receipt_no: z.number().nullable(),
              amount: z.number(),
              label: z.string(),
              recorded_by: z.string().nullable(),
              nom: z.string(),
              prenom: z.string(),
              className: z.string(),
              year_name: z.string(),
            }),
          ),
          pagination,
          total_amount: z.number(),
        }),
      },
    },
  ),
});

export type PeriodPayments = Answer<typeof exportsApi.periodPayments>;
