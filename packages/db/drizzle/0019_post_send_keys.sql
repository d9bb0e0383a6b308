ALTER TABLE `answers` ADD `send_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `answers_author_key` ON `answers` (`ans_by`,`send_key`);--> statement-breakpoint
ALTER TABLE `comments` ADD `send_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `comments_author_key` ON `comments` (`comment_by`,`send_key`);--> statement-breakpoint
ALTER TABLE `questions` ADD `send_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `questions_author_key` ON `questions` (`asked_by`,`send_key`);