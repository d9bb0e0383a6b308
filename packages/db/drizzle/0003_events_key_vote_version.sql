ALTER TABLE `questions` ADD `vote_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `key` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `events_topic_key` ON `events` (`topic`,`key`,`id`);