-- Families' alerts by Web Push (issue 43, decision 361): the guardians' subscriptions and the log
-- of their alerts (held during quiet hours), in the directory.
CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`guardian_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`guardian_id`) REFERENCES `guardians`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_uq` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_guardian_idx` ON `push_subscriptions` (`guardian_id`);--> statement-breakpoint
-- The alerts' queue: the rowid is the order alerts were made in (the oldest go first at the purge,
-- decision 361); one row per guardian and dedupe; the due ones found by a partial index (only
-- the unsent are in it).
CREATE TABLE `guardian_alerts` (
	`id` integer PRIMARY KEY NOT NULL,
	`guardian_id` text NOT NULL,
	`school_id` text NOT NULL,
	`kind` text NOT NULL,
	`dedupe` text NOT NULL,
	`payload` text NOT NULL,
	`send_after` text NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`guardian_id`) REFERENCES `guardians`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guardian_alerts_dedupe_uq` ON `guardian_alerts` (`guardian_id`,`dedupe`);--> statement-breakpoint
CREATE INDEX `guardian_alerts_due_idx` ON `guardian_alerts` (`send_after`) WHERE `sent_at` IS NULL;
