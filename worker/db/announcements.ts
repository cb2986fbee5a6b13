// Platform announcements, shown to school staff as a banner on the admin home.
import { desc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { platformAnnouncements } from './schema';

/** The announcements as the banner and the list show them, newest first. */
const newestFirst = (db: Db) =>
  db
    .select({
      id: platformAnnouncements.id,
      title: platformAnnouncements.title,
      content: platformAnnouncements.content,
      created_at: platformAnnouncements.createdAt,
    })
    .from(platformAnnouncements)
    .orderBy(desc(platformAnnouncements.createdAt), desc(platformAnnouncements.id));

export const latestPlatformAnnouncement = (db: Db) => newestFirst(db).limit(1).get();

/** Every platform announcement, newest first (the superadmin's list). */
export const listPlatformAnnouncements = (db: Db) => newestFirst(db).limit(100);

export const insertPlatformAnnouncement = (
  db: Db,
  row: { id: string; title: string; content: string; createdBy: string; createdAt: string },
) => db.insert(platformAnnouncements).values(row);

export const findPlatformAnnouncement = (db: Db, id: string) =>
  db
    .select({ id: platformAnnouncements.id, title: platformAnnouncements.title })
    .from(platformAnnouncements)
    .where(eq(platformAnnouncements.id, id))
    .get();

export const deletePlatformAnnouncement = (db: Db, id: string) =>
  db.delete(platformAnnouncements).where(eq(platformAnnouncements.id, id));
