-- Issue 24 (decision 220): roll-call marks and grades stored packed. A mark cost 573 bytes (a
-- row and four indexes: four text ids, the school's id four times, the date and the status as
-- text), a grade 479. Now a class's roster of the year gives each pupil a seat; a roll call is
-- one row per lesson and date holding the class's marks one character per seat; an
-- evaluation's row holds its scores, a JSON array by seat. Both tables are WITHOUT ROWID (no
-- second copy of the key) with no index besides their key. The old tables become views of the
-- same name and shape, writable through INSTEAD OF triggers (worker/db/unpacked.ts).
CREATE TABLE `class_rosters` (
	`instance_id` text NOT NULL,
	`year_id` text NOT NULL,
	`class_id` text NOT NULL,
	`enrollment_ids` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY(`instance_id`, `year_id`, `class_id`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`year_id`) REFERENCES `school_years`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`class_id`) REFERENCES `classes`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `roll_calls` (
	`instance_id` text NOT NULL,
	`timetable_entry_id` text NOT NULL,
	`date` text NOT NULL,
	`marks` text NOT NULL,
	PRIMARY KEY(`instance_id`, `timetable_entry_id`, `date`),
	FOREIGN KEY (`instance_id`) REFERENCES `instances`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`instance_id`,`timetable_entry_id`) REFERENCES `timetable_entries`(`instance_id`,`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `evaluations` ADD `scores` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- The rows in place. Seats: every enrolment marked in a lesson of the class or graded in one of
-- its evaluations that year, by enrolment id.
INSERT INTO `class_rosters` (`instance_id`, `year_id`, `class_id`, `enrollment_ids`)
SELECT `instance_id`, `year_id`, `class_id`, json_group_array(`enrollment_id` ORDER BY `enrollment_id`)
FROM (
	SELECT ar.instance_id, a.year_id, a.class_id, ar.enrollment_id FROM `attendance_records` ar
	JOIN `timetable_entries` t ON t.instance_id = ar.instance_id AND t.id = ar.timetable_entry_id
	JOIN `assignments` a ON a.instance_id = t.instance_id AND a.id = t.assignment_id
	UNION
	SELECT g.instance_id, p.year_id, ev.class_id, g.enrollment_id FROM `grades` g
	JOIN `evaluations` ev ON ev.instance_id = g.instance_id AND ev.id = g.evaluation_id
	JOIN `academic_periods` p ON p.instance_id = ev.instance_id AND p.id = ev.period_id
)
GROUP BY `instance_id`, `year_id`, `class_id`;--> statement-breakpoint
-- A roll call per lesson and date: each seat's mark (p, a, l, j) or '-'.
INSERT INTO `roll_calls` (`instance_id`, `timetable_entry_id`, `date`, `marks`)
SELECT k.instance_id, k.timetable_entry_id, k.date, (
	SELECT group_concat(coalesce((
		SELECT CASE ar.status WHEN 'present' THEN 'p' WHEN 'absent' THEN 'a' WHEN 'late' THEN 'l' WHEN 'justified' THEN 'j' END
		FROM `attendance_records` ar
		WHERE ar.instance_id = k.instance_id AND ar.timetable_entry_id = k.timetable_entry_id AND ar.enrollment_id = j.value AND ar.date = k.date
	), '-'), '' ORDER BY j.key)
	FROM `class_rosters` r, json_each(r.enrollment_ids) j
	WHERE r.instance_id = k.instance_id AND r.year_id = k.year_id AND r.class_id = k.class_id
)
FROM (
	SELECT DISTINCT ar.instance_id, ar.timetable_entry_id, ar.date, a.year_id, a.class_id FROM `attendance_records` ar
	JOIN `timetable_entries` t ON t.instance_id = ar.instance_id AND t.id = ar.timetable_entry_id
	JOIN `assignments` a ON a.instance_id = t.instance_id AND a.id = t.assignment_id
) k;--> statement-breakpoint
-- An evaluation's scores by seat (null where a pupil has none).
UPDATE `evaluations` SET `scores` = (
	SELECT json_group_array((
		SELECT g.score FROM `grades` g
		WHERE g.instance_id = evaluations.instance_id AND g.evaluation_id = evaluations.id AND g.enrollment_id = j.value
	) ORDER BY j.key)
	FROM `academic_periods` p
	JOIN `class_rosters` r ON r.instance_id = p.instance_id AND r.year_id = p.year_id AND r.class_id = evaluations.class_id,
	json_each(r.enrollment_ids) j
	WHERE p.instance_id = evaluations.instance_id AND p.id = evaluations.period_id
)
WHERE EXISTS (SELECT 1 FROM `grades` g WHERE g.instance_id = evaluations.instance_id AND g.evaluation_id = evaluations.id);--> statement-breakpoint
DROP TABLE `attendance_records`;--> statement-breakpoint
DROP TABLE `grades`;--> statement-breakpoint
-- The marks one per row, as before: a seat of the lesson's class with a mark, of an enrolment
-- still there.
CREATE VIEW `attendance_records` AS
SELECT rc.timetable_entry_id || '.' || rc.date || '.' || j.value AS `id`, rc.instance_id AS `instance_id`,
	rc.timetable_entry_id AS `timetable_entry_id`, j.value AS `enrollment_id`, rc.date AS `date`,
	CASE substr(rc.marks, j.key + 1, 1) WHEN 'p' THEN 'present' WHEN 'a' THEN 'absent' WHEN 'l' THEN 'late' WHEN 'j' THEN 'justified' END AS `status`
FROM `roll_calls` rc
JOIN `timetable_entries` t ON t.instance_id = rc.instance_id AND t.id = rc.timetable_entry_id
JOIN `assignments` a ON a.instance_id = t.instance_id AND a.id = t.assignment_id
JOIN `class_rosters` r ON r.instance_id = a.instance_id AND r.year_id = a.year_id AND r.class_id = a.class_id
JOIN json_each(r.enrollment_ids) j
JOIN `enrollments` e ON e.instance_id = r.instance_id AND e.id = j.value
WHERE substr(rc.marks, j.key + 1, 1) IN ('p', 'a', 'l', 'j');--> statement-breakpoint
-- The grades one per row, as before (the id is the API's: evaluation id '.' enrolment id).
CREATE VIEW `grades` AS
SELECT ev.id || '.' || j.value AS `id`, ev.instance_id AS `instance_id`, ev.id AS `evaluation_id`,
	j.value AS `enrollment_id`, json_extract(ev.scores, '$[' || j.key || ']') AS `score`
FROM `evaluations` ev
JOIN `academic_periods` p ON p.instance_id = ev.instance_id AND p.id = ev.period_id
JOIN `class_rosters` r ON r.instance_id = ev.instance_id AND r.year_id = p.year_id AND r.class_id = ev.class_id
JOIN json_each(r.enrollment_ids) j
JOIN `enrollments` e ON e.instance_id = r.instance_id AND e.id = j.value
WHERE json_extract(ev.scores, '$[' || j.key || ']') IS NOT NULL;--> statement-breakpoint
-- A mark written one per row (the demo seed, test fixtures): the pupil seated in the lesson's
-- class roster, the roll call created, the mark put at the seat.
CREATE TRIGGER `attendance_records_insert` INSTEAD OF INSERT ON `attendance_records`
BEGIN
	SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed')
	WHERE NOT EXISTS (SELECT 1 FROM `enrollments` WHERE instance_id = NEW.instance_id AND id = NEW.enrollment_id)
		OR NOT EXISTS (SELECT 1 FROM `timetable_entries` WHERE instance_id = NEW.instance_id AND id = NEW.timetable_entry_id);
	SELECT RAISE(ABORT, 'CHECK constraint failed: attendance_records.status')
	WHERE NEW.status IS NULL OR NEW.status NOT IN ('present', 'absent', 'late', 'justified');
	INSERT INTO `class_rosters` (`instance_id`, `year_id`, `class_id`, `enrollment_ids`)
	SELECT a.instance_id, a.year_id, a.class_id, '[]' FROM `timetable_entries` t
	JOIN `assignments` a ON a.instance_id = t.instance_id AND a.id = t.assignment_id
	WHERE t.instance_id = NEW.instance_id AND t.id = NEW.timetable_entry_id
	ON CONFLICT DO NOTHING;
	UPDATE `class_rosters` SET `enrollment_ids` = json_insert(`enrollment_ids`, '$[#]', NEW.enrollment_id)
	WHERE (instance_id, year_id, class_id) = (
		SELECT a.instance_id, a.year_id, a.class_id FROM `timetable_entries` t
		JOIN `assignments` a ON a.instance_id = t.instance_id AND a.id = t.assignment_id
		WHERE t.instance_id = NEW.instance_id AND t.id = NEW.timetable_entry_id)
		AND NOT EXISTS (SELECT 1 FROM json_each(`enrollment_ids`) WHERE value = NEW.enrollment_id);
	INSERT INTO `roll_calls` (`instance_id`, `timetable_entry_id`, `date`, `marks`)
	VALUES (NEW.instance_id, NEW.timetable_entry_id, NEW.date, '') ON CONFLICT DO NOTHING;
	UPDATE `roll_calls` SET `marks` = (
		SELECT substr(s.padded, 1, s.seat) || CASE NEW.status WHEN 'present' THEN 'p' WHEN 'absent' THEN 'a' WHEN 'late' THEN 'l' ELSE 'j' END || substr(s.padded, s.seat + 2)
		FROM (
			SELECT j.key AS seat, substr(roll_calls.marks || replace(hex(zeroblob(j.key + 1)), '00', '-'), 1, max(length(roll_calls.marks), j.key + 1)) AS padded
			FROM `timetable_entries` t
			JOIN `assignments` a ON a.instance_id = t.instance_id AND a.id = t.assignment_id
			JOIN `class_rosters` r ON r.instance_id = a.instance_id AND r.year_id = a.year_id AND r.class_id = a.class_id,
			json_each(r.enrollment_ids) j
			WHERE t.instance_id = NEW.instance_id AND t.id = NEW.timetable_entry_id AND j.value = NEW.enrollment_id
		) s)
	WHERE instance_id = NEW.instance_id AND timetable_entry_id = NEW.timetable_entry_id AND date = NEW.date;
END;--> statement-breakpoint
-- A grade written one per row (the demo seed, test fixtures): the pupil seated in the roster of
-- the evaluation's class and year, the score put at the seat.
CREATE TRIGGER `grades_insert` INSTEAD OF INSERT ON `grades`
BEGIN
	SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed')
	WHERE NOT EXISTS (SELECT 1 FROM `enrollments` WHERE instance_id = NEW.instance_id AND id = NEW.enrollment_id)
		OR NOT EXISTS (SELECT 1 FROM `evaluations` WHERE instance_id = NEW.instance_id AND id = NEW.evaluation_id);
	SELECT RAISE(ABORT, 'CHECK constraint failed: grades_score_ck') WHERE NEW.score IS NULL OR NEW.score < 0;
	INSERT INTO `class_rosters` (`instance_id`, `year_id`, `class_id`, `enrollment_ids`)
	SELECT ev.instance_id, p.year_id, ev.class_id, '[]' FROM `evaluations` ev
	JOIN `academic_periods` p ON p.instance_id = ev.instance_id AND p.id = ev.period_id
	WHERE ev.instance_id = NEW.instance_id AND ev.id = NEW.evaluation_id
	ON CONFLICT DO NOTHING;
	UPDATE `class_rosters` SET `enrollment_ids` = json_insert(`enrollment_ids`, '$[#]', NEW.enrollment_id)
	WHERE (instance_id, year_id, class_id) = (
		SELECT ev.instance_id, p.year_id, ev.class_id FROM `evaluations` ev
		JOIN `academic_periods` p ON p.instance_id = ev.instance_id AND p.id = ev.period_id
		WHERE ev.instance_id = NEW.instance_id AND ev.id = NEW.evaluation_id)
		AND NOT EXISTS (SELECT 1 FROM json_each(`enrollment_ids`) WHERE value = NEW.enrollment_id);
	UPDATE `evaluations` SET `scores` = (
		SELECT json_set(CASE WHEN json_array_length(evaluations.scores) > j.key THEN evaluations.scores
			ELSE json('[' || substr(evaluations.scores, 2, length(evaluations.scores) - 2)
				|| CASE WHEN json_array_length(evaluations.scores) > 0 THEN ',' ELSE '' END
				|| substr(replace(hex(zeroblob(j.key + 1 - json_array_length(evaluations.scores))), '00', ',null'), 2) || ']') END,
			'$[' || j.key || ']', CAST(NEW.score AS INTEGER))
		FROM `academic_periods` p
		JOIN `class_rosters` r ON r.instance_id = p.instance_id AND r.year_id = p.year_id AND r.class_id = evaluations.class_id,
		json_each(r.enrollment_ids) j
		WHERE p.instance_id = evaluations.instance_id AND p.id = evaluations.period_id AND j.value = NEW.enrollment_id)
	WHERE instance_id = NEW.instance_id AND id = NEW.evaluation_id;
END;
--> statement-breakpoint
-- An enrolment deleted (a student deleted, a promotion undone): its marks and scores erased from
-- the packed rows of its year, a roll call left without a mark removed, its seat emptied (null,
-- never given again). Not when its school or its year goes: their rows go whole.
CREATE TRIGGER `enrollments_unseat` AFTER DELETE ON `enrollments`
WHEN EXISTS (SELECT 1 FROM `instances` WHERE id = OLD.instance_id)
	AND EXISTS (SELECT 1 FROM `school_years` WHERE instance_id = OLD.instance_id AND id = OLD.year_id)
BEGIN
	UPDATE `roll_calls` SET `marks` = substr(roll_calls.marks, 1, s.seat) || '-' || substr(roll_calls.marks, s.seat + 2)
	FROM (
		SELECT t.id AS entry, j.key AS seat FROM `class_rosters` r, json_each(r.enrollment_ids) j
		JOIN `assignments` a ON a.instance_id = r.instance_id AND a.year_id = r.year_id AND a.class_id = r.class_id
		JOIN `timetable_entries` t ON t.instance_id = a.instance_id AND t.assignment_id = a.id
		WHERE r.instance_id = OLD.instance_id AND r.year_id = OLD.year_id AND j.value = OLD.id
	) AS s
	WHERE roll_calls.instance_id = OLD.instance_id AND roll_calls.timetable_entry_id = s.entry AND length(roll_calls.marks) > s.seat;
	DELETE FROM `roll_calls` WHERE instance_id = OLD.instance_id AND marks NOT GLOB '*[palj]*' AND timetable_entry_id IN (
		SELECT t.id FROM `class_rosters` r, json_each(r.enrollment_ids) j
		JOIN `assignments` a ON a.instance_id = r.instance_id AND a.year_id = r.year_id AND a.class_id = r.class_id
		JOIN `timetable_entries` t ON t.instance_id = a.instance_id AND t.assignment_id = a.id
		WHERE r.instance_id = OLD.instance_id AND r.year_id = OLD.year_id AND j.value = OLD.id);
	UPDATE `evaluations` SET `scores` = json_replace(evaluations.scores, '$[' || s.seat || ']', NULL)
	FROM (
		SELECT r.class_id AS class_id, j.key AS seat FROM `class_rosters` r, json_each(r.enrollment_ids) j
		WHERE r.instance_id = OLD.instance_id AND r.year_id = OLD.year_id AND j.value = OLD.id
	) AS s
	WHERE evaluations.instance_id = OLD.instance_id AND evaluations.class_id = s.class_id
		AND evaluations.period_id IN (SELECT id FROM `academic_periods` WHERE instance_id = OLD.instance_id AND year_id = OLD.year_id);
	UPDATE `class_rosters` SET `enrollment_ids` = (
		SELECT json_group_array(CASE WHEN value = OLD.id THEN NULL ELSE value END ORDER BY key) FROM json_each(class_rosters.enrollment_ids))
	WHERE instance_id = OLD.instance_id AND year_id = OLD.year_id
		AND EXISTS (SELECT 1 FROM json_each(class_rosters.enrollment_ids) WHERE value = OLD.id);
END;
