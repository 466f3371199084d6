/** Case-blind substring search in SQLite, for any list with a search box. */
import { sql, type SQL } from "drizzle-orm";

/** `%term%` with LIKE's wildcards escaped, for case-insensitive substring search. */
export const containsPattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
export const ilike = (column: SQL.Aliased | SQL | { getSQL(): SQL }, pattern: string) => sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
