/** Column helpers every table shares: ids, timestamps, a CHECK for an enumerated column, booleans. */
import { getTableName, sql, type SQL } from "drizzle-orm";
import { integer, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";

export const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
export const id = () => text("id").primaryKey();
export const stamps = {
  created_at: text("created_at").notNull().default(nowSql),
  updated_at: text("updated_at").notNull().default(nowSql),
};

/** `col IN ('a','b')` with the values inlined, as CHECK constraints need literals. */
export function oneOf(column: AnySQLiteColumn, values: readonly string[], nullable = false): SQL {
  const list = sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", "));
  return nullable ? sql`${column} IS NULL OR ${column} IN (${list})` : sql`${column} IN (${list})`;
}
export const bool = (name: string) => integer(name, { mode: "boolean" });

/**
 * A column always written as "table"."column". drizzle leaves columns unqualified in a select from
 * one table, so a correlated subquery's `"id"` would read the inner table's own id, not the outer row's.
 */
export const qualified = (column: AnySQLiteColumn): SQL => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
