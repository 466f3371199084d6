/**
 * Per-client preview records in KV under `preview:{id}`: the client's name, the preview URL,
 * and the access code as a PBKDF2 hash only. The CRM manages them; the public page reads them.
 *
 * KV is eventually consistent: an edge far from the write may serve the old record for up to a
 * minute. Every write therefore first pins the record's version in D1 (`preview_versions`), and
 * the public side honours only the KV copy that matches the pin, so revoking or rotating a code
 * locks visitors out at once; a lagging copy just stays locked until it catches up.
 */
import type { KVNamespace } from "@cloudflare/workers-types";
import { eq } from "drizzle-orm";
import type { PasswordHash } from "../auth/password";
import type { Db } from "../db/client";
import { preview_versions } from "../db/schema";

export interface PreviewRecord {
  name: string;
  previewUrl: string | null;
  code: PasswordHash | null;
  expiresAt: string | null;
  revoked: boolean;
  /** Changes whenever the code is set or rotated; unlock cookies carry it, so rotation locks them out. */
  updatedAt: string;
}

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
  return record && (!pin || pin.version === record.updatedAt) ? record : null;
}

/** Pins the version in D1 first: if the KV write then fails, the preview is locked, never stale-open. */
export async function writePreview({ kv, db }: PreviewStores, id: string, record: PreviewRecord): Promise<void> {
  await db
    .insert(preview_versions)
    .values({ preview_id: id, version: record.updatedAt })
    .onConflictDoUpdate({ target: preview_versions.preview_id, set: { version: record.updatedAt } });
  await kv.put(previewKey(id), JSON.stringify(record));
}

/** Usable right now: has a code, not revoked, not expired. */
export function isOpen(record: PreviewRecord | null, now = Date.now()): record is PreviewRecord & { code: PasswordHash } {
  return !!record && !!record.code && !record.revoked && (!record.expiresAt || Date.parse(record.expiresAt) > now);
}
