ALTER TABLE `leads` ADD `furthest_stage` text DEFAULT 'New';--> statement-breakpoint
CREATE INDEX `leads_status_furthest_idx` ON `leads` (`status`,`furthest_stage`);--> statement-breakpoint
-- hand-written:
-- How far each lead has got, from its timeline: the furthest open stage any stage change moved it
-- from or to (a lead once Won, by any path, passed them all), or its status now if that is further.
-- A lead with no such entry has got as far as its status (New for a Lost one: nothing says more).
UPDATE `leads` SET `furthest_stage` = CASE max(
    CASE `status` WHEN 'Qualified' THEN 1 WHEN 'Proposal Sent' THEN 2 WHEN 'Negotiation' THEN 3 WHEN 'Won' THEN 3 ELSE 0 END,
    coalesce((SELECT max(CASE
        WHEN a.`description` LIKE 'Moved from Negotiation to %' OR a.`description` LIKE 'Moved from % to Negotiation by %'
          OR a.`description` LIKE 'Moved from Won to %' OR a.`description` LIKE 'Moved from % to Won by %'
          OR a.`description` LIKE 'Marked Won by %' THEN 3
        WHEN a.`activity_type` = 'workflow_action' AND (a.`description` LIKE 'Won %' OR a.`description` LIKE 'Converted to client %'
          OR a.`description` LIKE '% online: marked Won%') THEN 3
        WHEN a.`description` LIKE 'Moved from Proposal Sent to %' OR a.`description` LIKE 'Moved from % to Proposal Sent by %' THEN 2
        WHEN a.`description` LIKE 'Moved from Qualified to %' OR a.`description` LIKE 'Moved from % to Qualified by %' THEN 1
        ELSE 0 END)
      FROM `lead_activities` a
      WHERE a.`lead_id` = `leads`.`id` AND a.`activity_type` IN ('stage_change', 'workflow_action')), 0))
  WHEN 3 THEN 'Negotiation' WHEN 2 THEN 'Proposal Sent' WHEN 1 THEN 'Qualified' ELSE 'New' END;
--> statement-breakpoint
-- Every status change moves it on when the new stage is further (the services need not remember).
CREATE TRIGGER `leads_furthest_stage_on_status` AFTER UPDATE OF `status` ON `leads`
WHEN (CASE NEW.`status` WHEN 'Qualified' THEN 1 WHEN 'Proposal Sent' THEN 2 WHEN 'Negotiation' THEN 3 WHEN 'Won' THEN 3 ELSE 0 END)
   > (CASE NEW.`furthest_stage` WHEN 'Qualified' THEN 1 WHEN 'Proposal Sent' THEN 2 WHEN 'Negotiation' THEN 3 ELSE 0 END)
BEGIN
  UPDATE `leads` SET `furthest_stage` = CASE NEW.`status` WHEN 'Won' THEN 'Negotiation' ELSE NEW.`status` END WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- A lead created (or imported) at a stage has got at least that far; one imported from a file made
-- before the column existed comes without it, and has got as far as its status says.
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
END;
--> statement-breakpoint
-- Won means what was accepted: a lead with accepted proposals carrying a total is worth their sum.
UPDATE `leads` SET `value` = (
    SELECT round(sum(p.`value`), 2) FROM `proposals` p WHERE p.`lead_id` = `leads`.`id` AND p.`status` = 'Accepted')
WHERE (SELECT sum(p.`value`) FROM `proposals` p WHERE p.`lead_id` = `leads`.`id` AND p.`status` = 'Accepted') IS NOT NULL;
