/**
 * Per-client preview records in KV under `preview:{id}`: the client's name, the preview URL,
 * and the access code as a PBKDF2 hash only. The CRM manages them; the public page reads them.
 *
 * KV is eventually consistent: an edge far from the write may serve the old record for up to a
 * minute. Every write therefore first pins the record's revision in D1 (`preview_versions`), and
 * the public side honours only the KV copy that matches the pin, so revoking or rotating a code
 * locks visitors out at once; a lagging copy just stays locked until it catches up. The pin
 * moves only from the revision the write started from, so a CRM edit made from a lagging copy
 * is refused instead of bringing back what it had not seen (a revocation, say).
 */
import type { KVNamespace } from "@cloudflare/workers-types";
import { and, eq } from "drizzle-orm";
import type { PasswordHash } from "../../platform/password";
import type { Db } from "../../platform/db";
import { preview_versions } from "../../db/schema";
import { staleEdit } from "../../platform/errors";

export interface PreviewRecord {
  name: string;
  previewUrl: string | null;
  code: PasswordHash | null;
  expiresAt: string | null;
  revoked: boolean;
  /** Changes whenever the code is set or rotated; unlock cookies carry it, so rotation locks them out. */
  updatedAt: string;
  /** Changes on every write, a new URL or expiry too; D1 pins it. Absent from records written before it existed. */
  revision?: string;
}

const revisionOf = (record: PreviewRecord) => record.revision ?? record.updatedAt;

export interface PreviewStores {
  kv: KVNamespace;
  db: Db;
}

export const previewKey = (id: string) => `preview:${id}`;

/** The KV copy as this edge sees it (the CRM's view of its own writes). */
export async function readPreview(kv: KVNamespace, id: string): Promise<PreviewRecord | null> {
  return kv.get<PreviewRecord>(previewKey(id), "json");
}

/**
 * The record only if this edge's copy is the current version; a stale copy reads as no record.
 * A record written before versions were pinned (no pin yet) is taken as it is.
 */
export async function readCurrentPreview({ kv, db }: PreviewStores, id: string): Promise<PreviewRecord | null> {
  const [record, pin] = await Promise.all([
    readPreview(kv, id),
    db.select({ version: preview_versions.version }).from(preview_versions).where(eq(preview_versions.preview_id, id)).get(),
  ]);
  return record && (!pin || pin.version === revisionOf(record)) ? record : null;
}

/**
 * Writes `next` as the successor of `basis`, the record the change was made from (null: there
 * was none). The pin moves first, and only from `basis`'s revision: if another write moved it,
 * or this edge's copy of `basis` was stale, nothing is written (409). If the KV write then fails
 * the pin is put back, so the preview is never stale-open and the next attempt starts clean.
 */
export async function writePreview(
  { kv, db }: PreviewStores,
  id: string,
  basis: PreviewRecord | null,
  next: Omit<PreviewRecord, "revision">,
): Promise<PreviewRecord> {
  const revision = crypto.randomUUID();
  const record: PreviewRecord = { ...next, revision };
  const pin = preview_versions;
  const moved = basis
    ? await db
        .update(pin)
        .set({ version: revision })
        .where(and(eq(pin.preview_id, id), eq(pin.version, revisionOf(basis))))
        .returning({ id: pin.preview_id })
    : [];
  // No pin to move: a new card, or one written before pins existed, which this write claims.
  const claimed = moved.length
    ? moved
    : await db.insert(pin).values({ preview_id: id, version: revision }).onConflictDoNothing().returning({ id: pin.preview_id });
  if (!claimed.length) throw staleEdit("preview");
  try {
    await kv.put(previewKey(id), JSON.stringify(record));
  } catch (error) {
    await (basis && moved.length
      ? db
          .update(pin)
          .set({ version: revisionOf(basis) })
          .where(and(eq(pin.preview_id, id), eq(pin.version, revision)))
      : db.delete(pin).where(and(eq(pin.preview_id, id), eq(pin.version, revision))));
    throw error;
  }
  return record;
}

/** Usable right now: has a code, not revoked, not expired. */
export function isOpen(record: PreviewRecord | null, now = Date.now()): record is PreviewRecord & { code: PasswordHash } {
  return !!record && !!record.code && !record.revoked && (!record.expiresAt || Date.parse(record.expiresAt) > now);
}
