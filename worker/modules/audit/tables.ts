/** The audit module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { auditActions } from "../../../contract/audit";
import { nowSql, id } from "../../platform/columns";
import { users } from "../users-and-auth/tables";

/**
 * What happened to the studio's data and accounts, and who did it (docs/guide/security.md): exports, imports,
 * delete-all, restores, invitations, accounts disabled or enabled, sign-ins, lockouts and
 * password changes. Addresses only as the access log's keyed hash. Outlives delete-all, and is
 * written into its backup.
 */
export const audit_events = sqliteTable(
  "audit_events",
  {
    id: id(),
    action: text("action", { enum: auditActions }).notNull(),
    /** Who did it: a member of staff, or null for an anonymous visitor (a failed sign-in). */
    actor_id: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The account it was done to, when there is one (an invited, disabled or locked account). */
    subject_id: text("subject_id").references(() => users.id, { onDelete: "set null" }),
    detail: text("detail").notNull(),
    ip_hash: text("ip_hash").notNull(),
    request_id: text("request_id").notNull(),
    created_at: text("created_at").notNull().default(nowSql),
  },
  (t) => [index("audit_events_created_idx").on(t.created_at)],
);
