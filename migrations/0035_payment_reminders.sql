CREATE TABLE `payment_reminders` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`stage` text NOT NULL,
	`sent_on` text NOT NULL,
	`balance` real NOT NULL,
	`email_status` text DEFAULT 'pending' NOT NULL,
	`email_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payment_reminders_stage_check" CHECK("payment_reminders"."stage" IN ('before_due', 'on_due', 'overdue_7', 'overdue_14')),
	CONSTRAINT "payment_reminders_email_status_check" CHECK("payment_reminders"."email_status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_reminders_invoice_stage_unique` ON `payment_reminders` (`invoice_id`,`stage`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `reminders_paused` integer DEFAULT false NOT NULL;