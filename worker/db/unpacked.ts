// The marks and grades one per row, as they were stored before migration 0007 (decision 220):
// now the views `attendance_records` and `grades` over the packed storage (roll_calls,
// evaluations.scores, class_rosters). Reading them is plain SQL (support, exports, tests); an
// INSERT into them goes through their INSTEAD OF triggers, which seat the pupil and write the
// mark or the score at their seat: the demo seed and test fixtures write old-shape rows so.
// The app reads and writes the packed rows itself (db/attendance-records.ts, db/grades.ts).
// Declared as tables for drizzle's typed inserts, outside schema.ts: drizzle-kit must not see
// them (they are views: migrations never create or change them as tables).
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const attendanceRecords = sqliteTable('attendance_records', {
  /** `<lesson id>.<date>.<enrolment id>` (made by the view; ignored on insert). */
  id: text('id'),
  instanceId: text('instance_id').notNull(),
  timetableEntryId: text('timetable_entry_id').notNull(),
  enrollmentId: text('enrollment_id').notNull(),
  date: text('date').notNull(),
  status: text('status', { enum: ['present', 'absent', 'late', 'justified'] }).notNull(),
});

export const grades = sqliteTable('grades', {
  /** `<evaluation id>.<enrolment id>`, the API's grade id (made by the view; ignored on insert). */
  id: text('id'),
  instanceId: text('instance_id').notNull(),
  evaluationId: text('evaluation_id').notNull(),
  enrollmentId: text('enrollment_id').notNull(),
  /** Hundredths of a point. */
  score: integer('score').notNull(),
});
