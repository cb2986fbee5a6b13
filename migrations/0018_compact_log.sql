-- A school's log a tenth of its weight (issue 40, decision 331): the row's id is its time and a
-- tail (13 digits of milliseconds since 1970, then 6 digits: a 19-digit number), the table
-- WITHOUT ROWID in the order of (school, id) (a school's rows one range, in time order) with no
-- index instead of four, `created_at` computed from the id and stored nowhere, the author by name
-- only (no account id: a username names one account of the school).
CREATE TABLE `audit_log_compact` (
	`id` text NOT NULL,
	`instance_id` text NOT NULL,
	`username` text NOT NULL,
	`action_type` text NOT NULL,
	`target_name` text,
	`details` text,
	`created_at` text GENERATED ALWAYS AS (strftime('%Y-%m-%dT%H:%M:%fZ', substr(id, 1, 13) / 1000.0, 'unixepoch')) VIRTUAL,
	PRIMARY KEY (`instance_id`, `id`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `audit_log_compact` (`id`, `instance_id`, `username`, `action_type`, `target_name`, `details`)
SELECT printf('%013d', CAST(round((julianday(`created_at`) - 2440587.5) * 86400000.0) AS INTEGER))
         || printf('%06d', row_number() OVER (PARTITION BY `created_at` ORDER BY `rowid`) - 1),
       `instance_id`, `username`, `action_type`, `target_name`, `details`
FROM `audit_log`;
--> statement-breakpoint
DROP TABLE `audit_log`;
--> statement-breakpoint
ALTER TABLE `audit_log_compact` RENAME TO `audit_log`;
