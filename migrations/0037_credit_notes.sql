-- Cancelling a project and credit notes (docs/decisions/0068-credit-notes.md). A cancelled project
-- keeps its status (On Track … Completed is a CHECK: a new value would rebuild `projects`) and
-- carries the moment it was cancelled; its waiting instalments are never raised. A credit note
-- lowers what one invoice or payment request asks for, numbered CN-1001 on in its own series.
ALTER TABLE `projects` ADD `cancelled_at` text;--> statement-breakpoint
CREATE TABLE `credit_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`invoice_id` text NOT NULL,
	`client_id` text NOT NULL,
	`project_id` text,
	`amount` real NOT NULL,
	`description` text NOT NULL,
	`date` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "credit_notes_amount_check" CHECK("credit_notes"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_number_unique` ON `credit_notes` (`number`);--> statement-breakpoint
CREATE INDEX `credit_notes_invoice_idx` ON `credit_notes` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `credit_notes_date_idx` ON `credit_notes` (`date`);--> statement-breakpoint
INSERT INTO `number_series` (`series`, `last`) VALUES ('credit_note', 1000);
