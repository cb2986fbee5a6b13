CREATE TABLE `academic_periods` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`year_id` text NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`year_id`) REFERENCES `school_years`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `academic_periods_instance_id_uq` ON `academic_periods` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `academic_periods_name_uq` ON `academic_periods` (`instance_id`,`year_id`,"name" COLLATE NOCASE);--> statement-breakpoint
CREATE TABLE `adjustments` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`enrollment_id` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`amount` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`enrollment_id`) REFERENCES `enrollments`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `adjustments_instance_id_uq` ON `adjustments` (`instance_id`,`id`);--> statement-breakpoint
CREATE INDEX `adjustments_enrollment_idx` ON `adjustments` (`instance_id`,`enrollment_id`);--> statement-breakpoint
CREATE TABLE `appreciations` (
	`instance_id` text NOT NULL,
	`enrollment_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`period_id` text NOT NULL,
	`text` text NOT NULL,
	PRIMARY KEY(`instance_id`, `enrollment_id`, `subject_id`, `period_id`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`enrollment_id`) REFERENCES `enrollments`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`subject_id`) REFERENCES `subjects`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`period_id`) REFERENCES `academic_periods`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `appreciations_period_idx` ON `appreciations` (`instance_id`,`period_id`);--> statement-breakpoint
CREATE TABLE `assignments` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`year_id` text NOT NULL,
	`teacher_id` text NOT NULL,
	`class_id` text NOT NULL,
	`subject_id` text NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`year_id`) REFERENCES `school_years`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`teacher_id`) REFERENCES `teachers`(`instance_id`,`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`instance_id`,`class_id`) REFERENCES `classes`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`subject_id`) REFERENCES `subjects`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `assignments_instance_id_uq` ON `assignments` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `assignments_course_uq` ON `assignments` (`instance_id`,`year_id`,`class_id`,`subject_id`);--> statement-breakpoint
CREATE INDEX `assignments_teacher_idx` ON `assignments` (`instance_id`,`year_id`,`teacher_id`);--> statement-breakpoint
CREATE TABLE `attendance_overrides` (
	`instance_id` text NOT NULL,
	`enrollment_id` text NOT NULL,
	`date` text NOT NULL,
	`status` text NOT NULL,
	PRIMARY KEY(`instance_id`, `enrollment_id`, `date`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`enrollment_id`) REFERENCES `enrollments`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `attendance_records` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`timetable_entry_id` text NOT NULL,
	`enrollment_id` text NOT NULL,
	`date` text NOT NULL,
	`status` text NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`timetable_entry_id`) REFERENCES `timetable_entries`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`enrollment_id`) REFERENCES `enrollments`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attendance_records_instance_id_uq` ON `attendance_records` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `attendance_records_cell_uq` ON `attendance_records` (`instance_id`,`timetable_entry_id`,`enrollment_id`,`date`);--> statement-breakpoint
CREATE INDEX `attendance_records_enrollment_idx` ON `attendance_records` (`instance_id`,`enrollment_id`,`date`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`user_id` text,
	`username` text NOT NULL,
	`action_type` text NOT NULL,
	`target_name` text,
	`details` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audit_log_instance_id_uq` ON `audit_log` (`instance_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`instance_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_user_idx` ON `audit_log` (`instance_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `class_fees` (
	`instance_id` text NOT NULL,
	`year_id` text NOT NULL,
	`class_id` text NOT NULL,
	`mppa` integer,
	PRIMARY KEY(`instance_id`, `year_id`, `class_id`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`year_id`) REFERENCES `school_years`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`class_id`) REFERENCES `classes`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "class_fees_mppa_ck" CHECK("class_fees"."mppa" IS NULL OR "class_fees"."mppa" >= 0)
);
--> statement-breakpoint
CREATE TABLE `classes` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`name` text NOT NULL,
	`order_index` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `classes_instance_id_uq` ON `classes` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `classes_name_uq` ON `classes` (`instance_id`,"name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `classes_order_idx` ON `classes` (`instance_id`,`order_index`);--> statement-breakpoint
CREATE TABLE `curriculum` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`year_id` text NOT NULL,
	`class_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`max_grade` integer DEFAULT 10000 NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`year_id`) REFERENCES `school_years`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`class_id`) REFERENCES `classes`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`subject_id`) REFERENCES `subjects`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "curriculum_max_grade_ck" CHECK("curriculum"."max_grade" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `curriculum_instance_id_uq` ON `curriculum` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `curriculum_cell_uq` ON `curriculum` (`instance_id`,`year_id`,`class_id`,`subject_id`);--> statement-breakpoint
CREATE TABLE `enrollments` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`student_id` text NOT NULL,
	`year_id` text NOT NULL,
	`class_id` text NOT NULL,
	`mppa` integer DEFAULT 0 NOT NULL,
	`grades_access_enabled` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`student_id`) REFERENCES `students`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`year_id`) REFERENCES `school_years`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`class_id`) REFERENCES `classes`(`instance_id`,`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "enrollments_mppa_ck" CHECK("enrollments"."mppa" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_instance_id_uq` ON `enrollments` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_student_year_uq` ON `enrollments` (`instance_id`,`student_id`,`year_id`);--> statement-breakpoint
CREATE INDEX `enrollments_class_idx` ON `enrollments` (`instance_id`,`year_id`,`class_id`);--> statement-breakpoint
CREATE TABLE `evaluations` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`class_id` text NOT NULL,
	`subject_id` text NOT NULL,
	`period_id` text NOT NULL,
	`name` text NOT NULL,
	`max_score` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`class_id`) REFERENCES `classes`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`subject_id`) REFERENCES `subjects`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`period_id`) REFERENCES `academic_periods`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "evaluations_max_ck" CHECK("evaluations"."max_score" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `evaluations_instance_id_uq` ON `evaluations` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `evaluations_name_uq` ON `evaluations` (`instance_id`,`class_id`,`subject_id`,`period_id`,"name" COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `evaluations_period_idx` ON `evaluations` (`instance_id`,`period_id`,`class_id`);--> statement-breakpoint
CREATE TABLE `general_appreciations` (
	`instance_id` text NOT NULL,
	`enrollment_id` text NOT NULL,
	`period_id` text NOT NULL,
	`text` text NOT NULL,
	PRIMARY KEY(`instance_id`, `enrollment_id`, `period_id`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`enrollment_id`) REFERENCES `enrollments`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`period_id`) REFERENCES `academic_periods`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `general_appreciations_period_idx` ON `general_appreciations` (`instance_id`,`period_id`);--> statement-breakpoint
CREATE TABLE `grades` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`evaluation_id` text NOT NULL,
	`enrollment_id` text NOT NULL,
	`score` integer NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`evaluation_id`) REFERENCES `evaluations`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`enrollment_id`) REFERENCES `enrollments`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "grades_score_ck" CHECK("grades"."score" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `grades_instance_id_uq` ON `grades` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `grades_cell_uq` ON `grades` (`instance_id`,`evaluation_id`,`enrollment_id`);--> statement-breakpoint
CREATE INDEX `grades_enrollment_idx` ON `grades` (`instance_id`,`enrollment_id`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`account_id` text NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`status_code` integer NOT NULL,
	`response_body` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`account_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `instances` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`address` text,
	`phone` text,
	`passing_grade` integer DEFAULT 50 NOT NULL,
	`currency` text DEFAULT 'Gdes' NOT NULL,
	`logo_key` text,
	`hostname` text,
	`is_default` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`expires_at` text,
	`receipt_seq` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "instances_passing_grade_ck" CHECK("instances"."passing_grade" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `instances_hostname_uq` ON `instances` (`hostname`);--> statement-breakpoint
CREATE UNIQUE INDEX `instances_default_uq` ON `instances` (`is_default`) WHERE "instances"."is_default" = 1;--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`enrollment_id` text NOT NULL,
	`date` text,
	`label` text DEFAULT '' NOT NULL,
	`amount` integer NOT NULL,
	`receipt_no` integer,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`enrollment_id`) REFERENCES `enrollments`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payments_amount_ck" CHECK("payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_instance_id_uq` ON `payments` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_receipt_uq` ON `payments` (`instance_id`,`receipt_no`) WHERE "payments"."receipt_no" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `payments_enrollment_idx` ON `payments` (`instance_id`,`enrollment_id`);--> statement-breakpoint
CREATE TABLE `permissions` (
	`id` integer PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `permissions_key_unique` ON `permissions` (`key`);--> statement-breakpoint
CREATE TABLE `platform_announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `platform_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`username` text NOT NULL,
	`action_type` text NOT NULL,
	`target_name` text,
	`details` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `platform_audit_log_created_idx` ON `platform_audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `platform_users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`account_type` text NOT NULL,
	`status` text NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`temp_password_expires_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platform_users_username_uq` ON `platform_users` ("username" COLLATE NOCASE);--> statement-breakpoint
CREATE TABLE `resources` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`assignment_id` text NOT NULL,
	`resource_type` text NOT NULL,
	`title` text NOT NULL,
	`url` text,
	`file_key` text,
	`file_name` text,
	`mime_type` text,
	`size` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`assignment_id`) REFERENCES `assignments`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `resources_instance_id_uq` ON `resources` (`instance_id`,`id`);--> statement-breakpoint
CREATE INDEX `resources_assignment_idx` ON `resources` (`instance_id`,`assignment_id`);--> statement-breakpoint
CREATE TABLE `role_permissions` (
	`instance_id` text NOT NULL,
	`role_id` text NOT NULL,
	`permission_id` integer NOT NULL,
	PRIMARY KEY(`instance_id`, `role_id`, `permission_id`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`permission_id`) REFERENCES `permissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`role_id`) REFERENCES `roles`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `roles` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`name` text NOT NULL,
	`is_system` integer DEFAULT false NOT NULL,
	`template_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roles_instance_id_uq` ON `roles` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `roles_name_uq` ON `roles` (`instance_id`,"name" COLLATE NOCASE);--> statement-breakpoint
CREATE TABLE `school_years` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`name` text NOT NULL,
	`is_current` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "school_years_name_ck" CHECK("school_years"."name" GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `school_years_instance_id_uq` ON `school_years` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `school_years_name_uq` ON `school_years` (`instance_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `school_years_current_uq` ON `school_years` (`instance_id`) WHERE "school_years"."is_current" = 1;--> statement-breakpoint
CREATE TABLE `student_announcement_classes` (
	`instance_id` text NOT NULL,
	`announcement_id` text NOT NULL,
	`class_id` text NOT NULL,
	PRIMARY KEY(`instance_id`, `announcement_id`, `class_id`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`announcement_id`) REFERENCES `student_announcements`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`class_id`) REFERENCES `classes`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `student_announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`content` text NOT NULL,
	`author_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `student_announcements_instance_id_uq` ON `student_announcements` (`instance_id`,`id`);--> statement-breakpoint
CREATE INDEX `student_announcements_created_idx` ON `student_announcements` (`instance_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `students` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`nisu` text,
	`nom` text NOT NULL,
	`prenom` text NOT NULL,
	`sexe` text,
	`date_of_birth` text,
	`address` text,
	`photo_key` text,
	`tutor_name` text,
	`tutor_phone` text,
	`tutor_email` text,
	`medical_notes` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `students_instance_id_uq` ON `students` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `students_nisu_uq` ON `students` (`instance_id`,`nisu`) WHERE "students"."nisu" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `students_by_nom_idx` ON `students` (`instance_id`,`status`,`nom`,`prenom`);--> statement-breakpoint
CREATE INDEX `students_by_prenom_idx` ON `students` (`instance_id`,`status`,`prenom`,`nom`);--> statement-breakpoint
CREATE TABLE `subjects` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subjects_instance_id_uq` ON `subjects` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subjects_name_uq` ON `subjects` (`instance_id`,"name" COLLATE NOCASE);--> statement-breakpoint
CREATE TABLE `teacher_announcement_recipients` (
	`instance_id` text NOT NULL,
	`announcement_id` text NOT NULL,
	`teacher_id` text NOT NULL,
	PRIMARY KEY(`instance_id`, `announcement_id`, `teacher_id`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`announcement_id`) REFERENCES `teacher_announcements`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`teacher_id`) REFERENCES `teachers`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `teacher_announcement_recipients_teacher_idx` ON `teacher_announcement_recipients` (`instance_id`,`teacher_id`);--> statement-breakpoint
CREATE TABLE `teacher_announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`content` text NOT NULL,
	`author_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teacher_announcements_instance_id_uq` ON `teacher_announcements` (`instance_id`,`id`);--> statement-breakpoint
CREATE INDEX `teacher_announcements_created_idx` ON `teacher_announcements` (`instance_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `teachers` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`user_id` text,
	`prenom` text NOT NULL,
	`nom` text NOT NULL,
	`phone` text,
	`email` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`user_id`) REFERENCES `users`(`instance_id`,`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teachers_instance_id_uq` ON `teachers` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `teachers_user_uq` ON `teachers` (`instance_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `teachers_name_idx` ON `teachers` (`instance_id`,`nom`,`prenom`);--> statement-breakpoint
CREATE TABLE `timetable_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`assignment_id` text NOT NULL,
	`day_of_week` integer NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`location_name` text,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`assignment_id`) REFERENCES `assignments`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "timetable_day_ck" CHECK("timetable_entries"."day_of_week" BETWEEN 1 AND 6),
	CONSTRAINT "timetable_time_ck" CHECK("timetable_entries"."start_time" < "timetable_entries"."end_time")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `timetable_entries_instance_id_uq` ON `timetable_entries` (`instance_id`,`id`);--> statement-breakpoint
CREATE INDEX `timetable_entries_assignment_idx` ON `timetable_entries` (`instance_id`,`assignment_id`,`day_of_week`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`instance_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role_id` text NOT NULL,
	PRIMARY KEY(`instance_id`, `user_id`, `role_id`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`user_id`) REFERENCES `users`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`role_id`) REFERENCES `roles`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_roles_role_idx` ON `user_roles` (`instance_id`,`role_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`username` text NOT NULL,
	`password_hash` text NOT NULL,
	`account_type` text NOT NULL,
	`status` text NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`temp_password_expires_at` text,
	`student_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`student_id`) REFERENCES `students`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_instance_id_uq` ON `users` (`instance_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_uq` ON `users` (`instance_id`,"username" COLLATE NOCASE);--> statement-breakpoint
CREATE UNIQUE INDEX `users_student_uq` ON `users` (`instance_id`,`student_id`);