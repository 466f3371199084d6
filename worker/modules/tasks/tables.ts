/** The tasks module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { relatedTypes, taskPriorities } from "../../../contract/task";
import { id, stamps, oneOf, bool } from "../../platform/columns";
import { users } from "../users-and-auth/tables";

export const tasks = sqliteTable(
  "tasks",
  {
    id: id(),
    title: text("title").notNull(),
    assignee_username: text("assignee_username").references(() => users.id, { onDelete: "set null" }),
    priority: text("priority", { enum: taskPriorities }).notNull().default("Med"),
    due_date: text("due_date"),
    /** HH:MM London on the due date; a timed task keeps its assignee busy for `minutes`. */
    due_time: text("due_time"),
    minutes: integer("minutes"),
    completed: bool("completed").notNull().default(false),
    notes: text("notes"),
    related_id: text("related_id"),
    related_type: text("related_type", { enum: relatedTypes }),
    ...stamps,
  },
  (t) => [
    index("tasks_completed_idx").on(t.completed),
    index("tasks_due_idx").on(t.due_date),
    index("tasks_related_idx").on(t.related_type, t.related_id),
    check("tasks_priority_check", oneOf(t.priority, taskPriorities)),
    check("tasks_related_type_check", oneOf(t.related_type, relatedTypes, true)),
  ],
);
