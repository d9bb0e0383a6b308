CREATE TABLE `game_code_snapshots` (
	`game_id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`state` blob NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `game_code_updates` (
	`game_id` text NOT NULL,
	`seq` integer NOT NULL,
	`update` blob NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seq`),
	FOREIGN KEY (`game_id`) REFERENCES `games`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `game_players_user` ON `game_players` (`user_id`);--> statement-breakpoint
CREATE INDEX `games_status_created` ON `games` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `games_created` ON `games` (`created_at`);