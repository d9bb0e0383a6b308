CREATE TABLE `answer_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`answer_id` integer NOT NULL,
	`number` integer NOT NULL,
	`edited_by` integer NOT NULL,
	`edited_at` integer NOT NULL,
	`text_before` text NOT NULL,
	`text_after` text NOT NULL,
	FOREIGN KEY (`answer_id`) REFERENCES `answers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`edited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `answer_revisions_number` ON `answer_revisions` (`answer_id`,`number`);--> statement-breakpoint
CREATE TABLE `question_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`number` integer NOT NULL,
	`edited_by` integer NOT NULL,
	`edited_at` integer NOT NULL,
	`title_before` text NOT NULL,
	`title_after` text NOT NULL,
	`text_before` text NOT NULL,
	`text_after` text NOT NULL,
	`tags_before` text NOT NULL,
	`tags_after` text NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`edited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `question_revisions_number` ON `question_revisions` (`question_id`,`number`);--> statement-breakpoint
ALTER TABLE `answers` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `answers` ADD `revision_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `questions` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `questions` ADD `revision_count` integer DEFAULT 0 NOT NULL;