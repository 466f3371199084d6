-- An invoice has payments (docs/decisions/0064-payments-and-stripe.md): what is still due is the
-- total less the money that arrived, plus refunds. Stripe's events are recorded by id, so one
-- delivered twice changes nothing. Invoices already Paid get the one payment Mark as paid stood
-- for, so their balance stays 0 and the dashboard's cash received still adds up to the payments.
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`kind` text DEFAULT 'payment' NOT NULL,
	`amount` real NOT NULL,
	`currency` text DEFAULT 'GBP' NOT NULL,
	`date` text NOT NULL,
	`method` text NOT NULL,
	`reference` text,
	`state` text NOT NULL,
	`note` text,
	`fee` real,
	`net` real,
	`refund_of` text,
	`stripe_session_id` text,
	`stripe_payment_intent` text,
	`recorded_by_user` text,
	`recorded_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`refund_of`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by_user`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_kind_check" CHECK("payments"."kind" IN ('payment', 'refund')),
	CONSTRAINT "payments_method_check" CHECK("payments"."method" IN ('Bank transfer', 'Card', 'Cash', 'Other', 'Pay by Bank')),
	CONSTRAINT "payments_state_check" CHECK("payments"."state" IN ('succeeded', 'processing', 'failed', 'refunded', 'disputed', 'flagged')),
	CONSTRAINT "payments_amount_check" CHECK("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`,`date`);--> statement-breakpoint
CREATE INDEX `payments_date_idx` ON `payments` (`date`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_session_unique` ON `payments` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `payments_stripe_intent_idx` ON `payments` (`stripe_payment_intent`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
INSERT INTO `payments` (`id`, `invoice_id`, `kind`, `amount`, `currency`, `date`, `method`, `state`, `recorded_by`, `created_at`, `updated_at`)
SELECT lower(hex(randomblob(16))), `id`, 'payment', `total`, 'GBP', coalesce(`paid_date`, substr(`updated_at`, 1, 10)),
  coalesce(`paid_method`, 'Other'), 'succeeded', 'Mark as paid', `updated_at`, `updated_at`
FROM `invoices` WHERE `status` = 'Paid' AND `total` > 0;
