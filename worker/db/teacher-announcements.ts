// Announcements of the administration to teachers, each with its recipients (the sending side is
// the communications area's).
import { and, eq, exists, inArray, isNull } from 'drizzle-orm';
import type { Db } from './client';
import { announcementsOf } from './school-announcements';
import { along } from './scoped';
import { teacherAnnouncementRecipients, teacherAnnouncements, teachers } from './schema';
import { profileIdsOfUser } from './teachers';

const alike = announcementsOf(teacherAnnouncements, teacherAnnouncementRecipients);

/**
 * The latest announcements sent to the account's teacher profile, newest first: the school's
 * announcements walked newest first, each kept when the profile is among its recipients.
 */
export const selectForUser = (db: Db, school: string, userId: string, limit = 20) =>
  alike.newestFirst(
    db,
    and(
      eq(teacherAnnouncements.instanceId, school),
      exists(
        alike.linked(
          db,
          school,
          inArray(teacherAnnouncementRecipients.teacherId, profileIdsOfUser(db, school, userId)),
        ),
      ),
    ),
    limit,
  );

// ------------------------------------------------------------------ the administration's side

export const { selectAnnouncements, selectAmong, deleteAnnouncements, allStillExist } = alike;

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
  alike.insertRow(db, school, row),
  db
    .insert(teacherAnnouncementRecipients)
    .values(row.teacherIds.map((teacherId) => ({ instanceId: school, announcementId: row.id, teacherId }))),
];

/** The school's live teachers among `ids` (to refuse an unknown recipient with 404). */
export const selectTeachersAmong = (db: Db, school: string, ids: string[]) =>
  db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(eq(teachers.instanceId, school), isNull(teachers.archivedAt), inArray(teachers.id, ids)));
