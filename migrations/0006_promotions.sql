CREATE TABLE `promotion_run_items` (
	`instance_id` text NOT NULL,
	`run_id` text NOT NULL,
	`kind` text NOT NULL,
	`ref_id` text NOT NULL,
	`previous` text,
	PRIMARY KEY(`instance_id`, `run_id`, `kind`, `ref_id`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`run_id`) REFERENCES `promotion_runs`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `promotion_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`source_year_id` text NOT NULL,
	`target_year_id` text NOT NULL,
	`seq` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`undone_at` text,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`source_year_id`) REFERENCES `school_years`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`target_year_id`) REFERENCES `school_years`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promotion_runs_instance_id_uq` ON `promotion_runs` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `promotion_runs_seq_uq` ON `promotion_runs` (`instance_id`,`seq`);