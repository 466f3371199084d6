CREATE TABLE `activities` (
	`id` text PRIMARY KEY NOT NULL,
	`who_username` text,
	`type` text NOT NULL,
	`summary` text NOT NULL,
	`related_type` text,
	`related_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`who_username`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "activities_type_check" CHECK("activities"."type" IN ('Call', 'Email', 'Meeting', 'Note', 'StatusChange')),
	CONSTRAINT "activities_related_type_check" CHECK("activities"."related_type" IS NULL OR "activities"."related_type" IN ('lead', 'client', 'project', 'proposal', 'invoice'))
);
--> statement-breakpoint
CREATE INDEX `activities_created_idx` ON `activities` (`created_at`);--> statement-breakpoint
CREATE TABLE `clients` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`website` text,
	`emails` text DEFAULT '[]' NOT NULL,
	`phones` text DEFAULT '[]' NOT NULL,
	`services` text DEFAULT '[]' NOT NULL,
	`notes` text,
	`active` integer DEFAULT true NOT NULL,
	`preview_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "clients_lists_check" CHECK(json_type("clients"."emails") = 'array' AND json_type("clients"."phones") = 'array' AND json_type("clients"."services") = 'array')
);
--> statement-breakpoint
CREATE INDEX `clients_created_idx` ON `clients` (`created_at`);--> statement-breakpoint
CREATE INDEX `clients_active_name_idx` ON `clients` (`active`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `clients_preview_id_unique` ON `clients` (`preview_id`);--> statement-breakpoint
CREATE TABLE `form_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`lead_id` text,
	`page` text,
	`utm` text,
	`ip_hash` text,
	`email_status` text DEFAULT 'pending' NOT NULL,
	`email_error` text,
	`email_attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "form_submissions_kind_check" CHECK("form_submissions"."kind" IN ('contact', 'redesign', 'valuation')),
	CONSTRAINT "form_submissions_email_status_check" CHECK("form_submissions"."email_status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `form_submissions_created_idx` ON `form_submissions` (`created_at`);--> statement-breakpoint
CREATE INDEX `form_submissions_email_status_idx` ON `form_submissions` (`email_status`);--> statement-breakpoint
CREATE INDEX `form_submissions_lead_idx` ON `form_submissions` (`lead_id`);--> statement-breakpoint
CREATE TABLE `invites` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text,
	`expires_at` text NOT NULL,
	`accepted_at` text,
	`user_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "invites_role_check" CHECK("invites"."role" IN ('Owner', 'Sales'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invites_token_hash_unique` ON `invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invites_email_idx` ON `invites` (`email`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`client_id` text NOT NULL,
	`project_id` text,
	`total` real NOT NULL,
	`date` text NOT NULL,
	`due_date` text NOT NULL,
	`status` text DEFAULT 'Draft' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "invoices_status_check" CHECK("invoices"."status" IN ('Draft', 'Sent', 'Paid', 'Overdue')),
	CONSTRAINT "invoices_total_check" CHECK("invoices"."total" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE INDEX `invoices_created_idx` ON `invoices` (`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_client_idx` ON `invoices` (`client_id`);--> statement-breakpoint
CREATE INDEX `invoices_project_idx` ON `invoices` (`project_id`);--> statement-breakpoint
CREATE TABLE `lead_activities` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`activity_type` text NOT NULL,
	`description` text NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "lead_activities_type_check" CHECK("lead_activities"."activity_type" IN ('note_added', 'stage_change', 'workflow_action'))
);
--> statement-breakpoint
CREATE INDEX `lead_activities_lead_created_idx` ON `lead_activities` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `leads` (
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
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`stage_changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`converted_to_client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "leads_status_check" CHECK("leads"."status" IN ('New', 'Qualified', 'Proposal Sent', 'Negotiation', 'Won', 'Lost')),
	CONSTRAINT "leads_source_check" CHECK("leads"."source" IS NULL OR "leads"."source" IN ('Website', 'Referral', 'Social Media', 'Email Campaign', 'Cold Call', 'Event', 'Other')),
	CONSTRAINT "leads_value_check" CHECK("leads"."value" IS NULL OR "leads"."value" >= 0)
);
--> statement-breakpoint
CREATE INDEX `leads_created_idx` ON `leads` (`created_at`);--> statement-breakpoint
CREATE INDEX `leads_status_name_idx` ON `leads` (`status`,`name`);--> statement-breakpoint
CREATE INDEX `leads_email_idx` ON `leads` (`email`);--> statement-breakpoint
CREATE INDEX `leads_converted_idx` ON `leads` (`converted_to_client_id`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`type` text,
	`client_id` text,
	`budget` real,
	`start_date` text,
	`due_date` text,
	`stage` text DEFAULT 'Discovery' NOT NULL,
	`status` text DEFAULT 'On Track' NOT NULL,
	`notes` text,
	`lead_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "projects_stage_check" CHECK("projects"."stage" IN ('Discovery', 'Design', 'Build', 'Review', 'Launch', 'Done')),
	CONSTRAINT "projects_status_check" CHECK("projects"."status" IN ('On Track', 'At Risk', 'Blocked', 'Completed')),
	CONSTRAINT "projects_type_check" CHECK("projects"."type" IS NULL OR "projects"."type" IN ('Web Design', 'Mobile App', 'Branding', 'E-commerce', 'SEO', 'Custom'))
);
--> statement-breakpoint
CREATE INDEX `projects_created_idx` ON `projects` (`created_at`);--> statement-breakpoint
CREATE INDEX `projects_client_idx` ON `projects` (`client_id`);--> statement-breakpoint
CREATE INDEX `projects_lead_idx` ON `projects` (`lead_id`);--> statement-breakpoint
CREATE TABLE `proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`value` real,
	`status` text DEFAULT 'Draft' NOT NULL,
	`sent_date` text,
	`due_date` text,
	`lead_id` text,
	`client_id` text,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "proposals_status_check" CHECK("proposals"."status" IN ('Draft', 'Sent', 'Accepted', 'Rejected'))
);
--> statement-breakpoint
CREATE INDEX `proposals_created_idx` ON `proposals` (`created_at`);--> statement-breakpoint
CREATE INDEX `proposals_lead_idx` ON `proposals` (`lead_id`);--> statement-breakpoint
CREATE INDEX `proposals_client_idx` ON `proposals` (`client_id`);--> statement-breakpoint
CREATE TABLE `rate_limit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bucket` text NOT NULL,
	`key` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_events_lookup_idx` ON `rate_limit_events` (`bucket`,`key`,`created_at`);--> statement-breakpoint
CREATE INDEX `rate_limit_events_created_idx` ON `rate_limit_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `revoked_sessions` (
	`jti` text PRIMARY KEY NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `revoked_sessions_expires_idx` ON `revoked_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`assignee_username` text,
	`priority` text DEFAULT 'Med' NOT NULL,
	`due_date` text,
	`completed` integer DEFAULT false NOT NULL,
	`notes` text,
	`related_id` text,
	`related_type` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`assignee_username`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "tasks_priority_check" CHECK("tasks"."priority" IN ('Low', 'Med', 'High')),
	CONSTRAINT "tasks_related_type_check" CHECK("tasks"."related_type" IS NULL OR "tasks"."related_type" IN ('lead', 'client', 'project', 'proposal', 'invoice'))
);
--> statement-breakpoint
CREATE INDEX `tasks_completed_idx` ON `tasks` (`completed`);--> statement-breakpoint
CREATE INDEX `tasks_due_idx` ON `tasks` (`due_date`);--> statement-breakpoint
CREATE INDEX `tasks_related_idx` ON `tasks` (`related_type`,`related_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`full_name` text NOT NULL,
	`role` text NOT NULL,
	`job_title` text,
	`password_hash` text NOT NULL,
	`salt` text NOT NULL,
	`iterations` integer NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`is_team` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "users_role_check" CHECK("users"."role" IN ('Owner', 'Sales')),
	CONSTRAINT "users_iterations_check" CHECK("users"."iterations" BETWEEN 1 AND 100000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_one_team` ON `users` (`is_team`) WHERE "users"."is_team" = 1;