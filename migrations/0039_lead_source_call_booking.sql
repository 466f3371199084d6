-- Adds "Call booking" to the lead sources (a call booked on the site). SQLite changes a CHECK only by
-- rebuilding the table, and D1 runs a migration in one transaction with foreign keys on, so DROP
-- TABLE `leads` would run its children's ON DELETE actions (as 0021 explains): lead_activities kept
-- aside and put back, and the lead_id of projects, proposals, form_submissions and calls restored
-- after the rename. The generated search column, its index and the four triggers come back with
-- the table. Re-runnable; tests/worker/leads/leads.test.ts runs it again on a CRM with data.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_leads` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`company` text,
	`email` text,
	`phone` text,
	`source` text,
	`status` text DEFAULT 'New' NOT NULL,
	`notes` text,
	`value` real,
	`next_action` text,
	`follow_up_date` text,
	`added_by` text,
	`stage_changed_by` text,
	`converted_to_client_id` text,
	`closed_at` text,
	`furthest_stage` text DEFAULT 'New',
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`search_text` text GENERATED ALWAYS AS (lower(`name` || char(1) || coalesce(`company`, '') || char(1) || coalesce(`email`, ''))) VIRTUAL,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`stage_changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`converted_to_client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "leads_status_check" CHECK("__new_leads"."status" IN ('New', 'Qualified', 'Proposal Sent', 'Negotiation', 'Won', 'Lost')),
	CONSTRAINT "leads_source_check" CHECK("__new_leads"."source" IS NULL OR "__new_leads"."source" IN ('Website', 'Referral', 'Social Media', 'Email Campaign', 'Cold Call', 'Event', 'Email', 'Call booking', 'Other')),
	CONSTRAINT "leads_value_check" CHECK("__new_leads"."value" IS NULL OR "__new_leads"."value" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_leads`("id", "name", "company", "email", "phone", "source", "status", "notes", "value", "next_action", "follow_up_date", "added_by", "stage_changed_by", "converted_to_client_id", "closed_at", "furthest_stage", "created_at", "updated_at") SELECT "id", "name", "company", "email", "phone", "source", "status", "notes", "value", "next_action", "follow_up_date", "added_by", "stage_changed_by", "converted_to_client_id", "closed_at", "furthest_stage", "created_at", "updated_at" FROM `leads`;--> statement-breakpoint
CREATE TABLE `__keep_lead_activities` AS SELECT * FROM `lead_activities`;--> statement-breakpoint
CREATE TABLE `__keep_lead_links` AS
  SELECT 'projects' AS `tbl`, `id`, `lead_id` FROM `projects` WHERE `lead_id` IS NOT NULL
  UNION ALL SELECT 'proposals', `id`, `lead_id` FROM `proposals` WHERE `lead_id` IS NOT NULL
  UNION ALL SELECT 'form_submissions', `id`, `lead_id` FROM `form_submissions` WHERE `lead_id` IS NOT NULL
  UNION ALL SELECT 'calls', `id`, `lead_id` FROM `calls` WHERE `lead_id` IS NOT NULL;--> statement-breakpoint
DROP TABLE `leads`;--> statement-breakpoint
ALTER TABLE `__new_leads` RENAME TO `leads`;--> statement-breakpoint
INSERT INTO `lead_activities` SELECT * FROM `__keep_lead_activities` WHERE `id` NOT IN (SELECT `id` FROM `lead_activities`);--> statement-breakpoint
UPDATE `projects` SET `lead_id` = (SELECT `lead_id` FROM `__keep_lead_links` k WHERE k.`tbl` = 'projects' AND k.`id` = `projects`.`id`)
  WHERE `id` IN (SELECT `id` FROM `__keep_lead_links` WHERE `tbl` = 'projects');--> statement-breakpoint
UPDATE `proposals` SET `lead_id` = (SELECT `lead_id` FROM `__keep_lead_links` k WHERE k.`tbl` = 'proposals' AND k.`id` = `proposals`.`id`)
  WHERE `id` IN (SELECT `id` FROM `__keep_lead_links` WHERE `tbl` = 'proposals');--> statement-breakpoint
UPDATE `form_submissions` SET `lead_id` = (SELECT `lead_id` FROM `__keep_lead_links` k WHERE k.`tbl` = 'form_submissions' AND k.`id` = `form_submissions`.`id`)
  WHERE `id` IN (SELECT `id` FROM `__keep_lead_links` WHERE `tbl` = 'form_submissions');--> statement-breakpoint
UPDATE `calls` SET `lead_id` = (SELECT `lead_id` FROM `__keep_lead_links` k WHERE k.`tbl` = 'calls' AND k.`id` = `calls`.`id`)
  WHERE `id` IN (SELECT `id` FROM `__keep_lead_links` WHERE `tbl` = 'calls');--> statement-breakpoint
DROP TABLE `__keep_lead_activities`;--> statement-breakpoint
DROP TABLE `__keep_lead_links`;--> statement-breakpoint
CREATE INDEX `leads_created_idx` ON `leads` (`created_at`);--> statement-breakpoint
CREATE INDEX `leads_status_closed_idx` ON `leads` (`status`,`closed_at`,`value`,`created_at`);--> statement-breakpoint
CREATE INDEX `leads_status_furthest_idx` ON `leads` (`status`,`furthest_stage`);--> statement-breakpoint
CREATE INDEX `leads_status_name_idx` ON `leads` (`status`,`name`);--> statement-breakpoint
CREATE INDEX `leads_status_created_idx` ON `leads` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `leads_email_idx` ON `leads` (`email`);--> statement-breakpoint
CREATE INDEX `leads_converted_idx` ON `leads` (`converted_to_client_id`);--> statement-breakpoint
CREATE INDEX `leads_follow_up_idx` ON `leads` (`follow_up_date`);--> statement-breakpoint
CREATE INDEX `leads_added_by_follow_up_idx` ON `leads` (`added_by`,`follow_up_date`);--> statement-breakpoint
CREATE INDEX `leads_created_search_idx` ON `leads` (`created_at`, `id`, `search_text`);--> statement-breakpoint
CREATE TRIGGER `leads_closed_at_on_status` AFTER UPDATE OF `status` ON `leads`
WHEN NEW.`status` IS NOT OLD.`status`
BEGIN
  UPDATE `leads` SET `closed_at` = CASE WHEN NEW.`status` IN ('Won', 'Lost') THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
  WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `leads_closed_at_on_insert` AFTER INSERT ON `leads`
WHEN NEW.`status` IN ('Won', 'Lost') AND NEW.`closed_at` IS NULL
BEGIN
  UPDATE `leads` SET `closed_at` = NEW.`updated_at` WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `leads_furthest_stage_on_status` AFTER UPDATE OF `status` ON `leads`
WHEN (CASE NEW.`status` WHEN 'Qualified' THEN 1 WHEN 'Proposal Sent' THEN 2 WHEN 'Negotiation' THEN 3 WHEN 'Won' THEN 3 ELSE 0 END)
   > (CASE NEW.`furthest_stage` WHEN 'Qualified' THEN 1 WHEN 'Proposal Sent' THEN 2 WHEN 'Negotiation' THEN 3 ELSE 0 END)
BEGIN
  UPDATE `leads` SET `furthest_stage` = CASE NEW.`status` WHEN 'Won' THEN 'Negotiation' ELSE NEW.`status` END WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `leads_furthest_stage_on_insert` AFTER INSERT ON `leads`
WHEN NEW.`furthest_stage` IS NULL
  OR (CASE NEW.`status` WHEN 'Qualified' THEN 1 WHEN 'Proposal Sent' THEN 2 WHEN 'Negotiation' THEN 3 WHEN 'Won' THEN 3 ELSE 0 END)
   > (CASE NEW.`furthest_stage` WHEN 'Qualified' THEN 1 WHEN 'Proposal Sent' THEN 2 WHEN 'Negotiation' THEN 3 ELSE 0 END)
BEGIN
  UPDATE `leads` SET `furthest_stage` = CASE
      WHEN (CASE NEW.`status` WHEN 'Qualified' THEN 1 WHEN 'Proposal Sent' THEN 2 WHEN 'Negotiation' THEN 3 WHEN 'Won' THEN 3 ELSE 0 END)
         > (CASE NEW.`furthest_stage` WHEN 'Qualified' THEN 1 WHEN 'Proposal Sent' THEN 2 WHEN 'Negotiation' THEN 3 ELSE 0 END)
        THEN CASE NEW.`status` WHEN 'Won' THEN 'Negotiation' ELSE NEW.`status` END
      ELSE coalesce(NEW.`furthest_stage`, 'New') END
  WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;
