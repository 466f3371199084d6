CREATE TABLE `calls` (
	`id` text PRIMARY KEY NOT NULL,
	`host_id` text NOT NULL,
	`lead_id` text,
	`start_at` text NOT NULL,
	`end_at` text NOT NULL,
	`london_date` text NOT NULL,
	`status` text DEFAULT 'confirmed' NOT NULL,
	`method` text DEFAULT 'video' NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`company` text,
	`topic` text NOT NULL,
	`heard_from` text,
	`visitor_zone` text,
	`token_hash` text NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`reminded_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "calls_status_check" CHECK("calls"."status" IN ('confirmed', 'cancelled', 'held', 'no_show')),
	CONSTRAINT "calls_method_check" CHECK("calls"."method" IN ('video', 'phone'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calls_host_start_confirmed_unique` ON `calls` (`host_id`,`start_at`) WHERE "calls"."status" = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX `calls_token_unique` ON `calls` (`token_hash`);--> statement-breakpoint
CREATE INDEX `calls_host_day_idx` ON `calls` (`host_id`,`london_date`,`status`);--> statement-breakpoint
CREATE INDEX `calls_email_idx` ON `calls` (`email`,`status`);--> statement-breakpoint
CREATE INDEX `calls_start_idx` ON `calls` (`start_at`);