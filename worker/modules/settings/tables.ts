/** The settings module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { stamps } from "../../platform/columns";

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  /** JSON text. */
  value: text("value").notNull(),
  ...stamps,
});
