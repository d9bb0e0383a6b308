DROP INDEX `tags_name_nocase`;--> statement-breakpoint
ALTER TABLE `tags` ADD `name_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing names get SQLite's (ASCII) lower-casing; new ones are keyed by the application.
UPDATE `tags` SET `name_key` = lower(`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `tags_name_key` ON `tags` (`name_key`);