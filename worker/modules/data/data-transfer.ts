/**
 * Export and import of every CRM row (docs/decisions/0047-placeholders-become-real.md), all-or-nothing,
 * at any size up to the document's ceiling without holding the document in memory
 * (docs/decisions/0025-data-transfer-in-chunks.md).
 *
 * Export is written as it is read: the document's text, table by table, each table read a page at
 * a time in (created_at, id) order. A write that lands while it is being read would make the file
 * a mix of two moments, so the tables' fingerprint (rows and newest change of each) is taken
 * first and compared at the end; if it moved, the stream fails and the download with it. An
 * export for download may leave out the rows added meanwhile instead (each table's last rowid is
 * read with the fingerprint, and rows past it are neither written nor counted): on a busy CRM an
 * enquiry arriving would otherwise stop every export, whereas an edit or a deletion still does.
 *
 * Import reads the document a row at a time (worker/platform/json-stream.ts), checks each one
 * (worker/modules/data/data-check.ts) and writes the valid rows, as JSON arrays of up to CHUNK_BYTES,
 * to staged_chunks, which the CRM never reads. Only once the whole document is read and found
 * valid does ONE D1 batch, one transaction, commit it: a guard that every CRM table is still
 * empty, then per table one
 *
 *   INSERT INTO leads (id, name, ...) SELECT json_extract(j.value, '$.id'), ...
 *     FROM staged_chunks c, json_each(c.data) j WHERE c.transfer_id = ? AND c.table_name = 'leads'
 *
 * which copies the rows inside D1, and the deletion of the staged pieces. A refusal or a failure
 * at any point before that leaves the CRM as it was; the staged pieces are deleted on the way out
 * (and by the nightly housekeeping, should the request itself die).
 *
 * The clients' preview cards live in KV, outside that transaction: they are written once the
 * rows have committed (docs/decisions/0013).
 */
import { and, asc, eq, getTableColumns, gte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { KVNamespace } from "@cloudflare/workers-types";
import type { Db } from "../../platform/db";
import {
  activities,
  audit_events,
  calls,
  clients,
  credit_notes,
  instalments,
  invoices,
  recurring_invoices,
  lead_activities,
  leads,
  payments,
  payment_reminders,
  stripe_events,
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
  staged_chunks,
  tasks,
  users,
} from "../../db/schema";
import { EXPORT_VERSION, exportTables, type ExportTable } from "../../../contract/export";
import { AppError } from "../../platform/errors";
import { previewCardsOf, restorePreviewCards, type CardsRestored } from "../previews";
import { abortIf, isGuardAbort, runBatch } from "../../platform/batch";
import { JsonDocumentReader, JsonSyntaxError, JsonValueTooLarge } from "../../platform/json-stream";
import { newId } from "../../platform/ids";
import { nowIso } from "../../platform/time";
import { DocumentCheck, importRefusal, type Counts, type Refusal } from "./data-check";

export type { Counts } from "./data-check";

type CrmTable = SQLiteTable & { id: unknown; created_at: unknown; updated_at: unknown };
export const tables: Record<ExportTable, CrmTable> = {
  clients,
  leads,
  lead_activities,
  projects,
  proposals,
  invoices,
  payments,
  payment_reminders,
  stripe_events,
  instalments,
  recurring_invoices,
  credit_notes,
  tasks,
  calls,
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
 * Bytes of JSON in one staged piece (and one backup chunk). D1 holds a string of up to 2,000,000
 * bytes; a quarter of that leaves room for the engine's own copies, and keeps what a request holds
 * at once small.
 */
export const CHUNK_BYTES = 512 * 1024;
/** Staged pieces are sent to D1 once this much is waiting: a few statements per round trip. */
export const FLUSH_BYTES = 2 * 1024 * 1024;
/** Rows per page of an export; tables whose rows can be large (a filed e-mail, an accepted proposal's copy) read fewer. */
export const PAGE_ROWS = 1000;
const pageRowsOf: Partial<Record<ExportTable, number>> = { mail_messages: 50, proposal_responses: 5 };
/**
 * The longest single value Import holds: far above the largest row a CRM writes (an accepted
 * proposal's copy of up to 2,000,000 characters, escaped), far below a worker's memory.
 */
export const MAX_VALUE_CHARS = 8 * 1024 * 1024;

const utf8 = new TextEncoder();
export const byteLength = (text: string) => utf8.encode(text).byteLength;
export const totalRows = (counts: Counts) => Object.values(counts).reduce((a, b) => a + b, 0);

/** Sizes the tests make small, so a small document still spans many pages and pieces. */
export interface TransferSizes {
  pageRows?: number;
  chunkBytes?: number;
  flushBytes?: number;
}

// ---------------------------------------------------------------------------------------------
// What the CRM holds

/** Each table's last rowid when an export began: rows past it were added since. */
type LastRowids = Record<ExportTable, number>;

/** The fingerprint of every row, or (`upTo`) of the rows an export began with. */
const fingerprintSql = (upTo?: LastRowids) =>
  sql.join(
    exportTables.map((name) => {
      const t = tables[name];
      const since = upTo ? sql` WHERE rowid <= ${upTo[name]}` : sql``;
      return sql`(SELECT count(*) || ':' || ifnull(max(${t.updated_at}), '') FROM ${t}${since})`;
    }),
    sql` || ' ' || `,
  );

const lastRowidsSql = () =>
  sql.join(
    exportTables.map((name) => sql`(SELECT ifnull(max(rowid), 0) FROM ${tables[name]})`),
    sql` || ' ' || `,
  );

/**
 * Rows and the newest change of each CRM table, in one statement: what an export or a backup must
 * still find at its end. Every write to a CRM row stamps its updated_at, so any insert, change or
 * deletion moves it.
 */
export async function fingerprint(db: Db, upTo?: LastRowids): Promise<string> {
  const [row] = await db.select({ f: sql<string>`${fingerprintSql(upTo)}` }).from(sql`(SELECT 1)`);
  return row.f;
}

/** The fingerprint and each table's last rowid, read in one statement: one moment. */
async function startOf(db: Db): Promise<{ print: string; upTo: LastRowids }> {
  const [row] = await db.select({ f: sql<string>`${fingerprintSql()}`, r: sql<string>`${lastRowidsSql()}` }).from(sql`(SELECT 1)`);
  const rowids = row.r.split(" ").map(Number);
  return { print: row.f, upTo: Object.fromEntries(exportTables.map((name, i) => [name, rowids[i]])) as LastRowids };
}

/** A statement's condition: the CRM is no longer as `expected` found it. */
export const changedSince = (expected: string) => sql`${fingerprintSql()} <> ${expected}`;

const countsOf = (print: string): Counts =>
  Object.fromEntries(print.split(" ").map((part, i) => [exportTables[i], Number(part.split(":")[0])])) as Counts;

const anyRowSql = () =>
  sql.join(
    exportTables.map((name) => sql`EXISTS (SELECT 1 FROM ${tables[name]})`),
    sql` OR `,
  );

export async function crmIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ any: sql<number>`${anyRowSql()}` }).from(sql`(SELECT 1)`);
  return !row.any;
}

export const notEmpty = () =>
  new AppError("conflict", "Import needs an empty CRM. Delete all data first (a backup is kept for 30 days), then import.");

// ---------------------------------------------------------------------------------------------
// Export

/** The CRM changed while an export was being read: the document would mix two moments. */
export class ExportChanged extends Error {
  constructor() {
    super("The CRM changed while it was being exported");
  }
}

export interface ExportStream {
  exported_at: string;
  /** Rows per table when the export began (the document holds exactly these, or fails). */
  counts: Counts;
  /** The fingerprint the document must still match at its end. */
  fingerprint: string;
  /** The clients linked to a preview, known once the text has been read past the clients. */
  linked: { id: string; preview_id: string }[];
  /** The document's text, piece by piece; throws ExportChanged at its end if the CRM changed meanwhile. */
  text: AsyncGenerator<string>;
}

/**
 * Every row of `table` (or those up to rowid `upTo`), a page at a time, in (created_at, id) order:
 * each page's rows as JSON joined by commas.
 */
async function* pagesOf(db: Db, table: CrmTable, pageRows: number, onRows?: (rows: Record<string, unknown>[]) => void, upTo?: number) {
  const t = table as typeof leads;
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    const page: Record<string, unknown>[] = await db
      .select()
      .from(t)
      .where(
        and(
          after ? sql`(${t.created_at}, ${t.id}) > (${after.created_at}, ${after.id})` : undefined,
          upTo === undefined ? undefined : sql`rowid <= ${upTo}`,
        ),
      )
      .orderBy(asc(t.created_at), asc(t.id))
      .limit(pageRows);
    if (page.length === 0) return;
    onRows?.(page);
    yield page.map((row) => JSON.stringify(row)).join(",");
    if (page.length < pageRows) return;
    const last = page[page.length - 1] as { created_at: string; id: string };
    after = { created_at: last.created_at, id: last.id };
  }
}

/** The members `key: [rows…]`, written as the pages arrive. */
async function* arrayMember(key: string, pages: AsyncGenerator<string>) {
  yield `,${JSON.stringify(key)}:[`;
  let first = true;
  for await (const page of pages) {
    yield first ? page : `,${page}`;
    first = false;
  }
  yield "]";
}

/**
 * Starts an export: the document is exactly what JSON.stringify made of it when it was read in one
 * piece (the same members in the same order, each table's rows by created_at then id, then the
 * linked clients' preview cards). `withCodes` (delete-all's backup, which never leaves the server)
 * keeps each card's code hash, and `withAudit` adds the audit trail as it stands; an export file
 * never carries either. `leaveOutNewRows` (a download) writes the CRM as it stood when the export
 * began and fails only if one of those rows changed or went; without it (a backup, which must
 * hold everything it is taken before deleting) any write fails it.
 */
export async function openExport(
  db: Db,
  kv: KVNamespace,
  {
    withCodes = false,
    withAudit = false,
    leaveOutNewRows = false,
    pageRows,
  }: { withCodes?: boolean; withAudit?: boolean; leaveOutNewRows?: boolean; pageRows?: number } = {},
): Promise<ExportStream> {
  const start = await startOf(db);
  const { print } = start;
  const upTo = leaveOutNewRows ? start.upTo : undefined;
  const exported_at = nowIso();
  const linked: ExportStream["linked"] = [];
  const rowsPer = (name: ExportTable) => pageRows ?? pageRowsOf[name] ?? PAGE_ROWS;
  async function* text() {
    yield `{"version":${EXPORT_VERSION},"exported_at":${JSON.stringify(exported_at)}`;
    for (const name of exportTables) {
      const seeLinked =
        name === "clients"
          ? (rows: Record<string, unknown>[]) => {
              for (const c of rows) if (c.preview_id) linked.push({ id: c.id as string, preview_id: c.preview_id as string });
            }
          : undefined;
      yield* arrayMember(name, pagesOf(db, tables[name], rowsPer(name), seeLinked, upTo?.[name]));
    }
    yield `,"preview_cards":${JSON.stringify(await previewCardsOf(kv, linked, { withCodes }))}`;
    if (withAudit) yield* arrayMember("audit_events", pagesOf(db, audit_events as unknown as CrmTable, pageRows ?? PAGE_ROWS));
    if ((await fingerprint(db, upTo)) !== print) throw new ExportChanged();
    yield "}";
  }
  return { exported_at, counts: countsOf(print), fingerprint: print, linked, text: text() };
}

// ---------------------------------------------------------------------------------------------
// Staging

/** Pieces written to staged_chunks under one transfer id, a few per round trip. */
export class StagedWriter {
  /** Pieces written or waiting: the next one's seq. */
  count = 0;
  private waiting: { table_name: string | null; data: string }[] = [];
  private waitingBytes = 0;

  constructor(
    private readonly db: Db,
    readonly transferId: string,
    private readonly flushBytes = FLUSH_BYTES,
  ) {}

  add(table: string | null, data: string) {
    this.waiting.push({ table_name: table, data });
    this.waitingBytes += data.length;
    this.count++;
  }

  /** Sends what is waiting once there is enough of it, or everything with `all`. */
  async flush(all = false) {
    if (this.waiting.length === 0 || (!all && this.waitingBytes < this.flushBytes)) return;
    const first = this.count - this.waiting.length;
    const pieces = this.waiting;
    this.waiting = [];
    this.waitingBytes = 0;
    await runBatch(
      this.db,
      pieces.map((p, i) => this.db.insert(staged_chunks).values({ transfer_id: this.transferId, seq: first + i, ...p })),
    );
  }
}

/** Rows packed into JSON arrays of at most `chunkBytes`, one table per array (one row alone may exceed it). */
class RowPacker {
  private table: string | null = null;
  private parts: string[] = [];
  private bytes = 2;

  constructor(
    private readonly writer: StagedWriter,
    private readonly chunkBytes = CHUNK_BYTES,
  ) {}

  add(table: string, row: unknown) {
    const json = JSON.stringify(row);
    const size = byteLength(json) + 1;
    if (this.parts.length > 0 && (table !== this.table || this.bytes + size > this.chunkBytes)) this.close();
    this.table = table;
    this.parts.push(json);
    this.bytes += size;
  }

  close() {
    if (this.parts.length > 0) this.writer.add(this.table, `[${this.parts.join(",")}]`);
    this.parts = [];
    this.bytes = 2;
  }
}

/**
 * Text kept in numbered pieces (a transfer's staged pieces, a backup's chunks), in order, a few per
 * query: `page(fromSeq, n)` answers the data of the pieces from `fromSeq` on, at most n, by seq.
 */
export async function* piecesInOrder(
  page: (fromSeq: number, n: number) => Promise<{ data: string }[]>,
  perQuery = 4,
): AsyncGenerator<string> {
  for (let seq = 0; ; seq += perQuery) {
    const rows = await page(seq, perQuery);
    for (const r of rows) yield r.data;
    if (rows.length < perQuery) return;
  }
}

/** The staged pieces of a transfer, in order. */
export const stagedText = (db: Db, transferId: string) =>
  piecesInOrder((from, n) =>
    db
      .select({ data: staged_chunks.data })
      .from(staged_chunks)
      .where(and(eq(staged_chunks.transfer_id, transferId), gte(staged_chunks.seq, from)))
      .orderBy(asc(staged_chunks.seq))
      .limit(n),
  );

export const discardStaged = (db: Db, transferId: string) => db.delete(staged_chunks).where(eq(staged_chunks.transfer_id, transferId));

/** Deletes a transfer's staged pieces after a refusal or a failure; a failure here is logged, and left for the housekeeping. */
export async function discardStagedQuietly(db: Db, transferId: string) {
  try {
    await discardStaged(db, transferId);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", what: "staged pieces not deleted", transferId, error: String(error) }));
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a document

export interface ReadOptions extends TransferSizes {
  refusal: Refusal;
  /** This CRM's staff ids: references to other accounts are cleared. Null for a check only. */
  knownUsers: Set<string> | null;
  /** Write the valid rows to staged_chunks through this writer (omit for a check only). */
  writer?: StagedWriter;
}

/**
 * Reads a whole document, piece by piece, through the checks; with a writer, stages its rows as
 * it goes. Throws the refusal (AppError) when it would not load; answers the check's findings.
 */
export async function readDocument(pieces: AsyncIterable<string>, options: ReadOptions): Promise<DocumentCheck> {
  const { refusal, writer } = options;
  const check = new DocumentCheck(options.knownUsers, refusal.byRecord);
  const reader = new JsonDocumentReader({ modeOf: check.modeOf, maxValueChars: MAX_VALUE_CHARS });
  const packer = writer ? new RowPacker(writer, options.chunkBytes) : null;
  const take = (events: ReturnType<JsonDocumentReader["push"]>) => {
    for (const event of events) {
      const checked = check.take(event);
      if (checked && packer) packer.add(checked.table, checked.row);
    }
  };
  try {
    for await (const piece of pieces) {
      take(reader.push(piece));
      // Nothing more is written once a problem is found; the reading goes on to count them all.
      if (writer && !check.failed) await writer.flush();
    }
    take(reader.end());
  } catch (error) {
    if (error instanceof JsonSyntaxError)
      throw new AppError(
        refusal.code === "conflict" ? "conflict" : "invalid_json",
        `${refusal.what}: it is not JSON (${error.message}). ${refusal.outcome}`,
      );
    if (error instanceof JsonValueTooLarge)
      throw new AppError(refusal.code ?? "validation_failed", `${refusal.what}: ${error.message}. ${refusal.outcome}`);
    throw error;
  }
  check.finish(refusal);
  if (packer && writer) {
    packer.close();
    await writer.flush(true);
  }
  return check;
}

// ---------------------------------------------------------------------------------------------
// Import and restore

/** One INSERT ... SELECT per table: the staged rows, unpacked inside D1, naming every column. */
function insertStaged(db: Db, name: ExportTable, transferId: string) {
  const table = tables[name];
  // Column names come from the schema, never from the file, so inlining them is safe.
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      sql.raw(`json_extract(j.value, '$.${column.name}')`).as(column.name),
    ]),
  );
  return db.insert(table).select(
    db
      .select(fields)
      .from(sql`${staged_chunks} AS c, json_each(c.data) AS j`)
      .where(sql`c.transfer_id = ${transferId} AND c.table_name = ${name}`)
      .orderBy(sql`c.seq, j.key`),
  );
}

/** The batch that commits a staged document: the guard that the CRM is empty, each table's rows, the staged pieces gone. */
export function commitStatements(db: Db, transferId: string, counts: Counts): BatchItem<"sqlite">[] {
  return [
    abortIf(db, anyRowSql()),
    ...exportTables.filter((name) => counts[name] > 0).map((name) => insertStaged(db, name, transferId)),
    discardStaged(db, transferId),
  ];
}

export interface ImportResult {
  imported: Counts;
  /** References to staff accounts that do not exist here, saved as empty. */
  cleared_user_refs: number;
  /** Required texts stored empty by an earlier version, given a placeholder such as "(no name)". */
  repaired_text: number;
  /** The clients' preview cards: how many were set up again, and which clients need a new code. */
  previews: CardsRestored;
  /** Statements in the one batch that committed the rows. */
  statements: number;
}

export interface ImportOptions extends TransferSizes {
  /** What a refused document is called (Import's file, or a backup). */
  refusal?: Refusal;
  /** Statements that commit with the rows or not at all (the audit line), given how many rows there are. */
  alongside?: (rows: number) => BatchItem<"sqlite">[];
  /** Re-arm the cards' access codes from their hashes: a restore of delete-all's backup only. */
  armCodes?: boolean;
}

/**
 * Loads a document, read piece by piece, into an empty CRM, all or nothing, then sets up its
 * preview cards again. Refused with 409 when any CRM table has a row, checked first and again
 * inside the committing batch.
 */
export async function importDocument(
  db: Db,
  kv: KVNamespace,
  pieces: AsyncIterable<string>,
  { refusal = importRefusal, alongside = () => [], armCodes = false, ...sizes }: ImportOptions = {},
): Promise<ImportResult> {
  if (!(await crmIsEmpty(db))) throw notEmpty();
  const knownUsers = new Set((await db.select({ id: users.id }).from(users)).map((u) => u.id));
  const writer = new StagedWriter(db, newId(), sizes.flushBytes);
  let committed = false;
  try {
    const check = await readDocument(pieces, { refusal, knownUsers, writer, ...sizes });
    const items = [...commitStatements(db, writer.transferId, check.counts), ...alongside(totalRows(check.counts))];
    try {
      await runBatch(db, items);
    } catch (err) {
      if (isGuardAbort(err)) throw notEmpty();
      throw err;
    }
    committed = true;
    const previews = await restorePreviewCards(db, kv, { clients: check.linkedClients, preview_cards: check.previewCards }, { armCodes });
    return {
      imported: check.counts,
      cleared_user_refs: check.cleared,
      repaired_text: check.repaired,
      previews,
      statements: items.length,
    };
  } finally {
    if (!committed) await discardStagedQuietly(db, writer.transferId);
  }
}
