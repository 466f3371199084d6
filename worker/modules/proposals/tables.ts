/** The proposals module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sql } from "drizzle-orm";
import { check, index, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { proposalStatuses, type ProposalSection } from "../../../contract/proposal";
import { type InvoiceLine } from "../../../contract/invoice";
import { type PaymentSchedule } from "../../../contract/payment-schedule";
import { id, stamps, oneOf } from "../../platform/columns";
import { clients } from "../clients/tables";
import { leads } from "../leads/tables";
import { projects } from "../projects/tables";

export const proposals = sqliteTable(
  "proposals",
  {
    id: id(),
    title: text("title").notNull(),
    value: real("value"),
    status: text("status", { enum: proposalStatuses }).notNull().default("Draft"),
    sent_date: text("sent_date"),
    due_date: text("due_date"),
    lead_id: text("lead_id").references(() => leads.id, { onDelete: "set null" }),
    client_id: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    notes: text("notes"),
    /** The document the client reads: plain text, never markup. */
    intro: text("intro"),
    sections: text("sections", { mode: "json" })
      .$type<ProposalSection[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The line items, a JSON array; `value` is always their sum, or null with none (modules/proposals/proposals.ts writes both together). */
    lines: text("lines", { mode: "json" })
      .$type<InvoiceLine[]>()
      .notNull()
      .default(sql`'[]'`),
    valid_until: text("valid_until"),
    terms: text("terms"),
    /**
     * The payment schedule, a JSON array checked by contract/payment-schedule.ts on the way in and
     * out (docs/decisions/0061). Proposals made before it have the Terms' 50% on acceptance and 50%
     * on launch approval: the default is written out, not taken from TERMS_PAYMENT_SCHEDULE, so that
     * a later change to that constant is not read by drizzle-kit as a change to this table.
     */
    payment_schedule: text("payment_schedule", { mode: "json" })
      .$type<PaymentSchedule>()
      .notNull()
      .default(
        sql`'[{"label":"Deposit","share_kind":"percent","share":50,"due":"on_acceptance","due_date":null},{"label":"Balance","share_kind":"percent","share":50,"due":"on_launch_approval","due_date":null}]'`,
      ),
    /** The project its acceptance started or carried on: a project finds the proposal that started it. */
    project_id: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    ...stamps,
  },
  (t) => [
    index("proposals_created_idx").on(t.created_at),
    index("proposals_lead_idx").on(t.lead_id),
    index("proposals_client_idx").on(t.client_id),
    index("proposals_project_idx").on(t.project_id),
    check("proposals_status_check", oneOf(t.status, proposalStatuses)),
  ],
);
