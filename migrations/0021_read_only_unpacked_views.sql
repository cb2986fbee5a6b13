-- Issue 41 (decision 350): the views `attendance_records` and `grades` are read-only. Their
-- INSTEAD OF INSERT triggers wrote marks and scores a second way (seating one pupil at a time,
-- into the lesson's class whatever the pupil's own); marks and scores are now written only by
-- the app's code (worker/db/seats.ts and its two users), fixtures and the demo seed included.
DROP TRIGGER IF EXISTS `attendance_records_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `grades_insert`;
