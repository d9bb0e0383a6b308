CREATE TABLE `socket_sessions` (
	`pid` text PRIMARY KEY NOT NULL,
	`payload` text NOT NULL,
	`expires_at` integer NOT NULL
);
