CREATE TABLE `mail_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`dedupe_key` text NOT NULL,
	`message_id` text,
	`in_reply_to` text,
	`references` text NOT NULL,
	`subject` text NOT NULL,
	`sent_at` text,
	`direction` text NOT NULL,
	`from_name` text,
	`from_address` text,
	`to` text NOT NULL,
	`cc` text NOT NULL,
	`body` text NOT NULL,
	`truncated` integer DEFAULT false NOT NULL,
	`attachments` text NOT NULL,
	`invite` text,
	`forwarded_via` text,
	`filed_by` text,
	`filed_by_name` text NOT NULL,
	`related_type` text,
	`related_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`filed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "mail_messages_direction_check" CHECK("mail_messages"."direction" IN ('sent', 'received')),
	CONSTRAINT "mail_messages_related_type_check" CHECK("mail_messages"."related_type" IS NULL OR "mail_messages"."related_type" IN ('lead', 'client'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_messages_dedupe_unique` ON `mail_messages` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `mail_messages_message_id_idx` ON `mail_messages` (`message_id`);--> statement-breakpoint
CREATE INDEX `mail_messages_related_idx` ON `mail_messages` (`related_type`,`related_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `mail_messages_unfiled_idx` ON `mail_messages` (`created_at`) WHERE "mail_messages"."related_id" IS NULL;--> statement-breakpoint
CREATE TABLE `mail_refusals` (
	`id` text PRIMARY KEY NOT NULL,
	`envelope_from` text NOT NULL,
	`reason` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_refusals_created_idx` ON `mail_refusals` (`created_at`);--> statement-breakpoint
ALTER TABLE `activities` ADD `mail_id` text REFERENCES mail_messages(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `activities_mail_idx` ON `activities` (`mail_id`);