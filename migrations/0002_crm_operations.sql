CREATE TABLE `backup_chunks` (
	`backup_id` text NOT NULL,
	`seq` integer NOT NULL,
	`data` text NOT NULL,
	PRIMARY KEY(`backup_id`, `seq`),
	FOREIGN KEY (`backup_id`) REFERENCES `backups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `backups` (
	`id` text PRIMARY KEY NOT NULL,
	`created_by` text,
	`size` integer NOT NULL,
	`counts` text NOT NULL,
	`chunk_count` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `backups_created_idx` ON `backups` (`created_at`);--> statement-breakpoint
CREATE TABLE `preview_access_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`preview_id` text NOT NULL,
	`success` integer NOT NULL,
	`browser` text NOT NULL,
	`ip_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `preview_access_log_preview_idx` ON `preview_access_log` (`preview_id`,`id`);--> statement-breakpoint
CREATE INDEX `preview_access_log_created_idx` ON `preview_access_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `preview_views` (
	`preview_id` text PRIMARY KEY NOT NULL,
	`last_viewed_at` text NOT NULL
);
