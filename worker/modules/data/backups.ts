/**
 * Delete-all with a backup first (docs/decisions/0050-delete-all.md), the 30-day backup list, and restore.
 *
 * The backup is the export document with the cards' code hashes and the audit trail, written as
 * it is read (modules/data/data-transfer.ts) in pieces of up to CHUNK_BYTES to staged_chunks, which
 * the CRM never reads (docs/decisions/0025-data-transfer-in-chunks.md). Those pieces are then read
 * back exactly as a restore will read them, and nothing is deleted unless they would restore.
 * Delete-all itself is then ONE D1 batch: a guard that the data is still what the backup began
 * from, the backup's row, its chunks copied from the staged pieces inside D1, and the deletion of
 * every CRM row. So either the rows are gone and their backup exists, or nothing happened.
 * Restore reads the chunks back a few at a time through the same path as Import (empty CRM, one
 * committing batch), and also re-arms the preview cards' codes (docs/decisions/0013).
 */
import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { KVNamespace } from "@cloudflare/workers-types";
import type { Db } from "../../platform/db";
import { revokePreviewCard } from "../previews";
import { backup_chunks, backups, form_submissions, mail_refusal_days, mail_refusals, staged_chunks, users } from "../../db/schema";
import { BACKUP_RETENTION_DAYS, type BackupSummary } from "../../../contract/export";
import { auditEvent, type AuditSource } from "../audit";
import { AppError, notFound } from "../../platform/errors";
import { abortIf, isGuardAbort, runBatch } from "../../platform/batch";
import { newId } from "../../platform/ids";
import { nowIso } from "../../platform/time";
import {
  byteLength,
  changedSince,
  CHUNK_BYTES,
  discardStagedQuietly,
  ExportChanged,
  importDocument,
  openExport,
  readDocument,
  StagedWriter,
  piecesInOrder,
  stagedText,
  tables,
  totalRows,
  type ImportResult,
  type TransferSizes,
} from "./data-transfer";

const cutoff = (now = Date.now()) => new Date(now - BACKUP_RETENTION_DAYS * 24 * 60 * 60_000).toISOString();
/** The nightly housekeeping (modules/data/housekeeping.ts): backups past the retention period go, their chunks with them. */
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
  "calls",
  "stripe_events",
  "payments",
  "instalments",
  "credit_notes",
  "invoices",
  "proposals",
  "projects",
  "leads",
  "clients",
] as const;

const changedMeanwhile = () =>
  new AppError("conflict", "The CRM changed while the backup was being taken. Nothing was deleted; please try again.");

export interface DeleteAllResult {
  backup: BackupSummary;
  deleted: Record<string, number>;
}

export async function deleteAll(
  db: Db,
  kv: KVNamespace,
  by: { id: string; full_name: string },
  source: AuditSource,
  { chunkBytes = CHUNK_BYTES, ...sizes }: TransferSizes = {},
): Promise<DeleteAllResult> {
  // The export's fingerprint is read first: any write after it makes the guard below abort the batch.
  // The backup keeps the audit trail as it stood too (the trail itself outlives delete-all).
  const backupDoc = await openExport(db, kv, { withCodes: true, withAudit: true, pageRows: sizes.pageRows });
  const writer = new StagedWriter(db, newId(), sizes.flushBytes);
  let committed = false;
  try {
    let size = 0;
    // Text not yet cut into chunks, and its bytes.
    let carry = "";
    let carryBytes = 0;
    try {
      for await (const piece of backupDoc.text) {
        const bytes = byteLength(piece);
        size += bytes;
        carry += piece;
        carryBytes += bytes;
        if (carryBytes < chunkBytes) continue;
        const pieces = splitUtf8(carry, chunkBytes);
        carry = pieces.pop()!;
        carryBytes = byteLength(carry);
        for (const p of pieces) writer.add(null, p);
        await writer.flush();
      }
    } catch (error) {
      if (error instanceof ExportChanged) throw changedMeanwhile();
      throw error;
    }
    writer.add(null, carry);
    await writer.flush(true);
    // The proof: the backup as written, read back exactly as a restore will read it.
    await readDocument(stagedText(db, writer.transferId), {
      // The rows are the CRM's own: each problem names its record and where to open it, to be fixed there.
      refusal: { what: "The backup of this data would not restore", outcome: "Nothing was deleted.", code: "conflict", byRecord: true },
      knownUsers: null,
      ...sizes,
    });
    const counts = backupDoc.counts;
    const backup = { id: newId(), created_by: by.id, size, counts, chunk_count: writer.count, created_at: nowIso() };
    const items: BatchItem<"sqlite">[] = [
      abortIf(db, changedSince(backupDoc.fingerprint)),
      db.insert(backups).values(backup),
      db.insert(backup_chunks).select(
        db
          .select({ backup_id: sql<string>`${backup.id}`.as("backup_id"), seq: staged_chunks.seq, data: staged_chunks.data })
          .from(staged_chunks)
          .where(eq(staged_chunks.transfer_id, writer.transferId))
          .orderBy(asc(staged_chunks.seq)),
      ),
      db.delete(staged_chunks).where(eq(staged_chunks.transfer_id, writer.transferId)),
      ...deletionOrder.map((name) => db.delete(tables[name])),
      // Enquiries are personal data: they go with the leads they became; so do the addresses of refused mail.
      db.delete(form_submissions),
      db.delete(mail_refusals),
      db.delete(mail_refusal_days),
      auditEvent(db, source, "delete_all", `Deleted all CRM data (${totalRows(counts)} rows); backup ${backup.id} kept 30 days`),
    ];
    try {
      await runBatch(db, items);
    } catch (err) {
      if (isGuardAbort(err)) throw changedMeanwhile();
      throw err;
    }
    committed = true;
    // Cards whose clients are gone are revoked, as deleting one client does: restoring the backup
    // sets each one up again, code included.
    for (const client of backupDoc.linked) await revokePreviewCard(db, kv, client.preview_id);
    const { chunk_count: _pieces, ...summary } = backup;
    return { backup: { ...summary, created_by_name: by.full_name }, deleted: counts };
  } finally {
    if (!committed) await discardStagedQuietly(db, writer.transferId);
  }
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

/** A backup's text, its chunks read in order. */
const backupText = (db: Db, id: string) =>
  piecesInOrder((from, n) =>
    db
      .select({ data: backup_chunks.data })
      .from(backup_chunks)
      .where(and(eq(backup_chunks.backup_id, id), gte(backup_chunks.seq, from)))
      .orderBy(asc(backup_chunks.seq))
      .limit(n),
  );

/**
 * Puts a backup back into an empty CRM, through the same reading, checks and committing batch as
 * Import, then its preview cards with their codes.
 */
export async function restoreBackup(
  db: Db,
  kv: KVNamespace,
  id: string,
  source: AuditSource,
  sizes: TransferSizes = {},
): Promise<ImportResult> {
  const [[meta], [pieces]] = await db.batch([
    db
      .select()
      .from(backups)
      .where(and(eq(backups.id, id), gte(backups.created_at, cutoff())))
      .limit(1),
    db.select({ n: count() }).from(backup_chunks).where(eq(backup_chunks.backup_id, id)),
  ]);
  if (!meta) throw notFound("Backup");
  if (pieces.n !== meta.chunk_count) throw new AppError("internal", "This backup is incomplete and cannot be restored.");
  return importDocument(db, kv, backupText(db, id), {
    refusal: { what: "This backup could not be read", outcome: "Nothing was restored.", code: "conflict" },
    alongside: () => [auditEvent(db, source, "restore", `Restored the backup of ${meta.created_at}`)],
    armCodes: true,
    ...sizes,
  });
}
