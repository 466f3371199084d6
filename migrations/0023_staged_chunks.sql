CREATE TABLE `staged_chunks` (
	`transfer_id` text NOT NULL,
	`seq` integer NOT NULL,
	`table_name` text,
	`data` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`transfer_id`, `seq`)
);
--> statement-breakpoint
CREATE INDEX `staged_chunks_created_idx` ON `staged_chunks` (`created_at`);