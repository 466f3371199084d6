-- A lead dropped on Won got a project with no client; converting the lead later made a client but
-- left that project with "No client". Converting now links the lead's projects in the same write
-- (services/lead-workflow.ts); this links the ones an earlier version left behind, with a new
-- updated_at so an open copy of such a project is refused rather than saved over the link.
UPDATE `projects`
SET `client_id` = (SELECT `converted_to_client_id` FROM `leads` WHERE `leads`.`id` = `projects`.`lead_id`),
    `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE `client_id` IS NULL
  AND `lead_id` IN (SELECT `id` FROM `leads` WHERE `converted_to_client_id` IS NOT NULL);
