-- Issue 9 (hardening): folded student names for search and sorting, revisions. (The write
-- guards table of worker/lib/write.ts, decision 041, is created by migration 0002.)

-- The student search rule (worker/domain/text.ts searchKey): names folded once, on write, so
-- that the list, the report and their sorting use plain instr() and indexes, with no LIKE limit.
ALTER TABLE `students` ADD `nom_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `students` ADD `prenom_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Students edited by the form carry a revision: a save names the revision it was read at.
ALTER TABLE `students` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `roles` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing names are folded here for the accents of French and Kreyòl; every later write folds
-- them in the Worker with the full rule.
UPDATE `students` SET
	`nom_key` = trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`nom`), 'à', 'a'), 'á', 'a'), 'â', 'a'), 'ã', 'a'), 'ä', 'a'), 'å', 'a'), 'ç', 'c'), 'è', 'e'), 'é', 'e'), 'ê', 'e'), 'ë', 'e'), 'ì', 'i'), 'í', 'i'), 'î', 'i'), 'ï', 'i'), 'ñ', 'n'), 'ò', 'o'), 'ó', 'o'), 'ô', 'o'), 'õ', 'o'), 'ö', 'o'), 'ù', 'u'), 'ú', 'u'), 'û', 'u'), 'ü', 'u'), 'ý', 'y'), 'ÿ', 'y'), 'À', 'a'), 'Á', 'a'), 'Â', 'a'), 'Ã', 'a'), 'Ä', 'a'), 'Å', 'a'), 'Ç', 'c'), 'È', 'e'), 'É', 'e'), 'Ê', 'e'), 'Ë', 'e'), 'Ì', 'i'), 'Í', 'i'), 'Î', 'i'), 'Ï', 'i'), 'Ñ', 'n'), 'Ò', 'o'), 'Ó', 'o'), 'Ô', 'o'), 'Õ', 'o'), 'Ö', 'o'), 'Ù', 'u'), 'Ú', 'u'), 'Û', 'u'), 'Ü', 'u'), 'Ý', 'y'), 'Ÿ', 'y'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss'), 'ø', 'o'), 'Ø', 'o'), '-', ' '), '''', ' '), '’', ' '), '  ', ' '), '  ', ' ')),
	`prenom_key` = trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`prenom`), 'à', 'a'), 'á', 'a'), 'â', 'a'), 'ã', 'a'), 'ä', 'a'), 'å', 'a'), 'ç', 'c'), 'è', 'e'), 'é', 'e'), 'ê', 'e'), 'ë', 'e'), 'ì', 'i'), 'í', 'i'), 'î', 'i'), 'ï', 'i'), 'ñ', 'n'), 'ò', 'o'), 'ó', 'o'), 'ô', 'o'), 'õ', 'o'), 'ö', 'o'), 'ù', 'u'), 'ú', 'u'), 'û', 'u'), 'ü', 'u'), 'ý', 'y'), 'ÿ', 'y'), 'À', 'a'), 'Á', 'a'), 'Â', 'a'), 'Ã', 'a'), 'Ä', 'a'), 'Å', 'a'), 'Ç', 'c'), 'È', 'e'), 'É', 'e'), 'Ê', 'e'), 'Ë', 'e'), 'Ì', 'i'), 'Í', 'i'), 'Î', 'i'), 'Ï', 'i'), 'Ñ', 'n'), 'Ò', 'o'), 'Ó', 'o'), 'Ô', 'o'), 'Õ', 'o'), 'Ö', 'o'), 'Ù', 'u'), 'Ú', 'u'), 'Û', 'u'), 'Ü', 'u'), 'Ý', 'y'), 'Ÿ', 'y'), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss'), 'ø', 'o'), 'Ø', 'o'), '-', ' '), '''', ' '), '’', ' '), '  ', ' '), '  ', ' '));
--> statement-breakpoint
DROP INDEX `students_by_nom_idx`;--> statement-breakpoint
DROP INDEX `students_by_prenom_idx`;--> statement-breakpoint
CREATE INDEX `students_by_nom_idx` ON `students` (`instance_id`,`status`,`nom_key`,`prenom_key`);--> statement-breakpoint
CREATE INDEX `students_by_prenom_idx` ON `students` (`instance_id`,`status`,`prenom_key`,`nom_key`);
