ALTER TABLE `invoices` ADD `lines` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `paid_date` text;--> statement-breakpoint
-- Every invoice so far was one amount: it becomes one line at that price, named after its project
-- when it has one ("Services" otherwise), so its total and VAT read exactly as before.
UPDATE `invoices` SET `lines` = json_array(json_object(
  'description', coalesce((SELECT `title` FROM `projects` WHERE `projects`.`id` = `invoices`.`project_id`), 'Services'),
  'quantity', 1,
  'unit_price', `total`
)) WHERE `lines` = '[]';
