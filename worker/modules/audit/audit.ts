/**
 * The audit trail (docs/guide/security.md): who exported, imported, deleted or restored the studio's data,
 * invited, disabled or enabled an account, accepted an invitation, signed in, failed to, was locked out or
 * changed a password; who deleted a client, changed the studio details, or linked, unlinked, revoked or
 * restored a client's preview or issued its code; who made, rotated or turned off their calendar feed;
 * who e-mailed a client's link, and to whom.
 * Rows are written in the same batch as the change they record where there is one. `subject_id` names
 * an account only: a client or preview card is named in the detail.
 */
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../platform/db";
import { audit_events, users } from "../../db/schema";
import { AUDIT_PAGE, type AuditAction, type AuditEvent } from "../../../contract/audit";
import { newId } from "../../platform/ids";
import { nowIso } from "../../platform/time";

/** Who and where a request came from, as the trail keeps it. */
export interface AuditSource {
  actorId: string | null;
  ipHash: string;
  requestId: string;
}

/** How the detail names a client: its name as it was, and its id, which outlives a rename or deletion. */
export const clientTarget = (client: { id: string; name: string }) => `client "${client.name}" (${client.id})`;

/** The row for one event (run it alone, or put it in the batch of the change it records). */
export function auditEvent(db: Db, source: AuditSource, action: AuditAction, detail: string, subjectId: string | null = null) {
  return db.insert(audit_events).values({
    id: newId(),
    action,
    actor_id: source.actorId,
    subject_id: subjectId,
    detail: detail.slice(0, 500),
    ip_hash: source.ipHash,
    request_id: source.requestId,
    created_at: nowIso(),
  });
}

/** Failed sign-ins are summarised: one row per account per window this long, not one per guess. */
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60_000;

const londonClock = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" });

/**
 * Counts one failed sign-in to `subjectId` in that account's row for the current 15 minutes
 * ("3 failed sign-ins between 14:00 and 14:15", London time), adding the row at the window's
 * first failure. One upsert keyed by account and window, so parallel failures each count once.
 */
export function failedSignIn(db: Db, source: AuditSource, subjectId: string, now = Date.now()) {
  const start = Math.floor(now / FAILED_SIGN_IN_WINDOW_MS) * FAILED_SIGN_IN_WINDOW_MS;
  const span = `between ${londonClock.format(start)} and ${londonClock.format(start + FAILED_SIGN_IN_WINDOW_MS)}`;
  return db
    .insert(audit_events)
    .values({
      id: `failed-sign-ins:${subjectId}:${new Date(start).toISOString()}`,
      action: "failed_sign_ins",
      actor_id: source.actorId,
      subject_id: subjectId,
      detail: `1 failed sign-in ${span}`,
      ip_hash: source.ipHash,
      request_id: source.requestId,
      created_at: nowIso(),
    })
    .onConflictDoUpdate({
      target: audit_events.id,
      // The detail starts with the count: SQLite reads a text's leading digits as its integer value.
      set: { detail: sql`(CAST(${audit_events.detail} AS INTEGER) + 1) || ${` failed sign-ins ${span}`}` },
    });
}

const actor = alias(users, "actor");
const subject = alias(users, "subject");

/** The newest events first, a page at a time, after the last one shown (`before`, `beforeId`). */
export function listAuditEvents(db: Db, before?: string, beforeId?: string): Promise<AuditEvent[]> {
  return db
    .select({
      id: audit_events.id,
      action: audit_events.action,
      actor_id: audit_events.actor_id,
      actor_name: actor.full_name,
      subject_id: audit_events.subject_id,
      subject_name: subject.full_name,
      detail: audit_events.detail,
      ip_hash: audit_events.ip_hash,
      request_id: audit_events.request_id,
      created_at: audit_events.created_at,
    })
    .from(audit_events)
    .leftJoin(actor, eq(actor.id, audit_events.actor_id))
    .leftJoin(subject, eq(subject.id, audit_events.subject_id))
    .where(
      before
        ? beforeId
          ? or(lt(audit_events.created_at, before), and(eq(audit_events.created_at, before), lt(audit_events.id, beforeId)))
          : lt(audit_events.created_at, before)
        : undefined,
    )
    .orderBy(desc(audit_events.created_at), desc(audit_events.id))
    .limit(AUDIT_PAGE) as Promise<AuditEvent[]>;
}

/** Every event, oldest first: what a delete-all backup keeps of the trail. */
export function allAuditEvents(db: Db) {
  return db.select().from(audit_events).orderBy(audit_events.created_at);
}
