/** The jobs module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { digestStatuses } from "../../../contract/digest";
import { id, stamps, oneOf } from "../../platform/columns";
import { users } from "../users-and-auth/tables";

/**
 * One row per scheduled job and London day it ran (modules/jobs/jobs.ts): a second run that day, or
 * a retry, finds the row and does nothing.
 */
export const job_runs = sqliteTable(
  "job_runs",
  {
    job: text("job").notNull(),
    /** The London date the run was for, YYYY-MM-DD. */
    run_date: text("run_date").notNull(),
    ran_at: text("ran_at").notNull(),
    /** What it did, as JSON: counts for the Owner and for tests. */
    result: text("result").notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.run_date] })],
);

/**
 * One row per member of staff and London day the daily digest was considered for them
 * (modules/jobs/digest.ts): claimed before sending, so a second run or a retry never mails twice, then
 * marked sent, failed (shown to the Owner in Settings, with a resend) or empty (nothing to say).
 */
export const digest_sends = sqliteTable(
  "digest_sends",
  {
    id: id(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    run_date: text("run_date").notNull(),
    status: text("status", { enum: digestStatuses }).notNull(),
    /** How many items the digest listed. */
    items: integer("items").notNull().default(0),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    ...stamps,
  },
  (t) => [
    uniqueIndex("digest_sends_user_day_unique").on(t.user_id, t.run_date),
    index("digest_sends_status_idx").on(t.status),
    check("digest_sends_status_check", oneOf(t.status, digestStatuses)),
  ],
);
