-- Finance sheets (issue 9, issue 10; docs/decisions/021-finance-writes-and-receipts.md).
-- A revision per enrolment: every write to its money moves it by one, and the write checks it
-- inside its own batch, so two cashiers saving the same sheet can never silently drop a payment.
ALTER TABLE `enrollments` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Who recorded a payment (the cashier named on its receipt).
ALTER TABLE `payments` ADD `recorded_by` text;--> statement-breakpoint
-- Conditions checked inside a write's batch (worker/lib/write.ts, decision 041): a row whose `ok`
-- is not 1 aborts the statement, so D1 rolls the whole batch back; a row whose `ok` is 1 is
-- dropped, so the table stays empty.
CREATE TABLE `write_guards` (
	`ok` integer
);
--> statement-breakpoint
CREATE TRIGGER `write_guards_check` BEFORE INSERT ON `write_guards`
BEGIN
	SELECT CASE WHEN NEW.ok IS 1 THEN RAISE(IGNORE) ELSE RAISE(ABORT, 'write_guard_failed') END;
END;--> statement-breakpoint
-- The base MPPA is also changed by the student form and by a class change: such a change moves
-- the revision too (a finance write moves it itself, in the same UPDATE, and is left alone).
CREATE TRIGGER `enrollments_mppa_revision` AFTER UPDATE OF `mppa` ON `enrollments`
WHEN NEW.mppa IS NOT OLD.mppa AND NEW.revision = OLD.revision
BEGIN
	UPDATE `enrollments` SET `revision` = `revision` + 1 WHERE `instance_id` = NEW.instance_id AND `id` = NEW.id;
END;
