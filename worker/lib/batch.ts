/** Helpers for writes that must commit together. */
import { and, eq, notExists, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { write_guards } from "../db/schema";

/** db.batch for a list built at run time (drizzle's typing wants a literal tuple). */
export function runBatch(db: Db, items: BatchItem<"sqlite">[]) {
  return db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/**
 * Aborts the batch it is in unless the row now carries `version` — that is, unless the
 * versioned UPDATE before it in the same batch went through. Answered as 409 by onError.
 */
export function requireVersion(db: Db, table: SQLiteTable & { id: SQLiteColumn; updated_at: SQLiteColumn }, id: string, version: string) {
  // A one-row SELECT with no table, kept only when the row is not at `version`.
  return db.insert(write_guards).select(
    db
      .select({ token: sql<string>`'stale'`.as("token") })
      .from(sql`(SELECT 1)`)
      .where(
        notExists(
          db
            .select({ one: sql`1` })
            .from(table)
            .where(and(eq(table.id, id), eq(table.updated_at, version))),
        ),
      ),
  );
}
