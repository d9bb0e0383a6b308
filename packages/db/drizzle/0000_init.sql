CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`password_hash` text,
	`biography` text DEFAULT '' NOT NULL,
	`date_joined` integer NOT NULL,
	`deleted_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_nocase` ON `users` (lower("username"));--> statement-breakpoint
CREATE INDEX `users_username` ON `users` (`username`);--> statement-breakpoint
CREATE TABLE `answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`text` text NOT NULL,
	`ans_by` integer NOT NULL,
	`ans_date_time` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ans_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `answers_question` ON `answers` (`question_id`,`id`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`text` text NOT NULL,
	`comment_by` integer NOT NULL,
	`comment_date_time` integer NOT NULL,
	`question_id` integer,
	`answer_id` integer,
	FOREIGN KEY (`comment_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`answer_id`) REFERENCES `answers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "comment_has_one_parent" CHECK(("comments"."question_id" is null) <> ("comments"."answer_id" is null))
);
--> statement-breakpoint
CREATE INDEX `comments_question` ON `comments` (`question_id`,`id`);--> statement-breakpoint
CREATE INDEX `comments_answer` ON `comments` (`answer_id`,`id`);--> statement-breakpoint
CREATE TABLE `question_tags` (
	`question_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`question_id`, `tag_id`),
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `question_tags_tag` ON `question_tags` (`tag_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `question_views` (
	`question_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`viewed_at` integer NOT NULL,
	PRIMARY KEY(`question_id`, `user_id`),
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `question_votes` (
	`question_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`value` integer NOT NULL,
	PRIMARY KEY(`question_id`, `user_id`),
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "question_vote_value" CHECK("question_votes"."value" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE `questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`asked_by` integer NOT NULL,
	`ask_date_time` integer NOT NULL,
	`last_activity_at` integer NOT NULL,
	`answer_count` integer DEFAULT 0 NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`up_vote_count` integer DEFAULT 0 NOT NULL,
	`down_vote_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`asked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `questions_newest` ON `questions` (`ask_date_time`,`id`);--> statement-breakpoint
CREATE INDEX `questions_active` ON `questions` (`last_activity_at`,`id`);--> statement-breakpoint
CREATE INDEX `questions_most_viewed` ON `questions` (`view_count`,`id`);--> statement-breakpoint
CREATE INDEX `questions_unanswered` ON `questions` (`answer_count`,`ask_date_time`,`id`);--> statement-breakpoint
CREATE INDEX `questions_asked_by` ON `questions` (`asked_by`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_name_nocase` ON `tags` (lower("name"));--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` integer NOT NULL,
	`msg` text NOT NULL,
	`msg_from` integer NOT NULL,
	`msg_date_time` integer NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`msg_from`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `chat_messages_chat` ON `chat_messages` (`chat_id`,`id`);--> statement-breakpoint
CREATE TABLE `chat_participants` (
	`chat_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`chat_id`, `user_id`),
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `chat_participants_user` ON `chat_participants` (`user_id`);--> statement-breakpoint
CREATE TABLE `chats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `global_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`msg` text NOT NULL,
	`msg_from` integer NOT NULL,
	`msg_date_time` integer NOT NULL,
	FOREIGN KEY (`msg_from`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `global_messages_time` ON `global_messages` (`msg_date_time`,`id`);--> statement-breakpoint
CREATE TABLE `problem_test_cases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`problem_id` integer NOT NULL,
	`position` integer NOT NULL,
	`test_code` text NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`problem_id`) REFERENCES `problems`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `problem_test_cases_problem` ON `problem_test_cases` (`problem_id`,`position`);--> statement-breakpoint
CREATE TABLE `problem_votes` (
	`problem_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`value` integer NOT NULL,
	PRIMARY KEY(`problem_id`, `user_id`),
	FOREIGN KEY (`problem_id`) REFERENCES `problems`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "problem_vote_value" CHECK("problem_votes"."value" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE `problems` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`problem_text` text NOT NULL,
	`function_signature` text NOT NULL,
	`suggested_solution` text NOT NULL,
	`posted_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`up_vote_count` integer DEFAULT 0 NOT NULL,
	`down_vote_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`posted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `problems_created` ON `problems` (`created_at`);--> statement-breakpoint
CREATE TABLE `submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`problem_id` integer NOT NULL,
	`submission_by` integer NOT NULL,
	`submission_code` text NOT NULL,
	`run_time` integer NOT NULL,
	`heap_use` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`problem_id`) REFERENCES `problems`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submission_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `submissions_problem` ON `submissions` (`problem_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `game_players` (
	`game_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `user_id`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`game_type` text NOT NULL,
	`password_hash` text,
	`status` text NOT NULL,
	`state` text NOT NULL,
	`problem_id` integer,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`problem_id`) REFERENCES `problems`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `games_type_status` ON `games` (`game_type`,`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_topic` ON `events` (`topic`,`id`);