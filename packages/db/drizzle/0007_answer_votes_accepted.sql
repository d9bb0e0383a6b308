CREATE TABLE `answer_votes` (
	`answer_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`value` integer NOT NULL,
	PRIMARY KEY(`answer_id`, `user_id`),
	FOREIGN KEY (`answer_id`) REFERENCES `answers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "answer_vote_value" CHECK("answer_votes"."value" in (-1, 1))
);
--> statement-breakpoint
ALTER TABLE `answers` ADD `up_vote_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `answers` ADD `down_vote_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `answers` ADD `vote_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `questions` ADD `accepted_answer_id` integer REFERENCES answers(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `questions` ADD `accept_version` integer DEFAULT 0 NOT NULL;