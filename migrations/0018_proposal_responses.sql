CREATE TABLE `proposal_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`proposal_id` text NOT NULL,
	`author` text NOT NULL,
	`author_name` text NOT NULL,
	`author_id` text,
	`body` text NOT NULL,
	`ip_hash` text,
	`email_status` text DEFAULT 'pending' NOT NULL,
	`email_error` text,
	`email_attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "proposal_messages_author_check" CHECK("proposal_messages"."author" IN ('client', 'studio')),
	CONSTRAINT "proposal_messages_email_status_check" CHECK("proposal_messages"."email_status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `proposal_messages_proposal_idx` ON `proposal_messages` (`proposal_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `proposal_responses` (
	`id` text PRIMARY KEY NOT NULL,
	`proposal_id` text NOT NULL,
	`kind` text NOT NULL,
	`full_name` text NOT NULL,
	`reason` text,
	`content_hash` text NOT NULL,
	`snapshot` text NOT NULL,
	`ip_hash` text NOT NULL,
	`browser` text NOT NULL,
	`email_status` text DEFAULT 'pending' NOT NULL,
	`email_error` text,
	`email_attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "proposal_responses_kind_check" CHECK("proposal_responses"."kind" IN ('accepted', 'declined')),
	CONSTRAINT "proposal_responses_email_status_check" CHECK("proposal_responses"."email_status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `proposal_responses_proposal_idx` ON `proposal_responses` (`proposal_id`,`created_at`);