/** The projects module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { check, index, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { projectStages, projectStatuses, projectTypes } from "../../../contract/project";
import { id, stamps, oneOf } from "../../platform/columns";
import { clients } from "../clients/tables";
import { leads } from "../leads/tables";

export const projects = sqliteTable(
  "projects",
  {
    id: id(),
    title: text("title").notNull(),
    type: text("type", { enum: projectTypes }),
    // A project outlives the client record it was for: it is history the studio keeps.
    client_id: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    budget: real("budget"),
    start_date: text("start_date"),
    due_date: text("due_date"),
    stage: text("stage", { enum: projectStages }).notNull().default("Discovery"),
    status: text("status", { enum: projectStatuses }).notNull().default("On Track"),
    notes: text("notes"),
    lead_id: text("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /**
     * Who last moved the stage: a user id for a member of staff (docs/decisions/0001), or
     * "Client: {name}" when the client's approval of their preview moved it to Launch.
     */
    stage_changed_by: text("stage_changed_by"),
    /**
     * When the Owner cancelled it (docs/decisions/0068): a column, not a status, since a status is
     * a CHECK and a new value would rebuild the table; its status stays as it was for the record.
     */
    cancelled_at: text("cancelled_at"),
    ...stamps,
  },
  (t) => [
    index("projects_created_idx").on(t.created_at),
    index("projects_client_stage_idx").on(t.client_id, t.stage, t.updated_at),
    index("projects_client_idx").on(t.client_id),
    index("projects_lead_idx").on(t.lead_id),
    check("projects_stage_check", oneOf(t.stage, projectStages)),
    check("projects_status_check", oneOf(t.status, projectStatuses)),
    check("projects_type_check", oneOf(t.type, projectTypes, true)),
  ],
);
