CREATE TABLE `recurring_invoice_raises` (
	`recurring_invoice_id` text NOT NULL,
	`period_date` text NOT NULL,
	`invoice_id` text,
	`raised_at` text NOT NULL,
	PRIMARY KEY(`recurring_invoice_id`, `period_date`),
	FOREIGN KEY (`recurring_invoice_id`) REFERENCES `recurring_invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `recurring_invoice_raises_invoice_idx` ON `recurring_invoice_raises` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `recurring_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`project_id` text,
	`title` text NOT NULL,
	`lines` text NOT NULL,
	`total` real NOT NULL,
	`interval` text NOT NULL,
	`day` integer NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`terms_days` integer,
	`next_date` text NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "recurring_invoices_interval_check" CHECK("recurring_invoices"."interval" IN ('monthly', 'quarterly', 'yearly')),
	CONSTRAINT "recurring_invoices_day_check" CHECK("recurring_invoices"."day" BETWEEN 0 AND 28)
);
--> statement-breakpoint
CREATE INDEX `recurring_invoices_client_idx` ON `recurring_invoices` (`client_id`);--> statement-breakpoint
CREATE INDEX `recurring_invoices_next_idx` ON `recurring_invoices` (`next_date`);