ALTER TABLE `instances` ADD `aliases` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `audit_log_all_created_idx` ON `audit_log` (`created_at`);