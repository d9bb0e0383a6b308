-- SQLite cannot add NOT NULL columns without a default in place, so chat_participants is rebuilt.
-- No table refers to it: dropping the old one cascades nowhere. Members already there joined when
-- their chat was made and have read nothing yet.
CREATE TABLE `__new_chat_participants` (
	`chat_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`joined_at` integer NOT NULL,
	`joined_after_id` integer NOT NULL,
	`last_read_id` integer NOT NULL,
	PRIMARY KEY(`chat_id`, `user_id`),
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_chat_participants` (`chat_id`, `user_id`, `joined_at`, `joined_after_id`, `last_read_id`)
	SELECT p.`chat_id`, p.`user_id`, c.`created_at`, 0, 0
	FROM `chat_participants` p JOIN `chats` c ON c.`id` = p.`chat_id`
	ORDER BY p.rowid;--> statement-breakpoint
DROP TABLE `chat_participants`;--> statement-breakpoint
ALTER TABLE `__new_chat_participants` RENAME TO `chat_participants`;--> statement-breakpoint
CREATE INDEX `chat_participants_user` ON `chat_participants` (`user_id`);--> statement-breakpoint
ALTER TABLE `chats` ADD `pair_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `chats_pair_key` ON `chats` (`pair_key`);
