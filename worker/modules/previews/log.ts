/**
 * What the public preview routes remember about visits: every unlock attempt (success or not)
 * and when each preview was last opened. Only the eight public ids are recorded, so a visitor
 * cannot fill the table with made-up ids.
 */
import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { preview_access_log, preview_views } from "../../db/schema";
import type { PreviewAccessEntry } from "../../../contract/preview";
import { nowIso } from "../../platform/time";

/** How long attempts are kept; older ones are neither shown nor kept past the nightly housekeeping. */
export const LOG_RETENTION_MS = 180 * 24 * 60 * 60_000;
export const LOG_PAGE = 50;

export interface Attempt {
  browser: string;
  ipHash: string;
}

export function logAttempt(db: Db, previewId: string, success: boolean, attempt: Attempt, at = nowIso()) {
  return db
    .insert(preview_access_log)
    .values({ preview_id: previewId, success, browser: attempt.browser, ip_hash: attempt.ipHash, created_at: at });
}

export function markViewed(db: Db, previewId: string, at = nowIso()) {
  return db
    .insert(preview_views)
    .values({ preview_id: previewId, last_viewed_at: at })
    .onConflictDoUpdate({ target: preview_views.preview_id, set: { last_viewed_at: at } });
}

export async function lastViewed(db: Db, previewId: string): Promise<string | null> {
  const row = await db.select().from(preview_views).where(eq(preview_views.preview_id, previewId)).get();
  return row?.last_viewed_at ?? null;
}

/** Housekeeping: attempts past the retention period. */
export const pruneAccessLog = (db: Db, now = Date.now()) =>
  db.delete(preview_access_log).where(lt(preview_access_log.created_at, new Date(now - LOG_RETENTION_MS).toISOString()));

/** The newest attempts for one preview within the retention period. */
export async function recentAttempts(db: Db, previewId: string, limit = LOG_PAGE): Promise<PreviewAccessEntry[]> {
  const cutoff = new Date(Date.now() - LOG_RETENTION_MS).toISOString();
  return db
    .select({
      id: preview_access_log.id,
      success: preview_access_log.success,
      browser: preview_access_log.browser,
      ip_hash: preview_access_log.ip_hash,
      created_at: preview_access_log.created_at,
    })
    .from(preview_access_log)
    .where(and(eq(preview_access_log.preview_id, previewId), gte(preview_access_log.created_at, cutoff)))
    .orderBy(desc(preview_access_log.id))
    .limit(limit);
}
