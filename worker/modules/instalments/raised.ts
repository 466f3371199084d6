/**
 * Invoices raised by themselves (an instalment, a recurring invoice, the VAT invoice of a paid
 * request) are written by an insert-select guarded by their claim, so the document and its claim
 * land in one batch or not at all. drizzle wants such a select to name every column in the table's
 * order: this builds it from the columns a caller gives, each other one taking what a raised
 * document starts with, so a column added to invoices is added here once.
 */
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { invoices } from "../../db/schema";

type Columns = typeof invoices.$inferSelect;
type ColumnName = keyof Columns;

/** What a raised document starts with: Sent, unpaid, an invoice, its e-mail still to go, reminders on. */
const startsWith: Partial<Record<ColumnName, SQL>> = {
  status: sql`'Sent'`,
  paid_date: sql`NULL`,
  paid_method: sql`NULL`,
  late_charge_for: sql`NULL`,
  kind: sql`'invoice'`,
  settles_id: sql`NULL`,
  email_status: sql`'pending'`,
  email_error: sql`NULL`,
  reminders_paused: sql`0`,
};

type Required = "id" | "number" | "client_id" | "project_id" | "lines" | "total" | "date" | "due_date" | "vat_treatment" | "created_at" | "updated_at";

/** The select list: `given` values (SQL, so they may read other rows) and the rest from `startsWith`. */
export function raisedInvoiceSelection(given: Record<Required, SQL> & Partial<Record<ColumnName, SQL>>): {
  [K in ColumnName]: SQL.Aliased<Columns[K]>;
} {
  const values: Partial<Record<ColumnName, SQL>> = { ...startsWith, ...given };
  const names = Object.keys(getTableColumns(invoices)) as ColumnName[];
  return Object.fromEntries(
    names.map((name) => {
      const value = values[name];
      // A column added to invoices with no value for raised documents: caught by every raise's test.
      if (!value) throw new Error(`A raised invoice has no value for ${name}`);
      return [name, sql`${value}`.as(name)];
    }),
  ) as { [K in ColumnName]: SQL.Aliased<Columns[K]> };
}

/** No UK VAT for a client based outside it, as for an invoice made by hand (contract/invoice-values.ts). */
export const clientVatTreatment = (clientId: string) =>
  sql`(SELECT CASE WHEN "c"."outside_uk" THEN 'outside_uk' ELSE 'standard' END FROM "clients" AS "c" WHERE "c"."id" = ${clientId})`;
