// What the school's two kinds of announcements (to teachers, to students: the same shape in
// schema.ts) are written, read and deleted by alike: the announcement's row, the list newest
// first, who it is for, the announcements a delete chooses, their deletion and its guard. Each kind's module (teacher-announcements.ts,
// student-announcements.ts) exports these for its table, beside what only it does.
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import type {
  studentAnnouncementClasses,
  studentAnnouncements,
  teacherAnnouncementRecipients,
  teacherAnnouncements,
} from './schema';
import { amongIds } from './scoped';

type AnnouncementTable = typeof teacherAnnouncements | typeof studentAnnouncements;
/** Who an announcement is for: its recipients (teachers) or its target classes (students). */
type LinkTable = typeof teacherAnnouncementRecipients | typeof studentAnnouncementClasses;

export function announcementsOf(table: AnnouncementTable, links: LinkTable) {
  /** The school's announcements among `ids` (another school's match nothing). */
  const among = (school: string, ids: readonly string[]) => and(eq(table.instanceId, school), amongIds(table.id, ids));
  /** Announcements newest first, at most `limit`. */
  const newestFirst = (db: Db, where: SQL | undefined, limit: number) =>
    db
      .select({ id: table.id, content: table.content, created_at: table.createdAt })
      .from(table)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(limit);
  return {
    newestFirst,
    /** For EXISTS in a read of `table`: the announcement's links that also meet `more`. */
    linked: (db: Db, school: string, ...more: SQL[]) =>
      db
        .select({ one: sql`1` })
        .from(links)
        .where(and(eq(links.instanceId, school), eq(links.announcementId, table.id), ...more)),
    /** A new announcement's own row (its recipients or target classes are the kind's own). */
    insertRow: (db: Db, school: string, row: { id: string; content: string; authorId: string }) =>
      db.insert(table).values({ id: row.id, instanceId: school, content: row.content, authorId: row.authorId }),
    /** The school's announcements, newest first (at most 200). */
    selectAnnouncements: (db: Db, school: string) => newestFirst(db, eq(table.instanceId, school), 200),
    /** The school's announcements among `ids`, with their text for the audit. */
    selectAmong: (db: Db, school: string, ids: readonly string[]) =>
      db.select({ id: table.id, content: table.content }).from(table).where(among(school, ids)),
    /** Deletes announcements of the school (their recipients or target classes go with them). */
    deleteAnnouncements: (db: Db, school: string, ids: readonly string[]) => db.delete(table).where(among(school, ids)),
    /** A guard condition: the school still holds all `count` announcements of `ids` (nobody deleted one meanwhile). */
    allStillExist: (school: string, ids: readonly string[], count: number) =>
      sql`(SELECT count(*) FROM ${table} WHERE ${among(school, ids)}) = ${count}`,
  };
}

/** What a delete of one kind's announcements uses (routes/communications.ts). */
export type SchoolAnnouncements = Pick<
  ReturnType<typeof announcementsOf>,
  'selectAmong' | 'deleteAnnouncements' | 'allStillExist'
>;
