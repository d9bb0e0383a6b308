ALTER TABLE `socket_sessions` ADD `owner` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `socket_sessions` ADD `connected` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `socket_sessions_owner` ON `socket_sessions` (`owner`);