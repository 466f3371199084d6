/** The data module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { nowSql, id } from "../../platform/columns";
import { users } from "../users-and-auth/tables";

/**
 * Full JSON backups taken before delete-all (docs/decisions/0050-delete-all.md), kept 30 days. The document can be
 * several MB, more than one D1 row may hold, so its text is split over backup_chunks; the
 * chunks are written in the same batch as the deletion, so a backup exists exactly when the
 * deletion happened.
 */
export const backups = sqliteTable(
  "backups",
  {
    id: id(),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Bytes of the JSON document (UTF-8). */
    size: integer("size").notNull(),
    /** Rows per table, for the Settings list. */
    counts: text("counts", { mode: "json" }).$type<Record<string, number>>().notNull(),
    chunk_count: integer("chunk_count").notNull(),
    created_at: text("created_at").notNull().default(nowSql),
  },
  (t) => [index("backups_created_idx").on(t.created_at)],
);

export const backup_chunks = sqliteTable(
  "backup_chunks",
  {
    backup_id: text("backup_id")
      .notNull()
      .references(() => backups.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: text("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.backup_id, t.seq] })],
);

/**
 * Where an import, a restore or delete-all's backup is written in pieces before the one batch that
 * commits it (docs/decisions/0025-data-transfer-in-chunks.md): validated rows as JSON arrays, one
 * table per piece (`table_name`), or a backup's document text (`table_name` null). The commit
 * copies them into their tables inside D1 and deletes them in the same transaction; pieces left by
 * a request that died part-way are invisible to the CRM and go with the nightly housekeeping.
 */
export const staged_chunks = sqliteTable(
  "staged_chunks",
  {
    transfer_id: text("transfer_id").notNull(),
    seq: integer("seq").notNull(),
    table_name: text("table_name"),
    data: text("data").notNull(),
    created_at: text("created_at").notNull().default(nowSql),
  },
  (t) => [primaryKey({ columns: [t.transfer_id, t.seq] }), index("staged_chunks_created_idx").on(t.created_at)],
);
