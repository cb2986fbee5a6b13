-- Scale II (issue 25): schools spread over several D1 databases (decision 171, "Design as built").
-- Every database gets this migration: the directory and each school database share one schema and
-- hold only their role's rows.

-- The platform accounts' usernames, copied into each school database: a school account of one of
-- these names is refused in the batch that creates it (decision 250). Filled here for a
-- deployment that still holds everything in one database.
CREATE TABLE `reserved_usernames` (
	`username` text PRIMARY KEY NOT NULL COLLATE NOCASE,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
INSERT INTO `reserved_usernames` (`username`) SELECT `username` FROM `platform_users`;--> statement-breakpoint
CREATE TRIGGER `users_reserved_username` BEFORE INSERT ON `users`
WHEN EXISTS (SELECT 1 FROM `reserved_usernames` WHERE `username` = NEW.`username`)
BEGIN
	SELECT RAISE(ABORT, 'username_reserved');
END;--> statement-breakpoint

-- In the directory: the school database of the school (its binding). NULL: the school's rows are
-- in this very database (every school row of a school database; a school of a deployment not
-- split yet, served from the directory until it is moved).
ALTER TABLE `instances` ADD `shard` text;--> statement-breakpoint
-- open | moving (a move copies it: its users and writes refused) | incoming (the copy being made)
-- | moved (the rows left behind until deleted).
ALTER TABLE `instances` ADD `state` text DEFAULT 'open' NOT NULL;--> statement-breakpoint

-- The console's counts, stored and kept by triggers in the batch of every write that changes them.
ALTER TABLE `instances` ADD `users_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `instances` ADD `students_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `instances` SET
	`users_count` = (SELECT count(*) FROM `users` WHERE `users`.`instance_id` = `instances`.`id` AND `users`.`account_type` <> 'student'),
	`students_count` = (SELECT count(*) FROM `students` WHERE `students`.`instance_id` = `instances`.`id` AND `students`.`status` = 'active');--> statement-breakpoint
CREATE TRIGGER `users_count_insert` AFTER INSERT ON `users` WHEN NEW.`account_type` <> 'student'
BEGIN
	UPDATE `instances` SET `users_count` = `users_count` + 1 WHERE `id` = NEW.`instance_id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_count_delete` AFTER DELETE ON `users` WHEN OLD.`account_type` <> 'student'
BEGIN
	UPDATE `instances` SET `users_count` = `users_count` - 1 WHERE `id` = OLD.`instance_id`;
END;--> statement-breakpoint
CREATE TRIGGER `users_count_update` AFTER UPDATE OF `account_type` ON `users`
WHEN (OLD.`account_type` <> 'student') <> (NEW.`account_type` <> 'student')
BEGIN
	UPDATE `instances` SET `users_count` = `users_count` + CASE WHEN NEW.`account_type` <> 'student' THEN 1 ELSE -1 END
	WHERE `id` = NEW.`instance_id`;
END;--> statement-breakpoint
CREATE TRIGGER `students_count_insert` AFTER INSERT ON `students` WHEN NEW.`status` = 'active'
BEGIN
	UPDATE `instances` SET `students_count` = `students_count` + 1 WHERE `id` = NEW.`instance_id`;
END;--> statement-breakpoint
CREATE TRIGGER `students_count_delete` AFTER DELETE ON `students` WHEN OLD.`status` = 'active'
BEGIN
	UPDATE `instances` SET `students_count` = `students_count` - 1 WHERE `id` = OLD.`instance_id`;
END;--> statement-breakpoint
CREATE TRIGGER `students_count_update` AFTER UPDATE OF `status` ON `students`
WHEN (OLD.`status` = 'active') <> (NEW.`status` = 'active')
BEGIN
	UPDATE `instances` SET `students_count` = `students_count` + CASE WHEN NEW.`status` = 'active' THEN 1 ELSE -1 END
	WHERE `id` = NEW.`instance_id`;
END;
