-- A pupil's changes of class during a year (issue 38, decision 302): the class left and the school
-- day the new one was joined. The roll calls, the daily sheets and the reports of a class read the
-- pupils who were in it on each day; the report cards and the promotion count a pupil's grades of
-- the whole year, in every class they were in.
CREATE TABLE `class_changes` (
	`instance_id` text NOT NULL,
	`enrollment_id` text NOT NULL,
	`changed_on` text NOT NULL,
	`from_class_id` text NOT NULL,
	PRIMARY KEY(`instance_id`, `enrollment_id`, `changed_on`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`enrollment_id`) REFERENCES `enrollments`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`from_class_id`) REFERENCES `classes`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `class_changes_from_idx` ON `class_changes` (`instance_id`,`from_class_id`);
