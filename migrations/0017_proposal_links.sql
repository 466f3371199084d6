CREATE TABLE `proposal_links` (
	`id` text PRIMARY KEY NOT NULL,
	`proposal_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_by` text,
	`revoked_at` text,
	`views` integer DEFAULT 0 NOT NULL,
	`first_viewed_at` text,
	`last_viewed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `proposal_links_token_hash_unique` ON `proposal_links` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `proposal_links_one_live` ON `proposal_links` (`proposal_id`) WHERE "proposal_links"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX `proposal_links_proposal_idx` ON `proposal_links` (`proposal_id`,`created_at`);