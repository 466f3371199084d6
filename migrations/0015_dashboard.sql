ALTER TABLE `leads` ADD `closed_at` text;--> statement-breakpoint
CREATE INDEX `leads_status_closed_idx` ON `leads` (`status`,`closed_at`,`value`,`created_at`);--> statement-breakpoint
-- When each closed lead closed, from its timeline: the latest entry that moved it to its status
-- (an edit or board move "… to Won by …", "Marked Won by …" on an accepted proposal, a workflow
-- that won it); a lead with no such entry (created closed, or imported) closed at its last change.
UPDATE `leads` SET `closed_at` = coalesce(
  (SELECT max(a.`created_at`) FROM `lead_activities` a
    WHERE a.`lead_id` = `leads`.`id`
      AND ((a.`activity_type` = 'stage_change' AND (a.`description` LIKE '% to ' || `leads`.`status` || ' by %'
             OR (`leads`.`status` = 'Won' AND a.`description` LIKE 'Marked Won by %')))
        OR (`leads`.`status` = 'Won' AND a.`activity_type` = 'workflow_action'
            AND (a.`description` LIKE 'Won %' OR a.`description` LIKE 'Converted to client %')))),
  `updated_at`)
WHERE `status` IN ('Won', 'Lost');
--> statement-breakpoint
-- Every write that changes a status stamps closed_at (the services need not remember to): a move to
-- Won or Lost is when it closed, a move back to an open stage reopens it.
CREATE TRIGGER `leads_closed_at_on_status` AFTER UPDATE OF `status` ON `leads`
WHEN NEW.`status` IS NOT OLD.`status`
BEGIN
  UPDATE `leads` SET `closed_at` = CASE WHEN NEW.`status` IN ('Won', 'Lost') THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
  WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- A lead created (or imported) already closed closed when it was last changed, unless the row says when.
CREATE TRIGGER `leads_closed_at_on_insert` AFTER INSERT ON `leads`
WHEN NEW.`status` IN ('Won', 'Lost') AND NEW.`closed_at` IS NULL
BEGIN
  UPDATE `leads` SET `closed_at` = NEW.`updated_at` WHERE `id` = NEW.`id`;
END;
