-- Families (issue 43, decision 360): a guardian is a directory account (`platform_users` of type
-- 'guardian', its username the +509 phone) with its profile in `guardians`; `guardian_schools`
-- (directory) says which schools hold its links; each link to a child is a row of the child's
-- school database (`guardian_links`). A new permission, guardian:manage, lets staff make them.
CREATE TABLE `guardians` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`language` text DEFAULT 'fr' NOT NULL,
	`alerts` text DEFAULT '["absence","payment","instalment","report_card","announcement"]' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `platform_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `guardian_schools` (
	`guardian_id` text NOT NULL,
	`instance_id` text NOT NULL,
	PRIMARY KEY(`guardian_id`, `instance_id`),
	FOREIGN KEY (`guardian_id`) REFERENCES `guardians`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guardian_schools_instance_idx` ON `guardian_schools` (`instance_id`);--> statement-breakpoint
CREATE TABLE `guardian_links` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`student_id` text NOT NULL,
	`guardian_id` text NOT NULL,
	`phone` text NOT NULL,
	`name` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`student_id`) REFERENCES `students`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guardian_links_instance_id_uq` ON `guardian_links` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `guardian_links_child_uq` ON `guardian_links` (`instance_id`,`student_id`,`guardian_id`);--> statement-breakpoint
CREATE INDEX `guardian_links_guardian_idx` ON `guardian_links` (`guardian_id`);--> statement-breakpoint
INSERT INTO permissions (id, key, category, description) VALUES
  (22, 'guardian:manage', 'Familles', 'Gérer les comptes des parents et leurs liens avec les élèves');
