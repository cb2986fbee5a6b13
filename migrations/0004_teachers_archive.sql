-- Issue 13: a teacher who taught in past years is archived, not deleted: assignments keep their
-- teacher (foreign key restrict), and with them the timetable, roll calls and resources of those
-- years. Lists leave archived teachers out.
ALTER TABLE `teachers` ADD `archived_at` text;
