ALTER TABLE `proposals` ADD `intro` text;--> statement-breakpoint
ALTER TABLE `proposals` ADD `sections` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `proposals` ADD `lines` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `proposals` ADD `valid_until` text;--> statement-breakpoint
ALTER TABLE `proposals` ADD `terms` text;--> statement-breakpoint
-- A proposal made before line items becomes one line at its value, named after it, so its total is unchanged.
UPDATE `proposals` SET `lines` = json_array(json_object('description', `title`, 'quantity', 1, 'unit_price', `value`)) WHERE `value` IS NOT NULL;
