-- Instalments raised by themselves (docs/decisions/0063-instalments-raised-by-themselves.md): an
-- accepted proposal's schedule fixed as records, the project its acceptance started or carried on,
-- payment requests beside invoices, and the counters of the two number series.
CREATE TABLE `instalments` (
	`id` text PRIMARY KEY NOT NULL,
	`proposal_id` text NOT NULL,
	`position` integer NOT NULL,
	`label` text NOT NULL,
	`amount` real NOT NULL,
	`due` text NOT NULL,
	`due_date` text,
	`project_id` text,
	`invoice_id` text,
	`raised_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "instalments_due_check" CHECK("instalments"."due" IN ('on_acceptance', 'on_launch_approval', 'on_completion', 'on_date'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `instalments_proposal_position_unique` ON `instalments` (`proposal_id`,`position`);--> statement-breakpoint
CREATE INDEX `instalments_project_idx` ON `instalments` (`project_id`);--> statement-breakpoint
CREATE INDEX `instalments_waiting_idx` ON `instalments` (`due`,`raised_at`);--> statement-breakpoint
CREATE INDEX `instalments_invoice_idx` ON `instalments` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `number_series` (
	`series` text PRIMARY KEY NOT NULL,
	`last` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `proposals` ADD `project_id` text REFERENCES projects(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `proposals_project_idx` ON `proposals` (`project_id`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `kind` text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `settles_id` text REFERENCES invoices(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `invoices` ADD `email_status` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `email_error` text;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_settles_unique` ON `invoices` (`settles_id`);;--> statement-breakpoint
-- hand-written:
-- The series start after the seeded INV-{yyyy}{mm}-{3 digits} numbers: the first raised invoice
-- is INV-1001, the first payment request PR-1001.
INSERT INTO `number_series` (`series`, `last`) VALUES ('invoice', 1000), ('payment_request', 1000);--> statement-breakpoint
-- A CHECK on a new column would rebuild `invoices` (see 0025): triggers hold `kind` to the contract's values.
CREATE TRIGGER `invoices_kind_check_insert` BEFORE INSERT ON `invoices`
WHEN NEW.`kind` NOT IN ('invoice', 'payment_request')
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: invoices_kind_check');
END;--> statement-breakpoint
CREATE TRIGGER `invoices_kind_check_update` BEFORE UPDATE OF `kind` ON `invoices`
WHEN NEW.`kind` NOT IN ('invoice', 'payment_request')
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: invoices_kind_check');
END;
