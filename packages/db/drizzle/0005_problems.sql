-- Rows written before this migration get their search key and code measures here: lower() folds
-- ASCII only, where the application folds all of Unicode; new rows get the application's.
DROP INDEX `problems_created`;--> statement-breakpoint
ALTER TABLE `problems` ADD `vote_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `problems` ADD `search_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `problems` SET `search_key` = lower(`title` || char(10) || `problem_text`);--> statement-breakpoint
CREATE INDEX `problems_newest` ON `problems` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `problems_up_votes` ON `problems` (`up_vote_count`,`id`);--> statement-breakpoint
CREATE INDEX `problems_down_votes` ON `problems` (`down_vote_count`,`id`);--> statement-breakpoint
DROP INDEX `submissions_problem`;--> statement-breakpoint
ALTER TABLE `submissions` ADD `code_length` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `line_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `submissions` SET `code_length` = length(`submission_code`), `line_count` = length(`submission_code`) - length(replace(`submission_code`, char(10), '')) + 1;--> statement-breakpoint
CREATE INDEX `submissions_run_time` ON `submissions` (`problem_id`,`run_time`,`id`);--> statement-breakpoint
CREATE INDEX `submissions_heap_use` ON `submissions` (`problem_id`,`heap_use`,`id`);--> statement-breakpoint
CREATE INDEX `submissions_code_length` ON `submissions` (`problem_id`,`code_length`,`id`);--> statement-breakpoint
CREATE INDEX `submissions_problem` ON `submissions` (`problem_id`,`created_at`,`id`);