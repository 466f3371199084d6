/** The calendar module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../users-and-auth/tables";
import { stamps } from "../../platform/columns";

/**
 * A member of staff's calendar feed (modules/calendar/calendar-feeds.ts): one per account, found by the
 * SHA-256 of its secret token, which is shown once and never stored. Rotating replaces the hash;
 * turning the feed off deletes the row.
 */
export const calendar_feeds = sqliteTable(
  "calendar_feeds",
  {
    user_id: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex("calendar_feeds_token_hash_unique").on(t.token_hash)],
);
