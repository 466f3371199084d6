/** The retainers module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { InvoiceLine } from "../../../contract/invoice";
import { recurringIntervals } from "../../../contract/recurring-invoice-values";
import { bool, id, oneOf, stamps } from "../../platform/columns";
import { clients } from "../clients/tables";
import { invoices } from "../invoices/tables";
import { projects } from "../projects/tables";

/**
 * A client's recurring invoice (docs/decisions/0067-retainers.md): lines raised as an invoice on
 * `next_date`, then every interval. `day` 0 is the month's last day.
 */
export const recurring_invoices = sqliteTable(
  "recurring_invoices",
  {
    id: id(),
    client_id: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    project_id: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    lines: text("lines", { mode: "json" }).$type<InvoiceLine[]>().notNull(),
    total: real("total").notNull(),
    interval: text("interval", { enum: recurringIntervals }).notNull(),
    day: integer("day").notNull(),
    start_date: text("start_date").notNull(),
    end_date: text("end_date"),
    /** Null: the studio's usual payment terms when it is raised. */
    terms_days: integer("terms_days"),
    next_date: text("next_date").notNull(),
    paused: bool("paused").notNull().default(false),
    ...stamps,
  },
  (t) => [
    index("recurring_invoices_client_idx").on(t.client_id),
    index("recurring_invoices_next_idx").on(t.next_date),
    check("recurring_invoices_interval_check", oneOf(t.interval, recurringIntervals)),
    check("recurring_invoices_day_check", sql`${t.day} BETWEEN 0 AND 28`),
  ],
);

/**
 * The claim: one row per recurring invoice and period date, written in the batch that raises the
 * period's invoice, so a period is raised at most once whatever is retried or run twice at once.
 */
export const recurring_invoice_raises = sqliteTable(
  "recurring_invoice_raises",
  {
    recurring_invoice_id: text("recurring_invoice_id")
      .notNull()
      .references(() => recurring_invoices.id, { onDelete: "cascade" }),
    period_date: text("period_date").notNull(),
    invoice_id: text("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    raised_at: text("raised_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.recurring_invoice_id, t.period_date] }), index("recurring_invoice_raises_invoice_idx").on(t.invoice_id)],
);
