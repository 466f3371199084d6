/**
 * Export and import of every CRM row (docs/decisions/product/16-placeholders-become-real.md), all-or-nothing.
 *
 * Import writes the whole document in ONE D1 batch, which D1 runs as one transaction. D1 caps
 * a statement at 100 bound parameters and 100 KB of SQL, so row-per-statement or multi-row
 * VALUES inserts would need thousands of statements for 10,000 leads. Instead each statement
 * binds ONE parameter, a JSON array of up to CHUNK_BYTES of rows, and unpacks it in SQL:
 *
 *   INSERT INTO leads (id, name, ...) SELECT json_extract(value, '$.id'), ... FROM json_each(?)
 *
 * so a few MB of data is a dozen statements, and the batch stays one transaction however large
 * the file is. The batch starts with a guard that aborts it unless every CRM table is still
 * empty, so a write that slips in between the check and the import cannot be mixed with it.
 *
 * The clients' preview cards live in KV, outside that transaction: they are written once the
 * rows have committed (docs/decisions/0013).
 */
import { count, getTableColumns, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { KVNamespace } from "@cloudflare/workers-types";
import type { Db } from "../db/client";
import {
  activities,
  clients,
  invoices,
  lead_activities,
  leads,
  preview_approvals,
  invoice_links,
  mail_messages,
  proposal_links,
  proposal_messages,
  proposal_responses,
  preview_comments,
  preview_releases,
  preview_replies,
  projects,
  proposals,
  tasks,
  users,
} from "../db/schema";
import {
  EXPORT_VERSION,
  exportDocument,
  exportTables,
  repairEmptyText,
  type ExportDocument,
  type ExportTable,
} from "../../contract/export";
import { AppError } from "../lib/errors";
import { fieldErrors } from "../lib/validate";
import { previewCardsOf, restorePreviewCards, type CardsRestored } from "../previews/admin";
import { abortIf, isGuardAbort, runBatch } from "../lib/batch";
import { nowIso } from "../lib/time";

export const tables: Record<ExportTable, SQLiteTable & { id: unknown; created_at: unknown }> = {
  clients,
  leads,
  lead_activities,
  projects,
  proposals,
  invoices,
  tasks,
  mail_messages,
  activities,
  preview_releases,
  preview_comments,
  preview_replies,
  preview_approvals,
  proposal_links,
  proposal_responses,
  proposal_messages,
  invoice_links,
};

/**
 * Bytes of JSON bound to one statement. D1 allows a string of up to 1,000,000 bytes; a quarter
 * of that leaves room for the engine's own copies.
 */
export const CHUNK_BYTES = 256 * 1024;

const utf8 = new TextEncoder();
export const byteLength = (text: string) => utf8.encode(text).byteLength;

/**
 * Every row of every CRM table, read in one batch so the document is one consistent snapshot,
 * and the linked clients' preview cards. `withCodes` (delete-all's backup, which never leaves the
 * server) keeps each card's code hash; an export file never carries one.
 */
export async function exportAll(db: Db, kv: KVNamespace, { withCodes = false } = {}): Promise<ExportDocument> {
  const results = await runBatch(
    db,
    exportTables.map((name) => {
      const t = tables[name] as typeof leads;
      return db.select().from(t).orderBy(t.created_at, t.id);
    }),
  );
  const doc = { version: EXPORT_VERSION, exported_at: nowIso() } as ExportDocument;
  exportTables.forEach((name, i) => ((doc as Record<string, unknown>)[name] = results[i]));
  doc.preview_cards = await previewCardsOf(kv, doc.clients, { withCodes });
  return doc;
}

/** How many problems a refused document reports; the message gives the total. */
const MAX_REPORTED = 50;

/**
 * A document as Import, restore and delete-all's proof read it: required text that an earlier
 * version stored empty is filled in (contract/export.ts), then the whole file is validated.
 * Refused naming where and what: `refusal` says what the document is, what did not happen, and
 * the status (422 for a file sent in; 409 for the CRM's own backup, which the request cannot fix).
 */
export function readDocument(
  raw: unknown,
  refusal: { what: string; outcome: string; code?: "validation_failed" | "conflict" } = {
    what: "This file is not a valid CRM export",
    outcome: "Nothing was imported.",
  },
): { doc: ExportDocument; repaired: number } {
  const repaired = repairEmptyText(raw);
  const parsed = exportDocument.safeParse(raw);
  if (parsed.success) return { doc: parsed.data, repaired };
  const all = fieldErrors(parsed.error.issues);
  const keys = Object.keys(all);
  const first = keys[0] === "_" ? all._ : `${keys[0]}: ${all[keys[0]]}`;
  throw new AppError(
    refusal.code ?? "validation_failed",
    `${refusal.what} (${keys.length} problem${keys.length === 1 ? "" : "s"}). ${refusal.outcome} First: ${first}`,
    Object.fromEntries(keys.slice(0, MAX_REPORTED).map((k) => [k, all[k]])),
  );
}

export type Counts = Record<ExportTable, number>;
export const countsOf = (doc: ExportDocument) => Object.fromEntries(exportTables.map((t) => [t, doc[t].length])) as Counts;

export async function crmIsEmpty(db: Db): Promise<boolean> {
  const results = await runBatch(
    db,
    exportTables.map((name) => db.select({ n: count() }).from(tables[name])),
  );
  return (results as { n: number }[][]).every(([row]) => row.n === 0);
}

const anyRowSql = () =>
  sql.join(
    exportTables.map((name) => sql`EXISTS (SELECT 1 FROM ${tables[name]})`),
    sql` OR `,
  );

/** Splits rows into JSON arrays of at most `maxBytes` (one row alone may exceed it). */
export function jsonChunks(rows: readonly unknown[], maxBytes = CHUNK_BYTES): string[] {
  const chunks: string[] = [];
  let parts: string[] = [];
  let size = 2;
  for (const row of rows) {
    const json = JSON.stringify(row);
    const bytes = byteLength(json) + 1;
    if (parts.length > 0 && size + bytes > maxBytes) {
      chunks.push(`[${parts.join(",")}]`);
      parts = [];
      size = 2;
    }
    parts.push(json);
    size += bytes;
  }
  if (parts.length > 0) chunks.push(`[${parts.join(",")}]`);
  return chunks;
}

/** One INSERT ... SELECT FROM json_each(?) per chunk, naming every column of the table. */
function insertStatements(db: Db, name: ExportTable, rows: readonly unknown[]) {
  const table = tables[name];
  // Column names come from the schema, never from the file, so inlining them is safe.
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      sql.raw(`json_extract(value, '$.${column.name}')`).as(column.name),
    ]),
  );
  return jsonChunks(rows).map((chunk) => db.insert(table).select(db.select(fields).from(sql`json_each(${chunk})`)));
}

/** Columns that name a staff account; accounts are not exported, so these may point nowhere here. */
const userColumns: Partial<Record<ExportTable, string[]>> = {
  leads: ["added_by", "stage_changed_by"],
  lead_activities: ["created_by"],
  tasks: ["assignee_username"],
  activities: ["who_username"],
  mail_messages: ["filed_by"],
  preview_replies: ["author_id"],
  proposal_links: ["created_by"],
  invoice_links: ["created_by"],
  proposal_messages: ["author_id"],
};

/** Clears references to accounts this CRM does not have; answers how many were cleared. */
async function clearUnknownUsers(db: Db, doc: ExportDocument): Promise<number> {
  const referenced = new Set<string>();
  for (const [table, columns] of Object.entries(userColumns) as [ExportTable, string[]][])
    for (const row of doc[table] as Record<string, unknown>[]) for (const c of columns) if (row[c]) referenced.add(row[c] as string);
  if (referenced.size === 0) return 0;
  const known = new Set<string>();
  const ids = [...referenced];
  for (let i = 0; i < ids.length; i += 90) {
    for (const u of await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 90))))
      known.add(u.id);
  }
  let cleared = 0;
  for (const [table, columns] of Object.entries(userColumns) as [ExportTable, string[]][])
    for (const row of doc[table] as Record<string, unknown>[])
      for (const c of columns)
        if (row[c] && !known.has(row[c] as string)) {
          row[c] = null;
          cleared++;
        }
  return cleared;
}

export const notEmpty = () =>
  new AppError("conflict", "Import needs an empty CRM. Delete all data first (a backup is kept for 30 days), then import.");

export interface ImportResult {
  imported: Counts;
  /** References to staff accounts that do not exist here, saved as empty. */
  cleared_user_refs: number;
  /** Required texts stored empty by an earlier version, given a placeholder such as "(no name)". */
  repaired_text: number;
  /** The clients' preview cards: how many were set up again, and which clients need a new code. */
  previews: CardsRestored;
  statements: number;
}

/** The statements that write a whole (validated) document, after a guard that the CRM is empty. */
export async function importStatements(db: Db, doc: ExportDocument) {
  const cleared = await clearUnknownUsers(db, doc);
  const items: BatchItem<"sqlite">[] = [abortIf(db, anyRowSql())];
  for (const name of exportTables) items.push(...insertStatements(db, name, doc[name]));
  return { items, cleared };
}

export interface ImportOptions {
  /** Statements that commit with the rows or not at all (the audit line). */
  alongside?: BatchItem<"sqlite">[];
  /** Required texts the reading filled in, reported back. */
  repaired?: number;
  /** Re-arm the cards' access codes from their hashes: a restore of delete-all's backup only. */
  armCodes?: boolean;
}

/**
 * Writes a validated document into an empty CRM, all or nothing, then sets up its preview cards
 * again. Refused with 409 when any CRM table has a row, checked first and again inside the batch.
 */
export async function importAll(
  db: Db,
  kv: KVNamespace,
  doc: ExportDocument,
  { alongside = [], repaired = 0, armCodes = false }: ImportOptions = {},
): Promise<ImportResult> {
  if (!(await crmIsEmpty(db))) throw notEmpty();
  const { items, cleared } = await importStatements(db, doc);
  try {
    await runBatch(db, [...items, ...alongside]);
  } catch (err) {
    if (isGuardAbort(err)) throw notEmpty();
    throw err;
  }
  const previews = await restorePreviewCards(db, kv, doc, { armCodes });
  return { imported: countsOf(doc), cleared_user_refs: cleared, repaired_text: repaired, previews, statements: items.length };
}
