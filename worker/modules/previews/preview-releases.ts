/**
 * A preview's versions (docs/decisions/0009-preview-feedback.md): a version ("release" in code,
 * since `preview_versions` already names the KV pin of docs/decisions/0007) is the preview URL as
 * it stood when the studio set it. Comments and approvals name the version they were made on.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { clients, preview_releases } from "../../db/schema";
import type { PreviewRelease } from "../../../contract/preview-feedback";
import type { PreviewContext } from "../../env";
import { newId } from "../../platform/ids";
import { nextStamp, nowIso } from "../../platform/time";

/** The client linked to a preview card, or null. */
export function clientOfPreview(db: Db, previewId: string) {
  return db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.preview_id, previewId)).get();
}

export const releaseColumns = {
  id: preview_releases.id,
  preview_url: preview_releases.preview_url,
  published_at: preview_releases.published_at,
};

export function newestRelease(db: Db, previewId: string, clientId: string) {
  return db
    .select(releaseColumns)
    .from(preview_releases)
    .where(and(eq(preview_releases.preview_id, previewId), eq(preview_releases.client_id, clientId)))
    .orderBy(desc(preview_releases.published_at), desc(sql`rowid`))
    .limit(1)
    .get();
}

/**
 * The version on screen for this card and client. Setting a new URL publishes a new version; a
 * preview set before versions existed (or whose publish was interrupted) gets its version the
 * first time it is asked for, so what the client sees always has one.
 */
export async function publishRelease(db: Db, previewId: string, clientId: string, previewUrl: string | null): Promise<PreviewRelease> {
  const newest = await newestRelease(db, previewId, clientId);
  if (newest && newest.preview_url === previewUrl) return newest;
  const now = nowIso();
  const release = {
    id: newId(),
    preview_id: previewId,
    client_id: clientId,
    preview_url: previewUrl,
    // Strictly later than the version it replaces, so "newest" is never a tie.
    published_at: newest ? nextStamp(newest.published_at) : now,
    created_at: now,
    updated_at: now,
  };
  await db.insert(preview_releases).values(release);
  return { id: release.id, preview_url: release.preview_url, published_at: release.published_at };
}

/** The version an unlocked page shows, published on first sight if it has none yet. */
export const currentRelease = (db: Db, ctx: PreviewContext) => publishRelease(db, ctx.previewId, ctx.client.id, ctx.previewUrl);
