CREATE TABLE `broadcasts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`origin` text NOT NULL,
	`topic` text NOT NULL,
	`key` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `broadcasts_created` ON `broadcasts` (`created_at`);--> statement-breakpoint
CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `live_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`address` text NOT NULL,
	`session` text,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `live_connections_address` ON `live_connections` (`address`);--> statement-breakpoint
CREATE INDEX `live_connections_session` ON `live_connections` (`session`);--> statement-breakpoint
CREATE INDEX `live_connections_owner` ON `live_connections` (`owner`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`points` integer NOT NULL,
	`expire` integer
);
--> statement-breakpoint
CREATE INDEX `rate_limits_expire` ON `rate_limits` (`expire`);