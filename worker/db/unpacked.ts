// The marks and grades one per row, as they were stored before migration 0007 (decision 220):
// now the views `attendance_records` and `grades` over the packed storage (db/seats.ts). Reading
// them is plain SQL (support, exports, tests). They are read-only: their write triggers are gone
// (migration 0021, decision 350) and they are declared as views, so writing one is a type error;
// marks and scores are written by db/attendance-records.ts and db/grades.ts (and, in bulk, with
// the packing of db/seats.ts). Outside schema.ts: drizzle-kit must not see them.
import { integer, sqliteView, text } from 'drizzle-orm/sqlite-core';

export const attendanceRecords = sqliteView('attendance_records', {
  /** `<lesson id>.<date>.<enrolment id>`. */
  id: text('id').notNull(),
  instanceId: text('instance_id').notNull(),
  timetableEntryId: text('timetable_entry_id').notNull(),
  enrollmentId: text('enrollment_id').notNull(),
  date: text('date').notNull(),
  status: text('status', { enum: ['present', 'absent', 'late', 'justified'] }).notNull(),
}).existing();

export const grades = sqliteView('grades', {
  /** `<evaluation id>.<enrolment id>`, the API's grade id. */
  id: text('id').notNull(),
  instanceId: text('instance_id').notNull(),
  evaluationId: text('evaluation_id').notNull(),
  enrollmentId: text('enrollment_id').notNull(),
  /** Hundredths of a point. */
  score: integer('score').notNull(),
}).existing();
