/** The credit-notes module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sql } from "drizzle-orm";
import { check, index, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { id, qualified, stamps } from "../../platform/columns";
import { clients } from "../clients/tables";
import { invoices } from "../invoices/tables";
import { projects } from "../projects/tables";

/**
 * What the studio no longer asks for on one invoice or payment request (docs/decisions/0068):
 * numbered CN-1001 on in the `credit_note` series, written in the batch that cancels the project.
 * Its VAT follows the document it credits, so none is stored here.
 */
export const credit_notes = sqliteTable(
  "credit_notes",
  {
    id: id(),
    number: text("number").notNull(),
    invoice_id: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    client_id: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    project_id: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** Pounds, always positive: what is credited. */
    amount: real("amount").notNull(),
    description: text("description").notNull(),
    /** Its London date. */
    date: text("date").notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex("credit_notes_number_unique").on(t.number),
    index("credit_notes_invoice_idx").on(t.invoice_id),
    index("credit_notes_date_idx").on(t.date),
    check("credit_notes_amount_check", sql`${t.amount} > 0`),
  ],
);

/** What is credited on an invoice, in whole pence, for every module that reads invoices through db/schema. */
export const amountCreditedPence = (invoiceId: AnySQLiteColumn) =>
  sql<number>`coalesce((SELECT sum(round(${credit_notes.amount} * 100)) FROM ${credit_notes} WHERE ${credit_notes.invoice_id} = ${qualified(invoiceId)}), 0)`;
