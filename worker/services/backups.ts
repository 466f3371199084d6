/**
 * Delete-all with a backup first (docs/decisions/product/19-delete-all.md), the 30-day backup list, and restore.
 *
 * Delete-all is ONE D1 batch: a guard that the data is still what was snapshotted, the backup
 * (its JSON split into chunks under D1's row limit), the deletion of every CRM row, and the
 * purge of expired backups. So either the rows are gone and their backup exists, or nothing
 * happened. Before that batch the backup is read back exactly as a restore will read it, and
 * nothing is deleted unless it would restore. Restore goes through the same path as Import
 * (empty CRM, one batch), and also re-arms the preview cards' codes (docs/decisions/0013).
 */
import { and, asc, desc, eq, gte, lt, max, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { KVNamespace } from "@cloudflare/workers-types";
import type { Db } from "../db/client";
import { revokePreviewCard } from "../previews/admin";
import { backup_chunks, backups, form_submissions, users } from "../db/schema";
import { BACKUP_RETENTION_DAYS, exportTables, type BackupSummary, type ExportDocument } from "../../contract/export";
import { allAuditEvents, auditEvent, type AuditSource } from "./audit";
import { AppError, notFound } from "../lib/errors";
import { abortIf, isGuardAbort, runBatch } from "../lib/batch";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { byteLength, CHUNK_BYTES, countsOf, exportAll, importAll, readDocument, tables, type ImportResult } from "./data-transfer";

const cutoff = (now = Date.now()) => new Date(now - BACKUP_RETENTION_DAYS * 24 * 60 * 60_000).toISOString();
/** The nightly housekeeping (services/housekeeping.ts): backups past the retention period go, their chunks with them. */
// Returning the ids: D1's count of changes would include the chunks deleted with them.
export const purgeExpiredBackups = (db: Db, now = Date.now()) =>
  db
    .delete(backups)
    .where(lt(backups.created_at, cutoff(now)))
    .returning({ id: backups.id });

/** Splits text into pieces of at most `maxBytes` UTF-8 bytes, never inside a surrogate pair. */
export function splitUtf8(text: string, maxBytes = CHUNK_BYTES): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > maxBytes && i > start) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    if (pair) i++;
  }
  if (start < text.length || pieces.length === 0) pieces.push(text.slice(start));
  return pieces;
}

/** Rows and the newest change of each table: the snapshot delete-all must still match when it commits. */
async function fingerprints(db: Db): Promise<string[]> {
  const results = await runBatch(
    db,
    exportTables.map((name) => {
      const t = tables[name] as typeof backups & { updated_at: typeof backups.created_at };
      return db.select({ n: sql<number>`count(*)`, last: max(t.updated_at) }).from(t);
    }),
  );
  return (results as { n: number; last: string | null }[][]).map(([r]) => `${r.n}:${r.last ?? ""}`);
}

function changedSince(expected: string[]) {
  return sql.join(
    exportTables.map((name, i) => {
      const t = tables[name] as typeof backups & { updated_at: typeof backups.created_at };
      return sql`(SELECT count(*) || ':' || ifnull(max(${t.updated_at}), '') FROM ${t}) <> ${expected[i]}`;
    }),
    sql` OR `,
  );
}

/** Deletion order: children before parents, leads before clients (nothing then needs setting to null). */
const deletionOrder = [
  "invoice_links",
  "proposal_messages",
  "proposal_responses",
  "proposal_links",
  "preview_replies",
  "preview_approvals",
  "preview_comments",
  "preview_releases",
  "activities",
  "mail_messages",
  "lead_activities",
  "tasks",
  "invoices",
  "proposals",
  "projects",
  "leads",
  "clients",
] as const;

/** Reads a backup's text as a restore will; a backup that would not restore refuses delete-all (409), naming the problem. */
function proveRestorable(text: string) {
  readDocument(JSON.parse(text), { what: "The backup of this data would not restore", outcome: "Nothing was deleted.", code: "conflict" });
}

export interface DeleteAllResult {
  backup: BackupSummary;
  deleted: Record<string, number>;
}

export async function deleteAll(
  db: Db,
  kv: KVNamespace,
  by: { id: string; full_name: string },
  source: AuditSource,
): Promise<DeleteAllResult> {
  // Read the fingerprint first: any write after it makes the guard below abort the batch.
  const expected = await fingerprints(db);
  // The backup keeps the audit trail as it stood too (the trail itself outlives delete-all).
  const doc: ExportDocument = { ...(await exportAll(db, kv, { withCodes: true })), audit_events: await allAuditEvents(db) };
  const text = JSON.stringify(doc);
  proveRestorable(text);
  const pieces = splitUtf8(text);
  const counts = countsOf(doc);
  const backup = { id: newId(), created_by: by.id, size: byteLength(text), counts, chunk_count: pieces.length, created_at: nowIso() };
  const items: BatchItem<"sqlite">[] = [
    abortIf(db, changedSince(expected)),
    db.insert(backups).values(backup),
    ...pieces.map((data, seq) => db.insert(backup_chunks).values({ backup_id: backup.id, seq, data })),
    ...deletionOrder.map((name) => db.delete(tables[name])),
    // Enquiries are personal data: they go with the leads they became.
    db.delete(form_submissions),
    auditEvent(
      db,
      source,
      "delete_all",
      `Deleted all CRM data (${Object.values(counts).reduce((a, b) => a + b, 0)} rows); backup ${backup.id} kept 30 days`,
    ),
  ];
  try {
    await runBatch(db, items);
  } catch (err) {
    if (isGuardAbort(err))
      throw new AppError("conflict", "The CRM changed while the backup was being taken. Nothing was deleted; please try again.");
    throw err;
  }
  // Cards whose clients are gone are revoked, as deleting one client does: restoring the backup
  // sets each one up again, code included.
  for (const client of doc.clients) if (client.preview_id) await revokePreviewCard(db, kv, client.preview_id);
  const { chunk_count: _pieces, ...summary } = backup;
  return { backup: { ...summary, created_by_name: by.full_name }, deleted: counts };
}

/** Backups of the last 30 days, newest first (older ones wait only for the nightly housekeeping). */
export async function listBackups(db: Db): Promise<BackupSummary[]> {
  return db
    .select({
      id: backups.id,
      created_at: backups.created_at,
      created_by: backups.created_by,
      created_by_name: users.full_name,
      size: backups.size,
      counts: backups.counts,
    })
    .from(backups)
    .leftJoin(users, eq(users.id, backups.created_by))
    .where(gte(backups.created_at, cutoff()))
    .orderBy(desc(backups.created_at));
}

/**
 * Puts a backup back into an empty CRM, through the same validation and batch as Import, then
 * its preview cards with their codes.
 */
export async function restoreBackup(db: Db, kv: KVNamespace, id: string, source: AuditSource): Promise<ImportResult> {
  const [[meta], pieces] = await db.batch([
    db
      .select()
      .from(backups)
      .where(and(eq(backups.id, id), gte(backups.created_at, cutoff())))
      .limit(1),
    db.select({ data: backup_chunks.data }).from(backup_chunks).where(eq(backup_chunks.backup_id, id)).orderBy(asc(backup_chunks.seq)),
  ]);
  if (!meta) throw notFound("Backup");
  if (pieces.length !== meta.chunk_count) throw new AppError("internal", "This backup is incomplete and cannot be restored.");
  const { doc, repaired } = readDocument(JSON.parse(pieces.map((p) => p.data).join("")), {
    what: "This backup could not be read",
    outcome: "Nothing was restored.",
    code: "conflict",
  });
  return importAll(db, kv, doc, {
    alongside: [auditEvent(db, source, "restore", `Restored the backup of ${meta.created_at}`)],
    repaired,
    armCodes: true,
  });
}
