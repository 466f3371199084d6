ALTER TABLE `invoice_links` ADD `emailed_to` text;--> statement-breakpoint
ALTER TABLE `invoice_links` ADD `emailed_at` text;--> statement-breakpoint
ALTER TABLE `proposal_links` ADD `emailed_to` text;--> statement-breakpoint
ALTER TABLE `proposal_links` ADD `emailed_at` text;