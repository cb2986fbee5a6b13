// Announcements to teachers and students, resources, and a school's log.

import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { LOG_ID_TIME, createdAt } from './schema-columns';
import { instanceId, schoolKey, schoolTable } from './schema-keys';
import { classes } from './schema-school';
import { assignments, teachers } from './schema-teaching';

/** The school's announcements to its teachers, and below to its students: the same shape, newest first. */
const announcementTable = <N extends 'teacher_announcements' | 'student_announcements'>(name: N) =>
  schoolTable(
    name,
    { content: text('content').notNull(), authorId: text('author_id'), createdAt: createdAt() },
    (t) => [index(`${name}_created_idx`).on(t.instanceId, t.createdAt)],
  );

export const teacherAnnouncements = announcementTable('teacher_announcements');

export const teacherAnnouncementRecipients = sqliteTable(
  'teacher_announcement_recipients',
  {
    instanceId: instanceId(),
    announcementId: text('announcement_id').notNull(),
    teacherId: text('teacher_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.announcementId, t.teacherId] }),
    index('teacher_announcement_recipients_teacher_idx').on(t.instanceId, t.teacherId),
    schoolKey(t, t.announcementId, teacherAnnouncements, 'cascade'),
    schoolKey(t, t.teacherId, teachers, 'cascade'),
  ],
);

export const studentAnnouncements = announcementTable('student_announcements');

/** No row for an announcement = all classes. */
export const studentAnnouncementClasses = sqliteTable(
  'student_announcement_classes',
  {
    instanceId: instanceId(),
    announcementId: text('announcement_id').notNull(),
    classId: text('class_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.announcementId, t.classId] }),
    schoolKey(t, t.announcementId, studentAnnouncements, 'cascade'),
    schoolKey(t, t.classId, classes, 'cascade'),
  ],
);

export const resources = schoolTable(
  'resources',
  {
    assignmentId: text('assignment_id').notNull(),
    resourceType: text('resource_type', { enum: ['file', 'link'] }).notNull(),
    title: text('title').notNull(),
    url: text('url'),
    /** R2 object key; files never live in D1. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    mimeType: text('mime_type'),
    size: integer('size'),
    createdAt: createdAt(),
  },
  (t) => [
    index('resources_assignment_idx').on(t.instanceId, t.assignmentId),
    schoolKey(t, t.assignmentId, assignments, 'cascade'),
  ],
);

/**
 * A school's log (decision 331): one row per write batch, WITHOUT ROWID (migration 0018, which
 * drizzle cannot say) in the order of its key (school, id), and no index: a school's rows are one
 * range of the table. The id is the row's time and a tail (`<13 digits of ms since 1970><6
 * digits>`: `newLogId`), so a range of days is a range of ids, and `created_at` is computed from
 * the id (stored nowhere).
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').notNull(),
    instanceId: instanceId(),
    /** The author's username (a school's usernames are unique and never change: the user filter reads it). */
    username: text('username').notNull(),
    actionType: text('action_type').notNull(),
    targetName: text('target_name'),
    details: text('details'),
    createdAt: text('created_at').generatedAlwaysAs(LOG_ID_TIME, { mode: 'virtual' }),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.id] })],
);
