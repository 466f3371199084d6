CREATE TABLE `write_guards` (
	`token` text NOT NULL,
	CONSTRAINT "stale_write" CHECK("write_guards"."token" <> 'stale')
);
