/**
 * Sliding-window limits kept in D1 (one row per counted event), so every isolate sees the
 * same count. Callers record only what should count (a failed sign-in, an accepted form).
 */
import { and, count, eq, gt, lt, min } from "drizzle-orm";
import type { Db } from "../db/client";
import { rate_limit_events } from "../db/schema";
import { tooManyAttempts } from "./errors";

export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

export const limits = {
  loginIp: { bucket: "login-ip", max: 5, windowMs: 15 * 60_000 },
  loginAccount: { bucket: "login-account", max: 5, windowMs: 15 * 60_000 },
  preview: { bucket: "preview", max: 5, windowMs: 15 * 60_000 },
  forms: { bucket: "forms-ip", max: 20, windowMs: 60 * 60_000 },
  /** Preview comments, counted per client and per address; a refused (422) comment does not count. */
  commentsClient: { bucket: "comments-client", max: 30, windowMs: 60 * 60_000 },
  commentsIp: { bucket: "comments-ip", max: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * Throws 429 with Retry-After when `key` already has `max` events in the window. Every check
 * also drops events older than any window (an index range delete, usually of nothing), so the
 * table stays small without a scheduled job.
 */
export async function assertUnderLimit(db: Db, limit: Limit, key: string, now = Date.now()): Promise<void> {
  const since = new Date(now - limit.windowMs).toISOString();
  const [, [row]] = await db.batch([
    pruneEvents(db, now),
    db
      .select({ n: count(), oldest: min(rate_limit_events.created_at) })
      .from(rate_limit_events)
      .where(and(eq(rate_limit_events.bucket, limit.bucket), eq(rate_limit_events.key, key), gt(rate_limit_events.created_at, since))),
  ]);
  if (row && row.n >= limit.max) {
    const oldest = row.oldest ? Date.parse(row.oldest) : now;
    throw tooManyAttempts((oldest + limit.windowMs - now) / 1000);
  }
}

export function recordEvent(db: Db, limit: Limit, key: string, now = Date.now()) {
  return db.insert(rate_limit_events).values({ bucket: limit.bucket, key, created_at: new Date(now).toISOString() });
}

/** Forget a key's events (a successful sign-in clears its failures). */
export function clearEvents(db: Db, limit: Limit, key: string) {
  return db.delete(rate_limit_events).where(and(eq(rate_limit_events.bucket, limit.bucket), eq(rate_limit_events.key, key)));
}

/** Longer than every window in `limits`; events older than this count for nothing. */
export const EVENT_RETENTION_MS = 24 * 60 * 60_000;

/** Housekeeping: drop events older than the longest window. */
export function pruneEvents(db: Db, now = Date.now()) {
  return db.delete(rate_limit_events).where(lt(rate_limit_events.created_at, new Date(now - EVENT_RETENTION_MS).toISOString()));
}
