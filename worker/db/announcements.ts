// Platform announcements, shown to school staff as a banner on the admin home.
import { desc } from 'drizzle-orm';
import type { Db } from './client';
import { platformAnnouncements } from './schema';

export const latestPlatformAnnouncement = (db: Db) =>
  db
    .select({
      id: platformAnnouncements.id,
      title: platformAnnouncements.title,
      content: platformAnnouncements.content,
      created_at: platformAnnouncements.createdAt,
    })
    .from(platformAnnouncements)
    .orderBy(desc(platformAnnouncements.createdAt), desc(platformAnnouncements.id))
    .limit(1)
    .get();
