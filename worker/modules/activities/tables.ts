/** The activities module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { check, index, sqliteTable, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { relatedTypes } from "../../../contract/task";
import { activityTypes, activityWhoKinds } from "../../../contract/activity";
import { id, stamps, oneOf } from "../../platform/columns";
import { mail_messages } from "../mail/tables";
import { users } from "../users-and-auth/tables";

export const activities = sqliteTable(
  "activities",
  {
    id: id(),
    who_username: text("who_username").references(() => users.id, { onDelete: "set null" }),
    who_name: text("who_name"),
    who_kind: text("who_kind", { enum: activityWhoKinds }).notNull(),
    type: text("type", { enum: activityTypes }).notNull(),
    summary: text("summary").notNull(),
    related_type: text("related_type", { enum: relatedTypes }),
    related_id: text("related_id"),
    /** An Email entry filed from the CRM's inbox: the message it shows. */
    mail_id: text("mail_id").references((): AnySQLiteColumn => mail_messages.id, { onDelete: "cascade" }),
    ...stamps,
  },
  (t) => [
    index("activities_created_idx").on(t.created_at),
    index("activities_mail_idx").on(t.mail_id),
    // A lead's timeline reads the entries logged for it.
    index("activities_related_idx").on(t.related_type, t.related_id, t.created_at),
    check("activities_type_check", oneOf(t.type, activityTypes)),
    check("activities_who_kind_check", oneOf(t.who_kind, activityWhoKinds)),
    check("activities_related_type_check", oneOf(t.related_type, relatedTypes, true)),
  ],
);
