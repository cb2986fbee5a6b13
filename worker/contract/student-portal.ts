// The student portal's own calls (product decisions, "student portal's own calls").
import { z } from 'zod';
import { id } from './common';
import { type Answer, area, get } from './endpoint';

export const studentPortalApi = area('student-portal', {
  accessStatus: get('/student/access-status', "Whether the signed-in student may open the 'Notes' section for a year (the current year by default).", {
    query: z.object({ yearId: id().optional() }),
    answers: { 200: z.strictObject({ grades_access_enabled: z.boolean() }) },
  }),
});

export type AccessStatus = Answer<typeof studentPortalApi.accessStatus>;
