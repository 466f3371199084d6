/**
 * The check Import, restore and delete-all's proof put a CRM document through, one member and one
 * row at a time as worker/platform/json-stream.ts reads it (docs/decisions/0025-data-transfer-in-chunks.md).
 * It refuses exactly what contract/export.ts's exportDocument refuses, with the same messages:
 * each row against its table's schema, the document's own members (version, the tables present,
 * no unknown key) against exportShape with every array left empty, and the checks across rows
 * through the same ConsistencyCheck. Only what those checks need is kept (ids, a few sets), never
 * the rows: the valid ones are handed on to be written.
 */
import * as z from "zod";
import {
  auditEventRow,
  ConsistencyCheck,
  exportShape,
  exportTables,
  MAX_ROWS_PER_TABLE,
  previewCardRow,
  repairEmptyText,
  tableRows,
  type ExportTable,
  type PreviewCardRow,
  type RecordRef,
} from "../../../contract/export";
import { recordHref } from "../../../contract/record-href";
import { previewIds } from "../../../contract/preview";
import type { JsonEvent, MemberMode } from "../../platform/json-stream";
import { AppError } from "../../platform/errors";
import { fieldErrors } from "../../platform/validate";

export type Counts = Record<ExportTable, number>;
export const noRows = () => Object.fromEntries(exportTables.map((t) => [t, 0])) as Counts;

/** What a refused document is, what did not happen, and the status (422 for a file sent in; 409 for the CRM's own backup, which the request cannot fix). */
export interface Refusal {
  what: string;
  outcome: string;
  code?: "validation_failed" | "conflict";
  /**
   * The rows are the CRM's own (delete-all's proof of its backup): each problem names its row by
   * table, id and field, with where the CRM opens it, for a person to go and fix; a file's problems
   * are named by their place in the file.
   */
  byRecord?: boolean;
}
export const importRefusal: Refusal = { what: "This file is not a valid CRM export", outcome: "Nothing was imported." };

/** How many problems a refused document reports; the message gives the total. */
const MAX_REPORTED = 50;

const isTable = (key: string): key is ExportTable => (exportTables as readonly string[]).includes(key);
/** Members read an element at a time, with the most elements each may have. */
const streamed: Record<string, number> = {
  ...Object.fromEntries(exportTables.map((t) => [t, MAX_ROWS_PER_TABLE])),
  preview_cards: previewIds.length,
  audit_events: Infinity,
};

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
  payments: ["recorded_by_user"],
  proposal_messages: ["author_id"],
};

/** One problem: its key in the refusal's fields, its message, and how the refusal's sentence names it. */
interface Problem {
  key: string;
  message: string;
  first: string;
}

/** Problems in the order found, the first MAX_REPORTED kept with their messages. */
class Problems {
  count = 0;
  readonly list: Problem[] = [];
  add(key: string, message: string, first = key === "_" ? message : `${key}: ${message}`) {
    this.count++;
    if (this.list.length < MAX_REPORTED) this.list.push({ key, message, first });
  }
  addIssues(issues: readonly { path: PropertyKey[]; message: string }[]) {
    for (const [key, message] of Object.entries(fieldErrors(issues))) this.add(key, message);
  }
  /** A problem in a row named as the CRM opens it: "mail_messages <id>, dedupe_key: … Open it at /crm/…". */
  addInRecord(table: ExportTable, record: RecordRef, field: string, message: string) {
    const told = `${message}. Open it at ${record.href}`;
    // A problem of the row as a whole (an unknown column) has no field to name.
    const whole = field === "_" || field === "";
    this.add(
      whole ? `${table}.${record.id}` : `${table}.${record.id}.${field}`,
      told,
      `${table} ${record.id}${whole ? "" : `, ${field}`}: ${told}`,
    );
  }
}

/** A row as delete-all's refusal names it, when it has an id to name it by. */
function recordOf(table: ExportTable, row: unknown): RecordRef | undefined {
  if (!row || typeof row !== "object") return undefined;
  const r = row as Record<string, unknown>;
  return typeof r.id === "string" && r.id ? { id: r.id, href: recordHref(table, r) } : undefined;
}

const standIn = { array: [], string: "", number: 0, boolean: false, null: null } as const;

export interface CheckedRow {
  table: ExportTable;
  row: Record<string, unknown>;
}

export class DocumentCheck {
  readonly counts = noRows();
  /** Required texts an earlier version stored empty, filled with a placeholder. */
  repaired = 0;
  /** References to staff accounts this CRM does not have, cleared. */
  cleared = 0;
  /** The clients linked to a preview, whose cards are set up again once the rows are in. */
  readonly linkedClients: { id: string; name: string; preview_id: string }[] = [];
  readonly previewCards: PreviewCardRow[] = [];

  /** The document's members with every streamed array left empty, for exportShape. */
  private skeleton: Record<string, unknown> | unknown = {};
  private readonly seen = new Set<string>();
  private readonly rowProblems = new Problems();
  private readonly crossProblems = new Problems();
  private readonly consistency: ConsistencyCheck;

  /**
   * `knownUsers`: the staff ids of this CRM, or null to leave references to accounts as they are (a
   * check only). `byRecord`: name each problem's row by its id and where it opens (Refusal.byRecord).
   */
  constructor(
    private readonly knownUsers: Set<string> | null,
    private readonly byRecord = false,
  ) {
    this.consistency = new ConsistencyCheck(
      (path, message, record) =>
        record
          ? this.crossProblems.addInRecord(path[0] as ExportTable, record, path.slice(2).join("."), message)
          : this.crossProblems.add(path.join("."), message),
      byRecord ? recordOf : undefined,
    );
  }

  // Own keys only: a file's "toString" or "__proto__" is an unknown key like any other.
  readonly modeOf = (key: string): MemberMode =>
    Object.hasOwn(streamed, key) ? "stream" : Object.hasOwn(exportShape.shape, key) ? "value" : "skip";

  /** Whether a problem has been found: the rows read from now on need not be written anywhere. */
  get failed(): boolean {
    return this.rowProblems.count > 0;
  }

  private member(key: string, value: unknown) {
    if (this.seen.has(key)) this.rowProblems.add(key, "This key appears twice");
    this.seen.add(key);
    // Defined, not assigned: a key "__proto__" is a member, as JSON.parse makes it, not the object's prototype.
    Object.defineProperty(this.skeleton, key, { value, enumerable: true, writable: true, configurable: true });
  }

  /** Takes one event of the reader; answers the row to write when it is a valid row of a CRM table. */
  take(event: JsonEvent): CheckedRow | null {
    switch (event.type) {
      case "not_object":
        this.skeleton = standIn[event.kind];
        return null;
      case "member":
        // An unknown key's value is never read: exportShape only needs its name.
        this.member(event.key, event.value === undefined ? null : event.value);
        if (isTable(event.key)) this.consistency.close(event.key);
        return null;
      case "array":
        this.member(event.key, []);
        return null;
      case "end":
        if (isTable(event.key)) this.consistency.close(event.key);
        if (event.length > streamed[event.key]) {
          const tooBig = z.array(z.unknown()).max(streamed[event.key]).safeParse(new Array(event.length));
          this.rowProblems.addIssues(tooBig.error!.issues.map((i) => ({ ...i, path: [event.key] })));
        }
        return null;
      case "item":
        if (event.index >= streamed[event.key]) return null;
        return this.item(event.key, event.index, event.value);
    }
  }

  private item(key: string, index: number, raw: unknown): CheckedRow | null {
    if (key === "preview_cards") {
      const card = this.parse(previewCardRow, key, index, raw);
      if (card) {
        this.consistency.card(index, card);
        this.previewCards.push(card);
      }
      return null;
    }
    if (key === "audit_events") {
      // Kept in the backup as the trail stood; the trail itself is never written back.
      this.parse(auditEventRow, key, index, raw);
      return null;
    }
    const table = key as ExportTable;
    this.counts[table]++;
    this.repaired += repairEmptyText(table, raw);
    const row = this.parse(
      tableRows[table] as z.ZodType<Record<string, unknown>>,
      table,
      index,
      raw,
      this.byRecord ? recordOf(table, raw) : undefined,
    );
    if (!row) return null;
    this.consistency.row(table, index, row);
    if (table === "clients" && row.preview_id)
      this.linkedClients.push({ id: row.id as string, name: row.name as string, preview_id: row.preview_id as string });
    // A call cannot lose its host as a task its assignee: it is refused, by name, where no such member of staff is.
    if (this.knownUsers && table === "calls" && !this.knownUsers.has(row.host_id as string))
      this.rowProblems.add(`calls.${index}.host_id`, "This call's host is not a member of staff in this CRM");
    if (this.knownUsers)
      for (const column of userColumns[table] ?? [])
        if (row[column] && !this.knownUsers.has(row[column] as string)) {
          row[column] = null;
          this.cleared++;
        }
    return this.failed ? null : { table, row };
  }

  private parse<T>(schema: z.ZodType<T>, key: string, index: number, raw: unknown, record?: RecordRef): T | null {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    if (record)
      for (const [field, message] of Object.entries(fieldErrors(parsed.error.issues)))
        this.rowProblems.addInRecord(key as ExportTable, record, field, message);
    else this.rowProblems.addIssues(parsed.error.issues.map((i) => ({ ...i, path: [key, index, ...i.path] })));
    return null;
  }

  /**
   * The document has been read: throws the refusal (AppError, naming where and what) when it
   * would not load. As with exportDocument, the checks across rows count only once every member
   * and row is valid in itself; an unknown key does not hold them back.
   */
  finish(refusal: Refusal): void {
    const shape = new Problems();
    const parsed = exportShape.safeParse(this.skeleton);
    if (!parsed.success) shape.addIssues(parsed.error.issues);
    const blocking = this.rowProblems.count > 0 || (!parsed.success && parsed.error.issues.some((i) => i.code !== "unrecognized_keys"));
    this.consistency.finish();
    const lists = blocking ? [shape, this.rowProblems] : [shape, this.crossProblems];
    const total = lists.reduce((n, p) => n + p.count, 0);
    if (total === 0) return;
    const problems = lists.flatMap((p) => p.list).slice(0, MAX_REPORTED);
    throw new AppError(
      refusal.code ?? "validation_failed",
      `${refusal.what} (${total} problem${total === 1 ? "" : "s"}). ${refusal.outcome} First: ${problems[0].first}`,
      Object.fromEntries(problems.map((p) => [p.key, p.message])),
    );
  }
}
