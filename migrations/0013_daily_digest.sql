CREATE TABLE `digest_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`run_date` text NOT NULL,
	`status` text NOT NULL,
	`items` integer DEFAULT 0 NOT NULL,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "digest_sends_status_check" CHECK("digest_sends"."status" IN ('sending', 'sent', 'failed', 'empty'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `digest_sends_user_day_unique` ON `digest_sends` (`user_id`,`run_date`);--> statement-breakpoint
CREATE INDEX `digest_sends_status_idx` ON `digest_sends` (`status`);--> statement-breakpoint
ALTER TABLE `users` ADD `daily_digest` integer DEFAULT true NOT NULL;