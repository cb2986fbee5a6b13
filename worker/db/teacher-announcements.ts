// Announcements of the administration to teachers, each with its recipients (the sending side is
// the communications area's).
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { teacherAnnouncementRecipients, teacherAnnouncements } from './schema';
import { profileIdsOfUser } from './teachers';

/** The latest announcements sent to the account's teacher profile, newest first. */
export const selectForUser = (db: Db, school: string, userId: string, limit = 20) =>
  db
    .select({ id: teacherAnnouncements.id, content: teacherAnnouncements.content, created_at: teacherAnnouncements.createdAt })
    .from(teacherAnnouncements)
    .innerJoin(
      teacherAnnouncementRecipients,
      and(eq(teacherAnnouncementRecipients.instanceId, teacherAnnouncements.instanceId), eq(teacherAnnouncementRecipients.announcementId, teacherAnnouncements.id)),
    )
    .where(and(eq(teacherAnnouncements.instanceId, school), inArray(teacherAnnouncementRecipients.teacherId, profileIdsOfUser(db, school, userId))))
    .orderBy(desc(teacherAnnouncements.createdAt))
    .limit(limit);
