CREATE TABLE `device_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text,
	`account_id` text NOT NULL,
	`token_version` integer NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL,
	`rotated_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `device_sessions_account_idx` ON `device_sessions` (`account_id`);