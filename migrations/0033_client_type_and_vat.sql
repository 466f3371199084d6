ALTER TABLE `clients` ADD `client_type` text DEFAULT 'Business' NOT NULL;--> statement-breakpoint
ALTER TABLE `clients` ADD `outside_uk` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `vat_treatment` text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
-- hand-written:
-- A client is a business or a consumer (only a business owes late-payment charges) and may be
-- based outside the UK (no UK VAT on their invoices); an invoice keeps the VAT treatment it was
-- made with. SQLite adds a CHECK only by rebuilding a table, and in D1's migration transaction
-- dropping `clients` or `invoices` would cascade to the rows that reference them: triggers hold
-- the columns to the contract's values instead (contract/client.ts, contract/invoice-values.ts).
CREATE TRIGGER `clients_client_type_check_insert` BEFORE INSERT ON `clients`
WHEN NEW.`client_type` NOT IN ('Business', 'Consumer') OR NEW.`outside_uk` NOT IN (0, 1)
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: clients_client_type_check');
END;--> statement-breakpoint
CREATE TRIGGER `clients_client_type_check_update` BEFORE UPDATE OF `client_type`, `outside_uk` ON `clients`
WHEN NEW.`client_type` NOT IN ('Business', 'Consumer') OR NEW.`outside_uk` NOT IN (0, 1)
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: clients_client_type_check');
END;--> statement-breakpoint
CREATE TRIGGER `invoices_vat_treatment_check_insert` BEFORE INSERT ON `invoices`
WHEN NEW.`vat_treatment` NOT IN ('standard', 'outside_uk', 'outside_scope')
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: invoices_vat_treatment_check');
END;--> statement-breakpoint
CREATE TRIGGER `invoices_vat_treatment_check_update` BEFORE UPDATE OF `vat_treatment` ON `invoices`
WHEN NEW.`vat_treatment` NOT IN ('standard', 'outside_uk', 'outside_scope')
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: invoices_vat_treatment_check');
END;
