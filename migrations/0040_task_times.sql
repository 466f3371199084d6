-- Timed tasks: a time on the due date (HH:MM London) and how long it takes. The host of the calls
-- booked on the site is busy during their own open timed tasks. Both null for every task before.
ALTER TABLE `tasks` ADD `due_time` text;--> statement-breakpoint
ALTER TABLE `tasks` ADD `minutes` integer;