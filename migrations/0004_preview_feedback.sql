CREATE TABLE `preview_approvals` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`release_id` text NOT NULL,
	`approver_name` text NOT NULL,
	`ip_hash` text NOT NULL,
	`project_id` text,
	`email_status` text DEFAULT 'pending' NOT NULL,
	`email_error` text,
	`email_attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`release_id`) REFERENCES `preview_releases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "preview_approvals_email_status_check" CHECK("preview_approvals"."email_status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `preview_approvals_release_unique` ON `preview_approvals` (`release_id`);--> statement-breakpoint
CREATE INDEX `preview_approvals_client_idx` ON `preview_approvals` (`client_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `preview_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`release_id` text NOT NULL,
	`author_name` text NOT NULL,
	`body` text NOT NULL,
	`page` text,
	`status` text DEFAULT 'Open' NOT NULL,
	`email_status` text DEFAULT 'pending' NOT NULL,
	`email_error` text,
	`email_attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`release_id`) REFERENCES `preview_releases`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "preview_comments_status_check" CHECK("preview_comments"."status" IN ('Open', 'Resolved')),
	CONSTRAINT "preview_comments_email_status_check" CHECK("preview_comments"."email_status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `preview_comments_client_idx` ON `preview_comments` (`client_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `preview_comments_status_idx` ON `preview_comments` (`status`);--> statement-breakpoint
CREATE TABLE `preview_releases` (
	`id` text PRIMARY KEY NOT NULL,
	`preview_id` text NOT NULL,
	`client_id` text NOT NULL,
	`preview_url` text,
	`published_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `preview_releases_current_idx` ON `preview_releases` (`preview_id`,`client_id`,`published_at`);--> statement-breakpoint
CREATE TABLE `preview_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`comment_id` text NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`comment_id`) REFERENCES `preview_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `preview_replies_comment_idx` ON `preview_replies` (`comment_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `projects` ADD `stage_changed_by` text;--> statement-breakpoint
CREATE INDEX `projects_client_stage_idx` ON `projects` (`client_id`,`stage`,`updated_at`);