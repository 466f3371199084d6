/** The forms module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { emailStatuses, formKinds } from "../../../contract/form-submission";
import { id, stamps, oneOf } from "../../platform/columns";
import { leads } from "../leads/tables";

export const form_submissions = sqliteTable(
  "form_submissions",
  {
    id: id(),
    kind: text("kind", { enum: formKinds }).notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    lead_id: text("lead_id").references(() => leads.id, { onDelete: "set null" }),
    page: text("page"),
    utm: text("utm", { mode: "json" }).$type<Record<string, string>>(),
    ip_hash: text("ip_hash"),
    email_status: text("email_status", { enum: emailStatuses }).notNull().default("pending"),
    email_error: text("email_error"),
    email_attempts: integer("email_attempts").notNull().default(0),
    ...stamps,
  },
  (t) => [
    index("form_submissions_created_idx").on(t.created_at),
    index("form_submissions_email_status_idx").on(t.email_status),
    index("form_submissions_lead_idx").on(t.lead_id),
    check("form_submissions_kind_check", oneOf(t.kind, formKinds)),
    check("form_submissions_email_status_check", oneOf(t.email_status, emailStatuses)),
  ],
);
