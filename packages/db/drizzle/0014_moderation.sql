CREATE TABLE `close_votes` (
	`question_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`duplicate_of_id` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`question_id`, `kind`, `user_id`),
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`duplicate_of_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "close_vote_kind" CHECK("close_votes"."kind" in ('close', 'reopen'))
);
--> statement-breakpoint
CREATE TABLE `flags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`flagged_by` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`handled_by` integer,
	`handled_at` integer,
	FOREIGN KEY (`flagged_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "flag_reason" CHECK("flags"."reason" in ('spam', 'rude', 'moderator')),
	CONSTRAINT "flag_status" CHECK("flags"."status" in ('pending', 'dismissed', 'handled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flags_one_per_user` ON `flags` (`target_kind`,`target_id`,`flagged_by`);--> statement-breakpoint
CREATE INDEX `flags_status` ON `flags` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `flags_flagged_by` ON `flags` (`flagged_by`,`id`);--> statement-breakpoint
CREATE TABLE `moderator_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`moderator_id` integer NOT NULL,
	`action` text NOT NULL,
	`target_kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`target_user_id` integer,
	`details` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`target_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `moderator_actions_newest` ON `moderator_actions` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `reputation_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`question_id` integer,
	`answer_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reputation_changes_user` ON `reputation_changes` (`user_id`,`id`);--> statement-breakpoint
ALTER TABLE `users` ADD `reputation` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `role` text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `suspension_reason` text;--> statement-breakpoint
ALTER TABLE `answers` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `answers` ADD `deleted_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `answers` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `comments` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `comments` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `comments` ADD `deleted_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `comments` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `questions` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `questions` ADD `deleted_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `questions` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `questions` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `questions` ADD `closed_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `questions` ADD `duplicate_of_id` integer REFERENCES questions(id);--> statement-breakpoint
ALTER TABLE `chat_messages` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `global_messages` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `problems` ADD `hidden_at` integer;