PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_activities` (
	`id` text PRIMARY KEY NOT NULL,
	`who_username` text,
	`who_name` text,
	`who_kind` text NOT NULL,
	`type` text NOT NULL,
	`summary` text NOT NULL,
	`related_type` text,
	`related_id` text,
	`mail_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`who_username`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`mail_id`) REFERENCES `mail_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "activities_type_check" CHECK("__new_activities"."type" IN ('Call', 'Email', 'Meeting', 'Note', 'StatusChange', 'Question', 'Answer')),
	CONSTRAINT "activities_who_kind_check" CHECK("__new_activities"."who_kind" IN ('staff', 'client', 'automatic')),
	CONSTRAINT "activities_related_type_check" CHECK("__new_activities"."related_type" IS NULL OR "__new_activities"."related_type" IN ('lead', 'client', 'project', 'proposal', 'invoice'))
);
--> statement-breakpoint
-- Edited by hand: drizzle-kit selected the new who_kind from the old table, which has none. Each
-- entry's kind is read from its names: the overdue-invoice job's credit, a client's typed name, or staff.
INSERT INTO `__new_activities`("id", "who_username", "who_name", "who_kind", "type", "summary", "related_type", "related_id", "mail_id", "created_at", "updated_at") SELECT "id", "who_username", "who_name", CASE WHEN "who_name" IS NULL THEN 'staff' WHEN "who_username" IS NULL AND "who_name" = 'Redbrick CRM (automatic)' THEN 'automatic' ELSE 'client' END, "type", "summary", "related_type", "related_id", "mail_id", "created_at", "updated_at" FROM `activities`;--> statement-breakpoint
DROP TABLE `activities`;--> statement-breakpoint
ALTER TABLE `__new_activities` RENAME TO `activities`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `activities_created_idx` ON `activities` (`created_at`);--> statement-breakpoint
CREATE INDEX `activities_mail_idx` ON `activities` (`mail_id`);--> statement-breakpoint
CREATE INDEX `activities_related_idx` ON `activities` (`related_type`,`related_id`,`created_at`);--> statement-breakpoint
-- hand-written:
-- A client's question on a shared proposal was written as a status change: it is a question.
UPDATE `activities` SET `type` = 'Question'
WHERE `who_kind` = 'client' AND `type` = 'StatusChange'
  AND substr(`summary`, 1, length(`who_name`) + 27) = `who_name` || ' asked about the proposal "';
--> statement-breakpoint
-- An answer given on a shared proposal's page was written twice, to the feed and to the lead's own
-- timeline, so the lead showed it twice: the feed's entry (shown on the timeline too) stays.
DELETE FROM `lead_activities`
WHERE `created_by` IS NULL AND `activity_type` = 'workflow_action'
  AND EXISTS (SELECT 1 FROM `activities` a
    WHERE a.`who_kind` = 'client' AND a.`related_type` = 'lead' AND a.`related_id` = `lead_activities`.`lead_id`
      AND a.`summary` = `lead_activities`.`description`);
