// What every staff and teacher screen needs after sign-in, in one read (issue 12): the school, its
// years and classes, the latest platform announcement and the account's permissions. The service
// worker revalidates its copy with If-None-Match: unchanged, it costs a 304.
import { z } from 'zod';
import { schoolClass } from './classes';
import { type Answer, area, get } from './endpoint';
import { schoolInfo } from './instance';
import { schoolYear } from './school-years';
import { announcement } from './announcements';

export const bootstrapApi = area('bootstrap', {
  read: get(
    '/bootstrap',
    "The signed-in staff member's or teacher's school, its years (newest first) and classes (in order), the latest platform announcement (school staff; null for teachers or when there is none), the current year's MPPA by class (readers of the student register; {} for others) and the account's permissions.",
    {
      answers: {
        200: z.strictObject({
          school: schoolInfo,
          years: z.array(schoolYear),
          classes: z.array(schoolClass),
          announcement: announcement.nullable(),
          /** The current year's MPPA by class id (Gdes; classes without one left out), for readers of
           *  the student register (student:read), which needs no other read for the current year. */
          fees: z.record(z.string(), z.number()),
          permissions: z.array(z.string()),
        }),
      },
    },
  ),
});

export type Bootstrap = Answer<typeof bootstrapApi.read>;
