/** The leads module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sql } from "drizzle-orm";
import { check, index, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { furthestStages, leadSources, leadStatuses } from "../../../contract/lead";
import { leadActivityTypes } from "../../../contract/lead-activity";
import { id, stamps, oneOf } from "../../platform/columns";
import { clients } from "../clients/tables";
import { users } from "../users-and-auth/tables";

export const leads = sqliteTable(
  "leads",
  {
    id: id(),
    name: text("name").notNull(),
    company: text("company"),
    email: text("email"),
    phone: text("phone"),
    source: text("source", { enum: leadSources }),
    status: text("status", { enum: leadStatuses }).notNull().default("New"),
    notes: text("notes"),
    value: real("value"),
    next_action: text("next_action"),
    follow_up_date: text("follow_up_date"),
    added_by: text("added_by").references(() => users.id, { onDelete: "set null" }),
    stage_changed_by: text("stage_changed_by").references(() => users.id, { onDelete: "set null" }),
    converted_to_client_id: text("converted_to_client_id").references(() => clients.id, { onDelete: "set null" }),
    /**
     * When the lead last became Won or Lost; null while it is open. Kept by two triggers
     * (migrations/0015_dashboard.sql) rather than by each service, so every path that changes a
     * status (an edit, a board drop, a workflow action, an accepted proposal, an import) stamps it.
     */
    closed_at: text("closed_at"),
    /**
     * The furthest open stage the lead has been at (New → Negotiation; a lead once Won counts as
     * having passed them all), so the funnel can count a Lost lead at the stages it got through.
     * Kept by triggers, as closed_at is, which also fill it in when a row comes without it (an import
     * of a file exported before it existed), so it is never empty. No CHECK or NOT NULL: SQLite could
     * add them only by rebuilding the table.
     */
    furthest_stage: text("furthest_stage", { enum: furthestStages }).default("New"),
    ...stamps,
  },
  (t) => [
    index("leads_created_idx").on(t.created_at),
    // The dashboard's sums by status, won by month, win rate and median days to Won, each read
    // from the index alone (value and created_at ride along) rather than from 10,000 rows.
    index("leads_status_closed_idx").on(t.status, t.closed_at, t.value, t.created_at),
    // The funnel: how many leads got how far, counted from the index alone.
    index("leads_status_furthest_idx").on(t.status, t.furthest_stage),
    index("leads_status_name_idx").on(t.status, t.name),
    // A board column, and the leads list filtered by status: the newest of one status, read in
    // order from the index rather than sorted from every lead of that status (3–10 ms → 0.4 ms a
    // column at 10,000 leads), once per column for every /crm load and live refresh.
    index("leads_status_created_idx").on(t.status, t.created_at, t.id),
    index("leads_email_idx").on(t.email),
    index("leads_converted_idx").on(t.converted_to_client_id),
    // The Leads table's Follow-up order and its "Follow-up due" filter.
    index("leads_follow_up_idx").on(t.follow_up_date),
    // A calendar feed reads one person's follow-ups nearest today (modules/calendar/calendar-feeds.ts).
    index("leads_added_by_follow_up_idx").on(t.added_by, t.follow_up_date),
    check("leads_status_check", oneOf(t.status, leadStatuses)),
    check("leads_source_check", oneOf(t.source, leadSources, true)),
    check("leads_value_check", sql`${t.value} IS NULL OR ${t.value} >= 0`),
  ],
);

export const lead_activities = sqliteTable(
  "lead_activities",
  {
    id: id(),
    lead_id: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    activity_type: text("activity_type", { enum: leadActivityTypes }).notNull(),
    description: text("description").notNull(),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...stamps,
  },
  (t) => [
    index("lead_activities_lead_created_idx").on(t.lead_id, t.created_at),
    check("lead_activities_type_check", oneOf(t.activity_type, leadActivityTypes)),
  ],
);
