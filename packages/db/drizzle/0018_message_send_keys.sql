ALTER TABLE `chat_messages` ADD `send_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `chat_messages_sender_key` ON `chat_messages` (`msg_from`,`send_key`);--> statement-breakpoint
ALTER TABLE `global_messages` ADD `send_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `global_messages_sender_key` ON `global_messages` (`msg_from`,`send_key`);