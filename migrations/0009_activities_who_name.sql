ALTER TABLE `activities` ADD `who_name` text;--> statement-breakpoint
-- Entries written before the column existed: a client's comment or approval and its feed entry were
-- stored in one batch with the same created_at and the client as the related record.
UPDATE `activities` SET `who_name` = (
  SELECT `author_name` FROM `preview_comments` c WHERE c.`client_id` = `activities`.`related_id` AND c.`created_at` = `activities`.`created_at` LIMIT 1
) WHERE `who_username` IS NULL AND `type` = 'Note' AND `related_type` = 'client';
--> statement-breakpoint
UPDATE `activities` SET `who_name` = (
  SELECT `approver_name` FROM `preview_approvals` a WHERE a.`client_id` = `activities`.`related_id` AND a.`created_at` = `activities`.`created_at` LIMIT 1
) WHERE `who_username` IS NULL AND `type` = 'StatusChange' AND `related_type` = 'client';
