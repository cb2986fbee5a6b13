// Announcements of the administration to teachers, each with its recipients (the sending side is
// the communications area's).
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from './client';
import { along, amongIds } from './scoped';
import { teacherAnnouncementRecipients, teacherAnnouncements, teachers } from './schema';
import { profileIdsOfUser } from './teachers';

/** The latest announcements sent to the account's teacher profile, newest first. */
export const selectForUser = (db: Db, school: string, userId: string, limit = 20) =>
  db
    .select({
      id: teacherAnnouncements.id,
      content: teacherAnnouncements.content,
      created_at: teacherAnnouncements.createdAt,
    })
    .from(teacherAnnouncements)
    .innerJoin(
      teacherAnnouncementRecipients,
      and(
        eq(teacherAnnouncementRecipients.instanceId, teacherAnnouncements.instanceId),
        eq(teacherAnnouncementRecipients.announcementId, teacherAnnouncements.id),
      ),
    )
    .where(
      and(
        eq(teacherAnnouncements.instanceId, school),
        inArray(teacherAnnouncementRecipients.teacherId, profileIdsOfUser(db, school, userId)),
      ),
    )
    .orderBy(desc(teacherAnnouncements.createdAt))
    .limit(limit);

// ------------------------------------------------------------------ the administration's side

/** The school's announcements to teachers, newest first (at most 200). */
export const selectAnnouncements = (db: Db, school: string) =>
  db
    .select({
      id: teacherAnnouncements.id,
      content: teacherAnnouncements.content,
      created_at: teacherAnnouncements.createdAt,
    })
    .from(teacherAnnouncements)
    .where(eq(teacherAnnouncements.instanceId, school))
    .orderBy(desc(teacherAnnouncements.createdAt), desc(teacherAnnouncements.id))
    .limit(200);

/** The recipients of the school's announcements, with their names. */
export const selectRecipients = (db: Db, school: string) =>
  db
    .select({
      announcement_id: teacherAnnouncementRecipients.announcementId,
      teacher_id: teachers.id,
      prenom: teachers.prenom,
      nom: teachers.nom,
    })
    .from(teacherAnnouncementRecipients)
    .innerJoin(teachers, along(teachers, teacherAnnouncementRecipients, teacherAnnouncementRecipients.teacherId))
    .where(eq(teacherAnnouncementRecipients.instanceId, school));

/** A new announcement and its recipients (the caller checked they are the school's teachers; the foreign key holds it too). */
export const insertAnnouncement = (
  db: Db,
  school: string,
  row: { id: string; content: string; authorId: string; teacherIds: string[] },
) => [
  db
    .insert(teacherAnnouncements)
    .values({ id: row.id, instanceId: school, content: row.content, authorId: row.authorId }),
  db
    .insert(teacherAnnouncementRecipients)
    .values(row.teacherIds.map((teacherId) => ({ instanceId: school, announcementId: row.id, teacherId }))),
];

/** Deletes announcements of the school (their recipients go with them). */
export const deleteAnnouncements = (db: Db, school: string, ids: readonly string[]) =>
  db
    .delete(teacherAnnouncements)
    .where(and(eq(teacherAnnouncements.instanceId, school), amongIds(teacherAnnouncements.id, ids)));

/** The school's announcements among `ids` (another school's match nothing), with their text for the audit. */
export const selectAmong = (db: Db, school: string, ids: readonly string[]) =>
  db
    .select({ id: teacherAnnouncements.id, content: teacherAnnouncements.content })
    .from(teacherAnnouncements)
    .where(and(eq(teacherAnnouncements.instanceId, school), amongIds(teacherAnnouncements.id, ids)));

/** A guard condition: the school still holds all `count` announcements of `ids` (nobody deleted one meanwhile). */
export const allStillExist = (school: string, ids: readonly string[], count: number) =>
  sql`(SELECT count(*) FROM ${teacherAnnouncements} WHERE ${and(eq(teacherAnnouncements.instanceId, school), amongIds(teacherAnnouncements.id, ids))}) = ${count}`;

/** The school's live teachers among `ids` (to refuse an unknown recipient with 404). */
export const selectTeachersAmong = (db: Db, school: string, ids: string[]) =>
  db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(eq(teachers.instanceId, school), isNull(teachers.archivedAt), inArray(teachers.id, ids)));
