/** The clients module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, stamps, bool } from "../../platform/columns";
import { clientTypes } from "../../../contract/client";

export const clients = sqliteTable(
  "clients",
  {
    id: id(),
    name: text("name").notNull(),
    website: text("website"),
    // Lists are JSON arrays so order and exact text round-trip.
    emails: text("emails", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    phones: text("phones", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    services: text("services", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    notes: text("notes"),
    active: bool("active").notNull().default(true),
    // Held to the contract's values by triggers (migration 0033): a CHECK would rebuild the table.
    client_type: text("client_type", { enum: clientTypes }).notNull().default("Business"),
    outside_uk: bool("outside_uk").notNull().default(false),
    /** The public preview card (content id) this client's preview record belongs to. */
    preview_id: text("preview_id"),
    ...stamps,
  },
  (t) => [
    index("clients_created_idx").on(t.created_at),
    index("clients_active_name_idx").on(t.active, t.name),
    uniqueIndex("clients_preview_id_unique").on(t.preview_id),
    check(
      "clients_lists_check",
      sql`json_type(${t.emails}) = 'array' AND json_type(${t.phones}) = 'array' AND json_type(${t.services}) = 'array'`,
    ),
  ],
);
