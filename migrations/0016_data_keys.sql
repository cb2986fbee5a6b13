-- The working set's key (issue 39, decision 320): what an account keeps on a phone (its offline
-- copy of the API's answers, its queued writes, its grade drafts) is encrypted with a key the
-- server derives from the account, the browser's device id and the account's data epoch, and
-- hands to a signed-in session of that account on that device only. A session keeps the device
-- id it was started on (the sign-in's device cookie: renewals and password changes do not see
-- it). The epoch moves with a password change, 'Déconnecter tous les appareils' and an
-- administrator's end of the sessions: the keys of every device change, and what was kept with
-- the old ones can no longer be read.
ALTER TABLE `device_sessions` ADD `device_id` text;
--> statement-breakpoint
ALTER TABLE `users` ADD `data_epoch` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `platform_users` ADD `data_epoch` integer DEFAULT 0 NOT NULL;
