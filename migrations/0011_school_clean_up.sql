-- The daily clean-up of what D1's cascades cannot reach (issue 23; decision 213).
-- Schools deleted whose SchoolHub Durable Object storage is still to be emptied: filled by the
-- trigger below whatever deletes the school, emptied by the clean-up (worker/housekeeping.ts).
CREATE TABLE `deleted_schools` (
	`id` text PRIMARY KEY NOT NULL,
	`deleted_at` text NOT NULL
);
--> statement-breakpoint
-- Where the clean-up's bounded walks stopped (the R2 sweep's last key).
CREATE TABLE `housekeeping_marks` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `instances_deleted` AFTER DELETE ON `instances`
BEGIN
	INSERT OR IGNORE INTO `deleted_schools` (`id`, `deleted_at`) VALUES (OLD.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
