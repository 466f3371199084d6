/**
 * Per-client preview records in KV under `preview:{id}`: the client's name, the preview URL,
 * and the access code as a PBKDF2 hash only. The CRM manages them; the public page reads them.
 */
import type { KVNamespace } from "@cloudflare/workers-types";
import type { PasswordHash } from "../auth/password";

export interface PreviewRecord {
  name: string;
  previewUrl: string | null;
  code: PasswordHash | null;
  expiresAt: string | null;
  revoked: boolean;
  /** Changes whenever the code is set or rotated; unlock cookies carry it, so rotation locks them out. */
  updatedAt: string;
}

export const previewKey = (id: string) => `preview:${id}`;

export async function readPreview(kv: KVNamespace, id: string): Promise<PreviewRecord | null> {
  return kv.get<PreviewRecord>(previewKey(id), "json");
}

export async function writePreview(kv: KVNamespace, id: string, record: PreviewRecord): Promise<void> {
  await kv.put(previewKey(id), JSON.stringify(record));
}

/** Usable right now: has a code, not revoked, not expired. */
export function isOpen(record: PreviewRecord | null, now = Date.now()): record is PreviewRecord & { code: PasswordHash } {
  return !!record && !!record.code && !record.revoked && (!record.expiresAt || Date.parse(record.expiresAt) > now);
}
