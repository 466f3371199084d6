/** The platform's own tables: rate-limit events and write guards. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { nowSql } from "./columns";

/** One row per counted event (a failed sign-in, a form post); limits count rows in a sliding window. */
export const rate_limit_events = sqliteTable(
  "rate_limit_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    created_at: text("created_at").notNull().default(nowSql),
  },
  (t) => [index("rate_limit_events_lookup_idx").on(t.bucket, t.key, t.created_at), index("rate_limit_events_created_idx").on(t.created_at)],
);

/**
 * Never holds a row. A batch that must abort when an earlier versioned UPDATE matched nothing
 * inserts 'stale' here conditionally; the CHECK fails and D1 rolls the whole batch back.
 */
export const write_guards = sqliteTable("write_guards", { token: text("token").notNull() }, (t) => [
  check("stale_write", sql`${t.token} <> 'stale'`),
]);
