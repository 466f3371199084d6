CREATE TABLE `invoice_links` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_by` text,
	`revoked_at` text,
	`views` integer DEFAULT 0 NOT NULL,
	`first_viewed_at` text,
	`last_viewed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_links_token_hash_unique` ON `invoice_links` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_links_one_live` ON `invoice_links` (`invoice_id`) WHERE "invoice_links"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX `invoice_links_invoice_idx` ON `invoice_links` (`invoice_id`,`created_at`);