CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`actor_id` integer NOT NULL,
	`subject` text NOT NULL,
	`question_id` integer,
	`answer_id` integer,
	`comment_id` integer,
	`chat_id` integer,
	`message_id` integer,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`answer_id`) REFERENCES `answers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `chat_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_subject` ON `notifications` (`user_id`,`subject`,`kind`);--> statement-breakpoint
CREATE INDEX `notifications_unread` ON `notifications` (`user_id`,`id`) WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX `notifications_chat` ON `notifications` (`user_id`,`chat_id`) WHERE "notifications"."chat_id" is not null;