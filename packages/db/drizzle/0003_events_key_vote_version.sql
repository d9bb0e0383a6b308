ALTER TABLE `questions` ADD `vote_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `key` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `events_topic_key` ON `events` (`topic`,`key`,`id`);--> statement-breakpoint
UPDATE `events` SET `key` = CAST(json_extract(`payload`, '$.json.qid') AS TEXT) WHERE `topic` = 'question';--> statement-breakpoint
UPDATE `events` SET `key` = json_extract(`payload`, '$.json.user.username') WHERE `topic` = 'user';
