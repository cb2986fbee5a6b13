// Announcements of the administration to students: each targets classes, or all of them when it
// names none (document 1 §3 'Student announcement').
import { and, eq, exists, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { enrollmentOfStudentUser, yearOfEnrollment } from './enrollments';
import { announcementsOf } from './school-announcements';
import { along } from './scoped';
import { classes, enrollments, schoolYears, studentAnnouncementClasses, studentAnnouncements, users } from './schema';

const alike = announcementsOf(studentAnnouncements, studentAnnouncementClasses);
export const { selectAnnouncements, selectAmong, deleteAnnouncements, allStillExist } = alike;

/** The target classes of the school's announcements, by name. */
export const selectTargets = (db: Db, school: string) =>
  db
    .select({
      announcement_id: studentAnnouncementClasses.announcementId,
      class_name: classes.name,
      order_index: classes.orderIndex,
    })
    .from(studentAnnouncementClasses)
    .innerJoin(classes, along(classes, studentAnnouncementClasses, studentAnnouncementClasses.classId))
    .where(eq(studentAnnouncementClasses.instanceId, school));

/** The school's classes among `names` (compared as the unique index does, case-insensitive). */
export const selectClassesNamed = (db: Db, school: string, names: string[]) =>
  db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(
      and(
        eq(classes.instanceId, school),
        inArray(
          sql`lower(${classes.name})`,
          names.map((n) => n.toLowerCase()),
        ),
      ),
    );

export const insertAnnouncement = (
  db: Db,
  school: string,
  row: { id: string; content: string; authorId: string; classIds: string[] },
) => [
  alike.insertRow(db, school, row),
  ...(row.classIds.length
    ? [
        db
          .insert(studentAnnouncementClasses)
          .values(row.classIds.map((classId) => ({ instanceId: school, announcementId: row.id, classId }))),
      ]
    : []),
];

/**
 * The announcements a student account sees, newest first (at most 50): those for every class and
 * those targeting the class of its enrolment in the current year.
 */
export const selectForStudentUser = (db: Db, school: string, userId: string) => {
  const ownClass = db
    .select({ id: enrollments.classId })
    .from(users)
    .innerJoin(enrollments, enrollmentOfStudentUser)
    .innerJoin(schoolYears, yearOfEnrollment)
    .where(and(eq(users.instanceId, school), eq(users.id, userId), eq(schoolYears.isCurrent, true)));
  return alike.newestFirst(
    db,
    and(
      eq(studentAnnouncements.instanceId, school),
      or(
        notExists(alike.linked(db, school)),
        exists(alike.linked(db, school, inArray(studentAnnouncementClasses.classId, ownClass))),
      ),
    ),
    50,
  );
};

/**
 * The announcements a pupil of a class sees (a guardian's view of the child, decision 360), newest
 * first (at most `limit`): those for every class and those targeting the class.
 */
export const selectForClass = (db: Db, school: string, classId: string | null, limit = 10) =>
  alike.newestFirst(
    db,
    and(
      eq(studentAnnouncements.instanceId, school),
      or(
        notExists(alike.linked(db, school)),
        ...(classId ? [exists(alike.linked(db, school, eq(studentAnnouncementClasses.classId, classId)))] : []),
      ),
    ),
    limit,
  );
