/** Helpers for writes that must commit together. */
import { getTableColumns, not, sql, type InferInsertModel, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./db";
import { write_guards } from "../db/schema";

/** db.batch for a list built at run time (drizzle's typing wants a literal tuple). */
export function runBatch(db: Db, items: BatchItem<"sqlite">[]) {
  return db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/**
 * Aborts the batch it is in unless the versioned UPDATE right before it changed a row.
 * Answered as 409 by onError. Checking the row's new version instead is not enough: the
 * Workers clock stands still between I/O, so two requests editing the same copy compute the
 * same new version, and the loser would find the winner's row "at its version".
 */
export function requireUpdated(db: Db) {
  // A one-row SELECT with no table, kept only when the previous statement changed nothing.
  return db.insert(write_guards).select(
    db
      .select({ token: sql<string>`'stale'`.as("token") })
      .from(sql`(SELECT 1)`)
      .where(not(previousStatementChangedRows)),
  );
}

/**
 * True when the statement before this one in the batch changed a row. SQLite's changes()
 * counts the last completed statement on the connection, and a D1 batch runs its statements
 * in order on one connection.
 */
export const previousStatementChangedRows = sql`changes() > 0`;

/**
 * Aborts the batch it is in when `condition` holds: the write_guards CHECK refuses the row.
 * (Built with the query builder: drizzle's D1 batch cannot run a raw `db.run(sql)` with parameters.)
 */
export const abortIf = (db: Db, condition: SQL) =>
  db.insert(write_guards).select(
    db
      .select({ token: sql<string>`'stale'`.as("token") })
      .from(sql`(SELECT 1)`)
      .where(condition),
  );

/** Whether a D1 error is our own guard refusing the batch. */
export const isGuardAbort = (err: unknown) =>
  err instanceof Error && `${err.message} ${(err as { cause?: Error }).cause?.message ?? ""}`.includes("stale_write");

/**
 * Inserts `row` only where `where` holds, decided inside the statement: what a lookup before the
 * batch cannot promise when two requests run at once. Columns `row` leaves out get their
 * default, else NULL, as an ordinary insert gives them; a value may be SQL (a subquery).
 */
export function insertWhere<T extends SQLiteTable>(
  db: Db,
  table: T,
  row: { [K in keyof InferInsertModel<T>]: InferInsertModel<T>[K] | SQL },
  where: SQL,
) {
  const values = row as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => {
      const value = values[key] !== undefined ? values[key] : (column.default ?? null);
      return [key, sql`${value}`.as(column.name)];
    }),
  );
  return db.insert(table).select(
    db
      .select(fields)
      .from(sql`(SELECT 1)`)
      .where(where) as never,
  );
}
