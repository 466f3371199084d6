/**
 * Optimistic concurrency. Writes carry `WHERE updated_at = <the copy the client saw>`; when one
 * touches no row, the row either vanished (404) or changed since (409).
 */
import { notFound, staleEdit } from "./errors";

export async function versionedResult<T>(rows: T[], stillExists: () => Promise<unknown>, what: string): Promise<T> {
  if (rows[0]) return rows[0];
  if (await stillExists()) throw staleEdit(what.toLowerCase());
  throw notFound(what);
}
