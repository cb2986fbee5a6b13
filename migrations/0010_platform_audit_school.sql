ALTER TABLE `platform_audit_log` ADD `school_id` text REFERENCES instances(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `platform_audit_log_school_idx` ON `platform_audit_log` (`school_id`,`created_at`);--> statement-breakpoint
-- The platform's rows written before about a school name it only by its name (their target):
-- they get its id when exactly one school has that name now (issue 23). Renamed or ambiguous
-- schools keep no school; UPDATE_SCHOOL names the new name, which is the one that matches.
UPDATE `platform_audit_log` SET `school_id` = (
  SELECT `id` FROM `instances` WHERE `instances`.`name` = `platform_audit_log`.`target_name`
)
WHERE `school_id` IS NULL
  AND `action_type` IN ('CREATE_SCHOOL', 'UPDATE_SCHOOL', 'SET_SCHOOL_EXPIRY', 'EXTEND_SCHOOL', 'SUSPEND_SCHOOL', 'REACTIVATE_SCHOOL')
  AND (SELECT count(*) FROM `instances` WHERE `instances`.`name` = `platform_audit_log`.`target_name`) = 1;
