/**
 * The CRM's data as one JSON document (Settings → Export), and what Import accepts: exactly the
 * same document. Every row of every CRM table with every column; clients' lists as arrays.
 * Import validates all of it here, including that every id it refers to is in the file, before
 * anything is written. Staff accounts are not part of it (references to them are kept when the
 * account exists here, cleared otherwise).
 */
import { z } from "zod";
import { isoDate } from "./common";
import { leadSources, leadStatuses } from "./lead";
import { leadActivityTypes } from "./lead-activity";
import { projectStages, projectStatuses, projectTypes } from "./project";
import { proposalStatuses } from "./proposal";
import { invoiceStatuses } from "./invoice";
import { relatedTypes, taskPriorities } from "./task";
import { activityTypes } from "./activity";
import { previewIds, previewUrl } from "./preview";
import { websiteUrl } from "./client";
import { invoiceNumber } from "./invoice";
import { auditEvent } from "./audit";
import { COMMENT_MAX, NAME_MAX, PAGE_MAX, REPLY_MAX, commentStatuses, notificationStatuses } from "./preview-feedback";

export const EXPORT_VERSION = 1;

/** The tables in the document, parents before children (the order Import writes them in). */
export const exportTables = [
  "clients",
  "leads",
  "lead_activities",
  "projects",
  "proposals",
  "invoices",
  "tasks",
  "activities",
  "preview_releases",
  "preview_comments",
  "preview_replies",
  "preview_approvals",
] as const;
export type ExportTable = (typeof exportTables)[number];

const rowId = z.string().min(1, "An id is required").max(64);
const ref = rowId.nullable();
const stamp = z.iso.datetime({ error: "Expected an ISO-8601 UTC time such as 2026-01-31T09:30:00.000Z" });
const stamps = { created_at: stamp, updated_at: stamp };
const text = (max: number) => z.string().max(max);
const optional = (max: number) => text(max).nullable();
const date = isoDate.nullable();
const amount = z.number().finite().min(0).max(1_000_000_000);
// Limits are the database's, not the forms': rows the CRM wrote itself (a workflow's
// "Proposal for {name}" title, say) may be longer than a form allows, and must import again.
const list = z.array(z.string().max(500)).max(100);
// Values the CRM renders as links or mails to are held to the API's own rules, so a file cannot
// bring in what no form would accept (a `javascript:` website, say).
const website = z.string().max(1000).pipe(websiteUrl).nullable();
const emailAddress = z.string().max(254).pipe(z.email("Please enter a valid email address"));

export const leadRow = z
  .object({
    id: rowId,
    name: text(1000).min(1),
    company: optional(1000),
    email: emailAddress.nullable(),
    phone: optional(1000),
    source: z.enum(leadSources).nullable(),
    status: z.enum(leadStatuses),
    notes: optional(50_000),
    value: amount.nullable(),
    next_action: optional(1000),
    follow_up_date: date,
    added_by: ref,
    stage_changed_by: ref,
    converted_to_client_id: ref,
    ...stamps,
  })
  .strict();

export const leadActivityRow = z
  .object({
    id: rowId,
    lead_id: rowId,
    activity_type: z.enum(leadActivityTypes),
    description: text(50_000),
    created_by: ref,
    ...stamps,
  })
  .strict();

export const clientRow = z
  .object({
    id: rowId,
    name: text(1000).min(1),
    website,
    emails: z.array(emailAddress).max(100),
    phones: list,
    services: list,
    notes: optional(50_000),
    active: z.boolean(),
    preview_id: z.enum(previewIds).nullable(),
    ...stamps,
  })
  .strict();

export const projectRow = z
  .object({
    id: rowId,
    title: text(1000).min(1),
    type: z.enum(projectTypes).nullable(),
    client_id: ref,
    budget: amount.nullable(),
    start_date: date,
    due_date: date,
    stage: z.enum(projectStages),
    status: z.enum(projectStatuses),
    notes: optional(50_000),
    lead_id: ref,
    // Absent from exports made before it existed.
    stage_changed_by: optional(NAME_MAX + 20).default(null),
    ...stamps,
  })
  .strict();

export const proposalRow = z
  .object({
    id: rowId,
    title: text(1000).min(1),
    value: amount.nullable(),
    status: z.enum(proposalStatuses),
    sent_date: date,
    due_date: date,
    lead_id: ref,
    client_id: ref,
    notes: optional(50_000),
    ...stamps,
  })
  .strict();

export const invoiceRow = z
  .object({
    id: rowId,
    number: invoiceNumber,
    client_id: rowId,
    project_id: ref,
    total: amount,
    date: isoDate,
    due_date: isoDate,
    status: z.enum(invoiceStatuses),
    ...stamps,
  })
  .strict();

export const taskRow = z
  .object({
    id: rowId,
    title: text(1000).min(1),
    assignee_username: ref,
    priority: z.enum(taskPriorities),
    due_date: date,
    completed: z.boolean(),
    notes: optional(50_000),
    related_id: ref,
    related_type: z.enum(relatedTypes).nullable(),
    ...stamps,
  })
  .strict();

export const activityRow = z
  .object({
    id: rowId,
    who_username: ref,
    type: z.enum(activityTypes),
    summary: text(10_000).min(1),
    related_type: z.enum(relatedTypes).nullable(),
    related_id: ref,
    ...stamps,
  })
  .strict();

const notification = {
  email_status: z.enum(notificationStatuses),
  email_error: optional(500),
  email_attempts: z.number().int().min(0).max(1_000_000),
};

export const previewReleaseRow = z
  .object({
    id: rowId,
    preview_id: z.enum(previewIds),
    client_id: rowId,
    preview_url: z.string().max(2000).pipe(previewUrl).nullable(),
    published_at: stamp,
    ...stamps,
  })
  .strict();

export const previewCommentRow = z
  .object({
    id: rowId,
    client_id: rowId,
    release_id: rowId,
    author_name: text(NAME_MAX).min(1),
    body: text(COMMENT_MAX).min(1),
    page: optional(PAGE_MAX),
    status: z.enum(commentStatuses),
    ...notification,
    ...stamps,
  })
  .strict();

export const previewReplyRow = z
  .object({
    id: rowId,
    comment_id: rowId,
    author_id: ref,
    author_name: text(1000).min(1),
    body: text(REPLY_MAX).min(1),
    ...stamps,
  })
  .strict();

export const previewApprovalRow = z
  .object({
    id: rowId,
    client_id: rowId,
    release_id: rowId,
    approver_name: text(NAME_MAX).min(1),
    ip_hash: text(128),
    project_id: ref,
    ...notification,
    ...stamps,
  })
  .strict();

/** Most rows a document may hold per table: far above the 10,000-lead demo, well under a worker's memory. */
export const MAX_ROWS_PER_TABLE = 100_000;
const rows = <T extends z.ZodType>(row: T) => z.array(row).max(MAX_ROWS_PER_TABLE);

const exportShape = z
  .object({
    version: z.literal(EXPORT_VERSION, { error: `Only version ${EXPORT_VERSION} exports can be imported` }),
    exported_at: stamp,
    leads: rows(leadRow),
    lead_activities: rows(leadActivityRow),
    clients: rows(clientRow),
    projects: rows(projectRow),
    proposals: rows(proposalRow),
    invoices: rows(invoiceRow),
    tasks: rows(taskRow),
    activities: rows(activityRow),
    // Client feedback (docs/decisions/0009-preview-feedback.md): absent from exports made before it existed.
    preview_releases: rows(previewReleaseRow).default([]),
    preview_comments: rows(previewCommentRow).default([]),
    preview_replies: rows(previewReplyRow).default([]),
    preview_approvals: rows(previewApprovalRow).default([]),
    /** In delete-all backups only: the audit trail as it stood. Import leaves the trail as it is. */
    audit_events: z.array(auditEvent.omit({ actor_name: true, subject_name: true })).optional(),
  })
  .strict();
export type ExportDocument = z.infer<typeof exportShape>;

type Ctx = z.core.$RefinementCtx<ExportDocument>;

/** Ids unique per table, invoice numbers and preview cards unique, and every reference to a CRM row in the file. */
function checkConsistency(doc: ExportDocument, ctx: Ctx) {
  const ids = {} as Record<ExportTable, Set<string>>;
  for (const table of exportTables) {
    ids[table] = new Set();
    doc[table].forEach((row, i) => {
      if (ids[table].has(row.id)) ctx.addIssue({ code: "custom", path: [table, i, "id"], message: "This id appears twice" });
      ids[table].add(row.id);
    });
  }
  const unique = (table: "invoices" | "clients", column: "number" | "preview_id", message: string) => {
    const seen = new Set<string>();
    doc[table].forEach((row, i) => {
      const value = (row as Record<string, unknown>)[column] as string | null;
      if (value === null) return;
      if (seen.has(value)) ctx.addIssue({ code: "custom", path: [table, i, column], message });
      seen.add(value);
    });
  };
  unique("invoices", "number", "This invoice number appears twice");
  const approved = new Set<string>();
  doc.preview_approvals.forEach((row, i) => {
    if (approved.has(row.release_id))
      ctx.addIssue({ code: "custom", path: ["preview_approvals", i, "release_id"], message: "This version is approved twice" });
    approved.add(row.release_id);
  });
  unique("clients", "preview_id", "This preview is linked to two clients");

  const refs: [ExportTable, string, ExportTable, string][] = [
    ["leads", "converted_to_client_id", "clients", "client"],
    ["lead_activities", "lead_id", "leads", "lead"],
    ["projects", "client_id", "clients", "client"],
    ["projects", "lead_id", "leads", "lead"],
    ["proposals", "lead_id", "leads", "lead"],
    ["proposals", "client_id", "clients", "client"],
    ["invoices", "client_id", "clients", "client"],
    ["invoices", "project_id", "projects", "project"],
    ["preview_releases", "client_id", "clients", "client"],
    ["preview_comments", "client_id", "clients", "client"],
    ["preview_comments", "release_id", "preview_releases", "preview version"],
    ["preview_replies", "comment_id", "preview_comments", "comment"],
    ["preview_approvals", "client_id", "clients", "client"],
    ["preview_approvals", "release_id", "preview_releases", "preview version"],
    ["preview_approvals", "project_id", "projects", "project"],
  ];
  for (const [table, column, target, noun] of refs) {
    doc[table].forEach((row, i) => {
      const value = (row as Record<string, unknown>)[column] as string | null;
      if (value !== null && !ids[target].has(value))
        ctx.addIssue({ code: "custom", path: [table, i, column], message: `No ${noun} with this id in the file` });
    });
  }
}

export const exportDocument = exportShape.superRefine(checkConsistency);

/** POST /api/crm/delete-all */
export const deleteAllInput = z.object({ confirm: z.literal("DELETE ALL", { error: "Type DELETE ALL to confirm" }) }).strict();

/** A backup as Settings lists it. */
export const backupSummary = z.object({
  id: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  /** Bytes of the JSON document. */
  size: z.number(),
  counts: z.record(z.string(), z.number()),
});
export type BackupSummary = z.infer<typeof backupSummary>;

/** Backups are kept this long, then purged. */
export const BACKUP_RETENTION_DAYS = 30;
