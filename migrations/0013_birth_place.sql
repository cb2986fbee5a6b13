-- Where a student was born: the Ministry (MENFP) class lists ask for it, and registers imported
-- from spreadsheets carry it (issue 30). Null when unknown.
ALTER TABLE `students` ADD `birth_place` text;
