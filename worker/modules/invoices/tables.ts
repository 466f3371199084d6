/** The invoices module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sql } from "drizzle-orm";
import { check, index, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { invoiceKinds, invoiceStatuses, paidMethods, vatTreatments, type InvoiceLine } from "../../../contract/invoice";
import { notificationStatuses } from "../../../contract/preview-feedback";
import { bool, id, stamps, oneOf } from "../../platform/columns";
import { clients } from "../clients/tables";
import { projects } from "../projects/tables";

export const invoices = sqliteTable(
  "invoices",
  {
    id: id(),
    number: text("number").notNull(),
    // An invoice is a financial record: its client cannot be deleted from under it.
    client_id: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    project_id: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** The line items, a JSON array; `total` is always their sum (modules/invoices/invoices.ts writes both together). */
    lines: text("lines", { mode: "json" })
      .$type<InvoiceLine[]>()
      .notNull()
      .default(sql`'[]'`),
    total: real("total").notNull(),
    date: text("date").notNull(),
    due_date: text("due_date").notNull(),
    status: text("status", { enum: invoiceStatuses }).notNull().default("Draft"),
    paid_date: text("paid_date"),
    // Checked by triggers (migration 0025), not a CHECK: adding one would rebuild the table, and
    // dropping the old one in D1's migration would delete every invoice's links.
    paid_method: text("paid_method", { enum: paidMethods }),
    // Fixed from the client when the invoice is made; held to the contract's values by triggers (migration 0033).
    vat_treatment: text("vat_treatment", { enum: vatTreatments }).notNull().default("standard"),
    /** A late-payment charge: the overdue invoice it charges for, each at most once (docs/decisions/0065). */
    late_charge_for: text("late_charge_for").references((): AnySQLiteColumn => invoices.id, { onDelete: "set null" }),
    /** An invoice or a payment request (docs/decisions/0063); checked by a trigger, as paid_method is. */
    kind: text("kind", { enum: invoiceKinds }).notNull().default("invoice"),
    /** The payment request a VAT invoice was raised for when it was paid: at most one each. */
    settles_id: text("settles_id").references((): AnySQLiteColumn => invoices.id, { onDelete: "set null" }),
    /** How the e-mail of a document raised by itself went; null for one made by hand. */
    email_status: text("email_status", { enum: notificationStatuses }),
    email_error: text("email_error"),
    /** The client gets no payment reminders for it while set (docs/decisions/0066). */
    reminders_paused: bool("reminders_paused").notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex("invoices_number_unique").on(t.number),
    uniqueIndex("invoices_late_charge_for_unique").on(t.late_charge_for),
    index("invoices_created_idx").on(t.created_at),
    index("invoices_client_idx").on(t.client_id),
    index("invoices_project_idx").on(t.project_id),
    uniqueIndex("invoices_settles_unique").on(t.settles_id),
    check("invoices_status_check", oneOf(t.status, invoiceStatuses)),
    check("invoices_total_check", sql`${t.total} >= 0`),
  ],
);
