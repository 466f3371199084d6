CREATE TABLE `mail_refusal_days` (
	`day` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	CONSTRAINT "mail_refusal_days_count_check" CHECK("mail_refusal_days"."count" >= 0)
);
--> statement-breakpoint
-- hand-written:
-- Refusals already kept are counted on their UTC date (London's differs only around midnight), and
-- only the latest 100 stay, as the filer keeps them from now on.
INSERT INTO `mail_refusal_days` (`day`, `count`) SELECT substr(`created_at`, 1, 10), count(*) FROM `mail_refusals` GROUP BY substr(`created_at`, 1, 10);--> statement-breakpoint
DELETE FROM `mail_refusals` WHERE `id` NOT IN (SELECT `id` FROM `mail_refusals` ORDER BY `created_at` DESC, `id` DESC LIMIT 100);
