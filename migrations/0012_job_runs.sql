CREATE TABLE `job_runs` (
	`job` text NOT NULL,
	`run_date` text NOT NULL,
	`ran_at` text NOT NULL,
	`result` text NOT NULL,
	PRIMARY KEY(`job`, `run_date`)
);
