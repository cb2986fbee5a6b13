-- The language an account reads its side of the portal in (issue 42, decision 340): 'fr' (the
-- default, and the staff's only language) or 'ht' (Kreyòl), a pupil's choice, kept with the
-- account so that another phone finds it.
ALTER TABLE `users` ADD `language` text DEFAULT 'fr' NOT NULL;
