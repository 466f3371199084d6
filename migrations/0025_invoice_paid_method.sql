ALTER TABLE `invoices` ADD `paid_method` text;--> statement-breakpoint
-- hand-written:
-- How a paid invoice was paid. SQLite adds a CHECK only by rebuilding the table, and in D1's
-- migration transaction dropping `invoices` would cascade to its links: triggers hold the column
-- to the contract's values instead (contract/invoice-values.ts `paidMethods`), and to a Paid
-- invoice, as the service and Import do.
CREATE TRIGGER `invoices_paid_method_check_insert` BEFORE INSERT ON `invoices`
WHEN NEW.`paid_method` IS NOT NULL AND (NEW.`paid_method` NOT IN ('Bank transfer', 'Card', 'Cash', 'Other') OR NEW.`status` <> 'Paid')
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: invoices_paid_method_check');
END;--> statement-breakpoint
CREATE TRIGGER `invoices_paid_method_check_update` BEFORE UPDATE OF `paid_method`, `status` ON `invoices`
WHEN NEW.`paid_method` IS NOT NULL AND (NEW.`paid_method` NOT IN ('Bank transfer', 'Card', 'Cash', 'Other') OR NEW.`status` <> 'Paid')
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: invoices_paid_method_check');
END;
