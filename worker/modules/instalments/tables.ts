/** The instalments module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { paymentDues } from "../../../contract/payment-schedule-values";
import { id, stamps, oneOf } from "../../platform/columns";
import { invoices } from "../invoices/tables";
import { projects } from "../projects/tables";
import { proposals } from "../proposals/tables";

/**
 * A proposal's payment schedule as its acceptance fixed it (docs/decisions/0063): one row per
 * instalment, written in the acceptance's batch. `raised_at` is the claim: the batch that raises
 * an instalment sets it only where it is still null, so an instalment is raised at most once
 * whatever is retried or repeated, and the unique (proposal, position) keeps a repeated acceptance
 * from fixing the schedule twice.
 */
export const instalments = sqliteTable(
  "instalments",
  {
    id: id(),
    proposal_id: text("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    /** What the schedule gave it for the accepted total, in pounds to the penny. */
    amount: real("amount").notNull(),
    due: text("due", { enum: paymentDues }).notNull(),
    due_date: text("due_date"),
    /** The project the acceptance started or carried on, if any. */
    project_id: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** What was raised for it: a payment request or an invoice. */
    invoice_id: text("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    raised_at: text("raised_at"),
    ...stamps,
  },
  (t) => [
    uniqueIndex("instalments_proposal_position_unique").on(t.proposal_id, t.position),
    index("instalments_project_idx").on(t.project_id),
    index("instalments_waiting_idx").on(t.due, t.raised_at),
    index("instalments_invoice_idx").on(t.invoice_id),
    check("instalments_due_check", oneOf(t.due, paymentDues)),
  ],
);

/**
 * The last number each series gave (docs/decisions/0063): `invoice` (INV-1001 on) and
 * `payment_request` (PR-1001 on). Raised in the same batch as the document it numbers, so two
 * raises at once never take the same number and a failed batch leaves no gap.
 */
export const number_series = sqliteTable("number_series", {
  series: text("series").primaryKey(),
  last: integer("last").notNull(),
});
