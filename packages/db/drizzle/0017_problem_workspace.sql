CREATE TABLE `problem_drafts` (
	`user_id` integer NOT NULL,
	`problem_id` integer NOT NULL,
	`code` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `problem_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`problem_id`) REFERENCES `problems`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `problems` ADD `difficulty` text DEFAULT 'easy' NOT NULL;--> statement-breakpoint
ALTER TABLE `problems` ADD `topics` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `problems` ADD `submit_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `problems` ADD `accepted_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `submissions_submitter` ON `submissions` (`submission_by`,`problem_id`,`id`);--> statement-breakpoint
-- Every stored submission passed all its tests: until now only accepted submits were recorded.
UPDATE "problems" SET "submit_count" = (SELECT count(*) FROM "submissions" s WHERE s."problem_id" = "problems"."id"), "accepted_count" = (SELECT count(*) FROM "submissions" s WHERE s."problem_id" = "problems".id);
