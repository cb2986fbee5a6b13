// The latest platform announcement, shown as a closable banner on the admin home (document 1 §2).
import { z } from 'zod';
import { type Answer, area, get } from './endpoint';

/** An announcement of the platform team to the admins of every school (superadmin.ts publishes them). */
export const announcement = z.strictObject({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
});

export const announcementsApi = area('announcements', {
  latest: get('/admin/announcements', 'The newest announcement of the platform team, or null.', {
    answers: { 200: announcement.nullable() },
  }),
});

export type Announcement = NonNullable<Answer<typeof announcementsApi.latest>>;
