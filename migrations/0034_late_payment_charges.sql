ALTER TABLE `invoices` ADD `late_charge_for` text REFERENCES invoices(id) ON DELETE set null;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_late_charge_for_unique` ON `invoices` (`late_charge_for`);
-- hand-written note: a late-payment charge is an invoice of its own (outside the scope of VAT) that
-- names the overdue invoice it charges for; the unique index lets each be charged at most once
-- (docs/decisions/0065-late-payment-charges.md). Deleting the overdue invoice leaves the charge.
