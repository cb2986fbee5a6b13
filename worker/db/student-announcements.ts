// Announcements of the administration to students: each targets classes, or all of them when it
// names none (document 1 §3 'Student announcement').
import { and, desc, eq, exists, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { amongIds } from './scoped';
import { classes, enrollments, schoolYears, studentAnnouncementClasses, studentAnnouncements, users } from './schema';

/** The school's announcements to students, newest first (at most 200). */
export const selectAnnouncements = (db: Db, school: string) =>
  db
    .select({
      id: studentAnnouncements.id,
      content: studentAnnouncements.content,
      created_at: studentAnnouncements.createdAt,
    })
    .from(studentAnnouncements)
    .where(eq(studentAnnouncements.instanceId, school))
    .orderBy(desc(studentAnnouncements.createdAt), desc(studentAnnouncements.id))
    .limit(200);

/** The target classes of the school's announcements, by name. */
export const selectTargets = (db: Db, school: string) =>
  db
    .select({
      announcement_id: studentAnnouncementClasses.announcementId,
      class_name: classes.name,
      order_index: classes.orderIndex,
    })
    .from(studentAnnouncementClasses)
    .innerJoin(
      classes,
      and(
        eq(classes.instanceId, studentAnnouncementClasses.instanceId),
        eq(classes.id, studentAnnouncementClasses.classId),
      ),
    )
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
  db
    .insert(studentAnnouncements)
    .values({ id: row.id, instanceId: school, content: row.content, authorId: row.authorId }),
  ...(row.classIds.length
    ? [
        db
          .insert(studentAnnouncementClasses)
          .values(row.classIds.map((classId) => ({ instanceId: school, announcementId: row.id, classId }))),
      ]
    : []),
];

export const deleteAnnouncements = (db: Db, school: string, ids: readonly string[]) =>
  db
    .delete(studentAnnouncements)
    .where(and(eq(studentAnnouncements.instanceId, school), amongIds(studentAnnouncements.id, ids)));

/** The school's announcements among `ids` (another school's match nothing), with their text for the audit. */
export const selectAmong = (db: Db, school: string, ids: readonly string[]) =>
  db
    .select({ id: studentAnnouncements.id, content: studentAnnouncements.content })
    .from(studentAnnouncements)
    .where(and(eq(studentAnnouncements.instanceId, school), amongIds(studentAnnouncements.id, ids)));

/** A guard condition: the school still holds all `count` announcements of `ids` (nobody deleted one meanwhile). */
export const allStillExist = (school: string, ids: readonly string[], count: number) =>
  sql`(SELECT count(*) FROM ${studentAnnouncements} WHERE ${and(eq(studentAnnouncements.instanceId, school), amongIds(studentAnnouncements.id, ids))}) = ${count}`;

/**
 * The announcements a student account sees, newest first (at most 50): those for every class and
 * those targeting the class of its enrolment in the current year.
 */
export const selectForStudentUser = (db: Db, school: string, userId: string) => {
  const targets = db
    .select({ one: sql`1` })
    .from(studentAnnouncementClasses)
    .where(
      and(
        eq(studentAnnouncementClasses.instanceId, school),
        eq(studentAnnouncementClasses.announcementId, studentAnnouncements.id),
      ),
    );
  const ownClass = db
    .select({ id: enrollments.classId })
    .from(users)
    .innerJoin(
      enrollments,
      and(eq(enrollments.instanceId, users.instanceId), eq(enrollments.studentId, users.studentId)),
    )
    .innerJoin(
      schoolYears,
      and(eq(schoolYears.instanceId, enrollments.instanceId), eq(schoolYears.id, enrollments.yearId)),
    )
    .where(and(eq(users.instanceId, school), eq(users.id, userId), eq(schoolYears.isCurrent, true)));
  const forOwnClass = db
    .select({ one: sql`1` })
    .from(studentAnnouncementClasses)
    .where(
      and(
        eq(studentAnnouncementClasses.instanceId, school),
        eq(studentAnnouncementClasses.announcementId, studentAnnouncements.id),
        inArray(studentAnnouncementClasses.classId, ownClass),
      ),
    );
  return db
    .select({
      id: studentAnnouncements.id,
      content: studentAnnouncements.content,
      created_at: studentAnnouncements.createdAt,
    })
    .from(studentAnnouncements)
    .where(and(eq(studentAnnouncements.instanceId, school), or(notExists(targets), exists(forOwnClass))))
    .orderBy(desc(studentAnnouncements.createdAt), desc(studentAnnouncements.id))
    .limit(50);
};
