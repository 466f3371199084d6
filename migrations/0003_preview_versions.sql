CREATE TABLE `preview_versions` (
	`preview_id` text PRIMARY KEY NOT NULL,
	`version` text NOT NULL
);
