/**
 * The CRM's data as one JSON document (Settings → Export), and what Import accepts: exactly the
 * same document. Every row of every CRM table with every column; clients' lists as arrays.
 * Import validates all of it here, including that every id it refers to is in the file, before
 * anything is written. Staff accounts are not part of it (references to them are kept when the
 * account exists here, cleared otherwise).
 */
import * as z from "zod";
import { clockTime, isoDate } from "./common";
import { furthestStages, leadSources, leadStatuses } from "./lead";
import { leadActivityTypes } from "./lead-activity";
import { projectStages, projectStatuses, projectTypes } from "./project";
import {
  PROPOSAL_DECLINE_REASON_MAX,
  PROPOSAL_QUESTION_MAX,
  paymentScheduleProblem,
  proposalLines,
  proposalMessageAuthors,
  proposalResponseKinds,
  proposalSections,
  proposalStatuses,
} from "./proposal";
import { invoiceKinds, invoiceStatuses, paidMethods, vatTreatments } from "./invoice";
import { paymentDues } from "./payment-schedule-values";
import { paymentSchedule, TERMS_PAYMENT_SCHEDULE } from "./payment-schedule";
import { relatedTypes, taskPriorities } from "./task";
import { activityTypes, activityWhoKinds, AUTOMATIC_CREDIT } from "./activity";
import { previewIds, previewUrl } from "./preview";
import { clientTypes, websiteUrl } from "./client";
import { invoiceLines, invoiceNumber, linesTotal, singleLine } from "./invoice";
import { auditEvent } from "./audit";
import {
  MAIL_ADDRESS_MAX,
  MAIL_ADDRESSES_MAX,
  MAIL_BODY_MAX_CHARS,
  MAIL_DEDUPE_KEY_MAX,
  MAIL_ID_MAX,
  MAIL_REFERENCES_MAX,
  mailDirections,
  mailTargets,
} from "./mail";
import { COMMENT_MAX, NAME_MAX, PAGE_MAX, REPLY_MAX, commentStatuses, notificationStatuses } from "./preview-feedback";
import { hasVisibleText, normaliseText, normalisedString } from "./text";
import { paymentKinds, paymentMethods, paymentStates } from "./payment";
import { reminderStages } from "./payment-reminders";
import { recurringIntervals } from "./recurring-invoice-values";
import { callMethods, callStatuses } from "./call-values";

export const EXPORT_VERSION = 1;

/** The tables in the document, parents before children (the order Import writes them in). */
export const exportTables = [
  "clients",
  "leads",
  "lead_activities",
  "projects",
  "proposals",
  "invoices",
  "payments",
  "payment_reminders",
  "stripe_events",
  "instalments",
  "recurring_invoices",
  "credit_notes",
  "tasks",
  "calls",
  "mail_messages",
  "activities",
  "preview_releases",
  "preview_comments",
  "preview_replies",
  "preview_approvals",
  "proposal_links",
  "proposal_responses",
  "proposal_messages",
  "invoice_links",
] as const;
export type ExportTable = (typeof exportTables)[number];

const rowId = z.string().min(1, "An id is required").max(64);
const ref = rowId.nullable();
const stamp = z.iso.datetime({ error: "Expected an ISO-8601 UTC time such as 2026-01-31T09:30:00.000Z" });
const stamps = { created_at: stamp, updated_at: stamp };
// Free text passes the API's own normaliser (contract/text.ts), one line or several as the API
// takes it: what the API stored comes back unchanged, and a file cannot bring in what no form
// would store (a name of control characters, a bidi override).
const line = (max: number) => normalisedString().max(max);
const lines = (max: number) => normalisedString({ multiline: true }).max(max);
const required = (kind: typeof line) => (max: number) => kind(max).min(1).refine(hasVisibleText, "Must not be empty");
const requiredLine = required(line);
const requiredLines = required(lines);
const blankIsNull = (v: string | null) => (v && hasVisibleText(v) ? v : null);
const optionalLine = (max: number) => line(max).nullable().transform(blankIsNull);
const optionalLines = (max: number) => lines(max).nullable().transform(blankIsNull);
/** Text the CRM writes itself (an e-mail error, a hash), not a person: kept exactly as stored. */
const stored = (max: number) => z.string().max(max);
const date = isoDate.nullable();
const amount = z.number().finite().min(0).max(1_000_000_000);
// Limits are the database's, not the forms': rows the CRM wrote itself (a workflow's
// "Proposal for {name}" title, say) may be longer than a form allows, and must import again.
const list = z.array(line(500)).max(100);
// Values the CRM renders as links or mails to are held to the API's own rules, so a file cannot
// bring in what no form would accept (a `javascript:` website, say).
const website = line(1000).pipe(websiteUrl).nullable();
const emailAddress = line(254).pipe(z.email("Please enter a valid email address"));

export const leadRow = z
  .object({
    id: rowId,
    name: requiredLine(1000),
    company: optionalLine(1000),
    email: emailAddress.nullable(),
    phone: optionalLine(1000),
    source: z.enum(leadSources).nullable(),
    status: z.enum(leadStatuses),
    notes: optionalLines(50_000),
    // No upper limit: a lead with accepted proposals is worth their sum, which may pass one amount's.
    value: z.number().finite().min(0).nullable(),
    next_action: optionalLine(1000),
    follow_up_date: date,
    added_by: ref,
    stage_changed_by: ref,
    converted_to_client_id: ref,
    /** When it was won or lost; files exported before it existed leave it out, and import dates it from updated_at. */
    closed_at: stamp.nullable().optional(),
    /** How far it got, for the funnel; files exported before it existed leave it out, and import takes it from the status. */
    furthest_stage: z.enum(furthestStages).optional(),
    ...stamps,
  })
  .strict();

export const leadActivityRow = z
  .object({
    id: rowId,
    lead_id: rowId,
    activity_type: z.enum(leadActivityTypes),
    description: lines(50_000),
    created_by: ref,
    ...stamps,
  })
  .strict();

export const clientRow = z
  .object({
    id: rowId,
    name: requiredLine(1000),
    website,
    emails: z.array(emailAddress).max(100),
    phones: list,
    services: list,
    notes: optionalLines(50_000),
    active: z.boolean(),
    /** Absent from exports made before clients had a type: a business, based in the UK. */
    client_type: z.enum(clientTypes).default("Business"),
    outside_uk: z.boolean().default(false),
    preview_id: z.enum(previewIds).nullable(),
    ...stamps,
  })
  .strict();

export const projectRow = z
  .object({
    id: rowId,
    title: requiredLine(1000),
    type: z.enum(projectTypes).nullable(),
    client_id: ref,
    budget: amount.nullable(),
    start_date: date,
    due_date: date,
    stage: z.enum(projectStages),
    status: z.enum(projectStatuses),
    notes: optionalLines(50_000),
    lead_id: ref,
    // Absent from exports made before it existed.
    stage_changed_by: optionalLine(NAME_MAX + 20).default(null),
    /** Absent from exports made before projects could be cancelled (docs/decisions/0068). */
    cancelled_at: stamp.nullable().default(null),
    ...stamps,
  })
  .strict();

export const proposalRow = z
  .object({
    id: rowId,
    title: requiredLine(1000),
    value: amount.nullable(),
    status: z.enum(proposalStatuses),
    sent_date: date,
    due_date: date,
    lead_id: ref,
    client_id: ref,
    notes: optionalLines(50_000),
    /** The document's parts, absent from exports made before proposals were documents: such a proposal comes back as one line at its
     * value. */
    intro: optionalLines(50_000).default(null),
    sections: proposalSections.default([]),
    lines: proposalLines.optional(),
    valid_until: date.default(null),
    terms: optionalLines(50_000).default(null),
    /** Absent from exports made before proposals had one: the Terms' schedule, as migration 0030 gave every proposal then. */
    payment_schedule: paymentSchedule.default(TERMS_PAYMENT_SCHEDULE),
    /** The project its acceptance started or carried on; absent from exports made before instalments. */
    project_id: ref.default(null),
    ...stamps,
  })
  .strict()
  .refine((r) => !r.lines || (r.lines.length ? linesTotal(r.lines) === r.value : r.value === null), {
    path: ["value"],
    message: "The value must equal the sum of the lines",
  })
  .superRefine((r, ctx) => {
    const problem = paymentScheduleProblem(r.payment_schedule, r.value);
    if (problem) ctx.addIssue({ code: "custom", path: ["payment_schedule"], message: problem });
  })
  .transform((r) => ({ ...r, lines: r.lines ?? (r.value === null ? [] : [singleLine(r.value, r.title)]) }));

export const invoiceRow = z
  .object({
    id: rowId,
    number: invoiceNumber,
    client_id: rowId,
    project_id: ref,
    /** Absent from exports made before line items: the invoice comes back as one line at its total. */
    lines: invoiceLines.optional(),
    total: amount,
    date: isoDate,
    due_date: isoDate,
    status: z.enum(invoiceStatuses),
    paid_date: isoDate.nullable().default(null),
    /** Absent from exports made before it was asked. */
    paid_method: z.enum(paidMethods).nullable().default(null),
    /** Absent from exports made before it: the standard treatment every invoice had then. */
    vat_treatment: z.enum(vatTreatments).default("standard"),
    /** Absent from exports made before late-payment charges. */
    late_charge_for: ref.default(null),
    // Absent from exports made before payment requests (docs/decisions/0063): an invoice, made by hand.
    kind: z.enum(invoiceKinds).default("invoice"),
    settles_id: ref.default(null),
    email_status: z.enum(notificationStatuses).nullable().default(null),
    email_error: stored(500).nullable().default(null),
    /** Absent from exports made before payment reminders: reminders go out. */
    reminders_paused: z.boolean().default(false),
    ...stamps,
  })
  .strict()
  .refine((r) => !r.lines || linesTotal(r.lines) === r.total, { path: ["total"], message: "The total must equal the sum of the lines" })
  .refine((r) => r.paid_method === null || r.status === "Paid", {
    path: ["paid_method"],
    message: "Only a paid invoice has a payment method",
  })
  .transform((r) => ({ ...r, lines: r.lines ?? [singleLine(r.total)] }));

/** A payment or refund against an invoice (docs/decisions/0064-payments-and-stripe.md). */
export const paymentRow = z
  .object({
    id: rowId,
    invoice_id: rowId,
    kind: z.enum(paymentKinds),
    amount: amount.refine((n) => n > 0, "A payment's amount is more than 0"),
    currency: z.string().regex(/^[A-Z]{3}$/, "Expected a currency code such as GBP"),
    date: isoDate,
    method: z.enum(paymentMethods),
    reference: stored(255).nullable(),
    state: z.enum(paymentStates),
    note: stored(1000).nullable(),
    fee: z.number().finite().nullable(),
    net: z.number().finite().nullable(),
    refund_of: ref,
    stripe_session_id: stored(255).nullable(),
    stripe_payment_intent: stored(255).nullable(),
    recorded_by_user: ref,
    recorded_by: requiredLine(1000),
    ...stamps,
  })
  .strict();

/** A payment reminder sent (docs/decisions/0066): kept so an imported CRM never sends it again. */
export const paymentReminderRow = z
  .object({
    id: rowId,
    invoice_id: rowId,
    stage: z.enum(reminderStages),
    sent_on: isoDate,
    balance: amount,
    email_status: z.enum(notificationStatuses),
    email_error: stored(500).nullable(),
    ...stamps,
  })
  .strict();

/** An accepted proposal's instalment (docs/decisions/0063); absent from exports made before them. */
export const instalmentRow = z
  .object({
    id: rowId,
    proposal_id: rowId,
    position: z.number().int().min(0).max(1000),
    label: requiredLine(200),
    amount: amount,
    due: z.enum(paymentDues),
    due_date: date,
    project_id: ref,
    invoice_id: ref,
    raised_at: stamp.nullable(),
    ...stamps,
  })
  .strict();

/**
 * A client's recurring invoice (docs/decisions/0067). Its next date carries where it has got to, so
 * an imported CRM raises the next period, never one already raised; the per-period claims stay behind.
 */
export const recurringInvoiceRow = z
  .object({
    id: rowId,
    client_id: rowId,
    project_id: ref,
    title: requiredLine(120),
    lines: invoiceLines,
    total: amount,
    interval: z.enum(recurringIntervals),
    /** 1 to 28, or 0 for the month's last day, as stored. */
    day: z.number().int().min(0).max(28),
    start_date: isoDate,
    end_date: date,
    terms_days: z.number().int().min(0).max(365).nullable(),
    next_date: isoDate,
    paused: z.boolean(),
    ...stamps,
  })
  .strict()
  .refine((r) => linesTotal(r.lines) === r.total, { path: ["total"], message: "The total must equal the sum of the lines" });
/** A credit note (docs/decisions/0068-credit-notes.md): what one invoice or payment request no longer asks for. */
export const creditNoteRow = z
  .object({
    id: rowId,
    number: invoiceNumber,
    invoice_id: rowId,
    client_id: rowId,
    project_id: ref,
    amount: amount.refine((n) => n > 0, "A credit note credits more than £0"),
    description: requiredLine(300),
    date: isoDate,
    ...stamps,
  })
  .strict();

/**
 * A call booked on the site (docs/decisions/0069-booking-calls.md). Its host is a member of staff;
 * accounts are not exported, so an import into a CRM without that account refuses the call by name.
 */
export const callRow = z
  .object({
    id: rowId,
    host_id: rowId,
    lead_id: ref,
    start_at: stamp,
    end_at: stamp,
    london_date: isoDate,
    status: z.enum(callStatuses),
    method: z.enum(callMethods),
    name: requiredLine(1000),
    email: emailAddress,
    phone: optionalLine(1000),
    company: optionalLine(1000),
    topic: requiredLines(50_000),
    heard_from: optionalLine(1000),
    visitor_zone: stored(64).nullable(),
    /** The hash of the visitor's link token: their link still opens after a restore. */
    token_hash: stored(128),
    sequence: z.number().int().min(0).max(1_000_000),
    reminded_at: stamp.nullable(),
    ...stamps,
  })
  .strict()
  .refine((r) => r.end_at > r.start_at, { path: ["end_at"], message: "A call ends after it starts" });

/** A Stripe event already handled, by its id: kept so an event delivered again after a restore still changes nothing. */
export const stripeEventRow = z.object({ id: rowId.max(255), type: stored(255), ...stamps }).strict();

export const taskRow = z
  .object({
    id: rowId,
    title: requiredLine(1000),
    assignee_username: ref,
    priority: z.enum(taskPriorities),
    due_date: date,
    // Absent from exports made before tasks had times.
    due_time: clockTime.nullable().default(null),
    minutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .nullable()
      .default(null),
    completed: z.boolean(),
    notes: optionalLines(50_000),
    related_id: ref,
    related_type: z.enum(relatedTypes).nullable(),
    ...stamps,
  })
  .strict()
  .refine((t) => !t.due_time || t.due_date, { path: ["due_time"], message: "A task's time needs its due date" });

export const activityRow = z
  .object({
    id: rowId,
    who_username: ref,
    // Absent from exports made before clients were credited by the name they typed.
    who_name: stored(200).nullable().default(null),
    // Absent from exports made before it existed: read from the names, as the migration that added it did.
    who_kind: z.enum(activityWhoKinds).optional(),
    type: z.enum(activityTypes),
    summary: requiredLines(10_000),
    related_type: z.enum(relatedTypes).nullable(),
    related_id: ref,
    // Absent from exports made before mail was filed.
    mail_id: ref.default(null),
    ...stamps,
  })
  .strict()
  .transform(({ who_kind, ...row }) => ({
    ...row,
    who_kind:
      who_kind ??
      (row.who_name === null ? "staff" : row.who_username === null && row.who_name === AUTOMATIC_CREDIT ? "automatic" : "client"),
  }));

// Its keys are held to the lengths the inbox stores them with (contract/mail.ts), no tighter.
const mailAddresses = z.array(z.object({ name: line(500).nullable(), address: stored(MAIL_ADDRESS_MAX) }).strict()).max(MAIL_ADDRESSES_MAX);
/** A message filed from the CRM's inbox (docs/decisions/0023-mail-that-files-itself.md), as worker/mail read it. */
export const mailMessageRow = z
  .object({
    id: rowId,
    dedupe_key: stored(MAIL_DEDUPE_KEY_MAX),
    message_id: stored(MAIL_ID_MAX).nullable(),
    in_reply_to: stored(MAIL_ID_MAX).nullable(),
    references: z.array(stored(MAIL_ID_MAX)).max(MAIL_REFERENCES_MAX),
    subject: line(2000),
    sent_at: stamp.nullable(),
    direction: z.enum(mailDirections),
    from_name: line(500).nullable(),
    from_address: stored(MAIL_ADDRESS_MAX).nullable(),
    to: mailAddresses,
    cc: mailAddresses,
    body: lines(MAIL_BODY_MAX_CHARS),
    truncated: z.boolean(),
    attachments: z
      .array(
        z.object({ filename: line(1000).nullable(), mimeType: stored(200), size: z.number().int().min(0), inline: z.boolean() }).strict(),
      )
      .max(1000),
    invite: z
      .object({ summary: line(2000).nullable(), start: stored(100).nullable(), method: stored(100).nullable() })
      .strict()
      .nullable(),
    forwarded_via: stored(20).nullable(),
    filed_by: ref,
    filed_by_name: requiredLine(1000),
    related_type: z.enum(mailTargets).nullable(),
    related_id: ref,
    ...stamps,
  })
  .strict();

const notification = {
  email_status: z.enum(notificationStatuses),
  email_error: stored(500).nullable(),
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
    author_name: requiredLine(NAME_MAX),
    body: requiredLines(COMMENT_MAX),
    page: optionalLine(PAGE_MAX),
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
    author_name: requiredLine(1000),
    body: requiredLines(REPLY_MAX),
    ...stamps,
  })
  .strict();

export const previewApprovalRow = z
  .object({
    id: rowId,
    client_id: rowId,
    release_id: rowId,
    approver_name: requiredLine(NAME_MAX),
    ip_hash: stored(128),
    project_id: ref,
    ...notification,
    ...stamps,
  })
  .strict();

/**
 * A proposal's or an invoice's shared link: only the SHA-256 of its token, which cannot
 * be turned back into the link, so a restore or an import keeps the client's link working.
 */
const sharedLink = {
  id: rowId,
  token_hash: z.string().regex(/^[0-9a-f]{64}$/, "Expected a SHA-256 hash"),
  created_by: ref,
  revoked_at: stamp.nullable(),
  views: z.number().int().min(0).max(1_000_000_000),
  first_viewed_at: stamp.nullable(),
  last_viewed_at: stamp.nullable(),
  // Whom the CRM e-mailed it to, and when (docs/decisions/0024-mail-cloudflare-refuses.md); absent from earlier exports.
  emailed_to: emailAddress.nullable().default(null),
  emailed_at: stamp.nullable().default(null),
  ...stamps,
};
export const proposalLinkRow = z.object({ ...sharedLink, proposal_id: rowId }).strict();
export const invoiceLinkRow = z.object({ ...sharedLink, invoice_id: rowId }).strict();

/** A client's acceptance or decline, with the hash and copy of what they answered. */
export const proposalResponseRow = z
  .object({
    id: rowId,
    proposal_id: rowId,
    kind: z.enum(proposalResponseKinds),
    full_name: requiredLine(1000),
    reason: optionalLines(PROPOSAL_DECLINE_REASON_MAX),
    content_hash: stored(128),
    // The page's content as JSON, kept exactly: it is what was accepted.
    snapshot: stored(2_000_000),
    ip_hash: stored(128),
    browser: stored(512),
    ...notification,
    ...stamps,
  })
  .strict();

export const proposalMessageRow = z
  .object({
    id: rowId,
    proposal_id: rowId,
    author: z.enum(proposalMessageAuthors),
    author_name: requiredLine(1000),
    author_id: ref,
    body: requiredLines(PROPOSAL_QUESTION_MAX),
    ip_hash: stored(128).nullable(),
    ...notification,
    ...stamps,
  })
  .strict();

/** The highest PBKDF2 iteration count Cloudflare's runtime allows (worker/platform/password.ts). */
const MAX_PBKDF2_ITERATIONS = 100_000;
const passwordHash = z
  .object({ hash: z.base64().max(100), salt: z.base64().max(100), iterations: z.number().int().min(1).max(MAX_PBKDF2_ITERATIONS) })
  .strict();

/**
 * A linked client's preview card as the studio set it up (its record lives in KV, not D1), so
 * that a restore gives the client their preview back exactly (docs/decisions/0013).
 */
export const previewCardRow = z
  .object({
    preview_id: z.enum(previewIds),
    client_id: rowId,
    preview_url: z.string().max(2000).pipe(previewUrl).nullable(),
    expires_at: stamp.nullable(),
    revoked: z.boolean(),
    /**
     * In delete-all backups only, never in an export file: the access code's PBKDF2 hash (as KV
     * holds it), so a restore re-arms the code the client already has.
     */
    code: passwordHash.nullable().optional(),
    /** The record's version that unlock cookies carry; restored with the code, so an open visit stays open. */
    record_updated_at: stamp.nullable().optional(),
  })
  .strict();
export type PreviewCardRow = z.infer<typeof previewCardRow>;

/** Most rows a document may hold per table: far above the 50,000-lead ceiling a studio reaches in years, and read a row at a time. */
export const MAX_ROWS_PER_TABLE = 100_000;
const rows = <T extends z.ZodType>(row: T) => z.array(row).max(MAX_ROWS_PER_TABLE);

/** Each table's row, as the document's arrays hold them (Import checks a row at a time against these). */
export const tableRows = {
  clients: clientRow,
  leads: leadRow,
  lead_activities: leadActivityRow,
  projects: projectRow,
  proposals: proposalRow,
  invoices: invoiceRow,
  payments: paymentRow,
  payment_reminders: paymentReminderRow,
  stripe_events: stripeEventRow,
  instalments: instalmentRow,
  recurring_invoices: recurringInvoiceRow,
  credit_notes: creditNoteRow,
  tasks: taskRow,
  calls: callRow,
  mail_messages: mailMessageRow,
  activities: activityRow,
  preview_releases: previewReleaseRow,
  preview_comments: previewCommentRow,
  preview_replies: previewReplyRow,
  preview_approvals: previewApprovalRow,
  proposal_links: proposalLinkRow,
  proposal_responses: proposalResponseRow,
  proposal_messages: proposalMessageRow,
  invoice_links: invoiceLinkRow,
} satisfies Record<ExportTable, z.ZodType>;

/** An audit event as a delete-all backup keeps it: the names are looked up again when shown. */
export const auditEventRow = auditEvent.omit({ actor_name: true, subject_name: true });

/** The document without the checks across its rows (exportDocument adds them). */
export const exportShape = z
  .object({
    version: z.literal(EXPORT_VERSION, { error: `Only version ${EXPORT_VERSION} exports can be imported` }),
    exported_at: stamp,
    leads: rows(leadRow),
    lead_activities: rows(leadActivityRow),
    clients: rows(clientRow),
    projects: rows(projectRow),
    proposals: rows(proposalRow),
    invoices: rows(invoiceRow),
    /** Absent from exports made before payments were recorded. */
    payments: rows(paymentRow).default([]),
    /** Absent from exports made before payment reminders. */
    payment_reminders: rows(paymentReminderRow).default([]),
    stripe_events: rows(stripeEventRow).default([]),
    instalments: rows(instalmentRow).default([]),
    /** Absent from exports made before recurring invoices. */
    recurring_invoices: rows(recurringInvoiceRow).default([]),
    /** Absent from exports made before credit notes. */
    credit_notes: rows(creditNoteRow).default([]),
    tasks: rows(taskRow),
    /** Absent from exports made before calls could be booked on the site. */
    calls: rows(callRow).default([]),
    activities: rows(activityRow),
    /** Absent from exports made before mail was filed. */
    mail_messages: rows(mailMessageRow).default([]),
    // Client feedback (docs/decisions/0009-preview-feedback.md): absent from exports made before it existed.
    preview_releases: rows(previewReleaseRow).default([]),
    preview_comments: rows(previewCommentRow).default([]),
    preview_replies: rows(previewReplyRow).default([]),
    preview_approvals: rows(previewApprovalRow).default([]),
    // Shared proposals and the clients' answers: absent from exports made before them.
    proposal_links: rows(proposalLinkRow).default([]),
    proposal_responses: rows(proposalResponseRow).default([]),
    proposal_messages: rows(proposalMessageRow).default([]),
    invoice_links: rows(invoiceLinkRow).default([]),
    /** Absent from exports made before it existed: the clients' cards then come back without their URLs. */
    preview_cards: z.array(previewCardRow).max(previewIds.length).default([]),
    /** In delete-all backups only: the audit trail as it stood. Import leaves the trail as it is. */
    audit_events: z.array(auditEventRow).optional(),
  })
  .strict();
export type ExportDocument = z.infer<typeof exportShape>;

type Path = (string | number)[];

/** A row named the way a person finds it in the CRM: its id, and where it opens (contract/record-href.ts). */
export interface RecordRef {
  id: string;
  href: string;
}

/**
 * The checks across a document's rows: ids unique per table, invoice numbers, approvals, linked
 * previews and shared links unique, and every reference to a CRM row in the file. Fed one
 * (validated) row at a time, so Import can check a document it never holds whole; a reference to
 * a table not yet read waits for finish(). Each path is reported once, with its first problem, as
 * the refusal lists them.
 */
export class ConsistencyCheck {
  private readonly ids = Object.fromEntries(exportTables.map((t) => [t, new Set<string>()])) as Record<ExportTable, Set<string>>;
  private readonly closed = new Set<ExportTable>();
  private readonly waiting: { path: Path; target: ExportTable; value: string; noun: string; record?: RecordRef }[] = [];
  private readonly invoiceNumbers = new Set<string>();
  private readonly approved = new Set<string>();
  private readonly linkedPreviews = new Set<string>();
  /** Each linked client's preview (clients without one are not listed). */
  private readonly previewOf = new Map<string, string>();
  private readonly hashes = { proposal_links: new Set<string>(), invoice_links: new Set<string>() };
  private readonly live = { proposal_links: new Set<string>(), invoice_links: new Set<string>() };
  private readonly cards: { index: number; card: PreviewCardRow }[] = [];
  private readonly reported = new Set<string>();

  /**
   * `report` hears each problem once, with the row it is in named by `describe` when that is given
   * (delete-all's proof names rows as the CRM opens them; a file's problems are named by position).
   */
  constructor(
    private readonly report: (path: Path, message: string, record?: RecordRef) => void,
    private readonly describe?: (table: ExportTable, row: Record<string, unknown>) => RecordRef | undefined,
  ) {}

  private issue(path: Path, message: string, record?: RecordRef) {
    const key = path.join(".");
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.report(path, message, record);
  }

  private unique(seen: Set<string>, value: string | null, path: Path, message: string, record: () => RecordRef | undefined) {
    if (value === null) return;
    if (seen.has(value)) this.issue(path, message, record());
    seen.add(value);
  }

  row(table: ExportTable, index: number, row: object): void {
    const r = row as Record<string, unknown>;
    const at = (column: string): Path => [table, index, column];
    const record = () => this.describe?.(table, r);
    this.unique(this.ids[table], r.id as string, at("id"), "This id appears twice", record);
    if (table === "invoices")
      this.unique(this.invoiceNumbers, r.number as string, at("number"), "This invoice number appears twice", record);
    if (table === "preview_approvals")
      this.unique(this.approved, r.release_id as string, at("release_id"), "This version is approved twice", record);
    if (table === "clients" && r.preview_id) {
      this.unique(this.linkedPreviews, r.preview_id as string, at("preview_id"), "This preview is linked to two clients", record);
      this.previewOf.set(r.id as string, r.preview_id as string);
    }
    // A link's hash is unique, and a proposal or invoice has at most one live link (as the database's indexes say).
    if (table === "proposal_links" || table === "invoice_links") {
      this.unique(this.hashes[table], r.token_hash as string, at("token_hash"), "This link appears twice", record);
      const [column, noun] = table === "proposal_links" ? ["proposal_id", "proposal"] : ["invoice_id", "invoice"];
      if (r.revoked_at === null) this.unique(this.live[table], r[column] as string, at(column), `This ${noun} has two live links`, record);
    }
    for (const [from, column, target, noun] of references) {
      const value = r[column];
      if (from !== table || value === null || value === undefined) continue;
      if (this.closed.has(target)) this.reference(at(column), target, value as string, noun, record);
      else this.waiting.push({ path: at(column), target, value: value as string, noun, record: record() });
    }
  }

  private reference(path: Path, target: ExportTable, value: string, noun: string, record: () => RecordRef | undefined) {
    if (!this.ids[target].has(value)) this.issue(path, `No ${noun} with this id in the file`, record());
  }

  /** Every row of `table` has been given: references to it are checked from now on. */
  close(table: ExportTable): void {
    this.closed.add(table);
  }

  card(index: number, card: PreviewCardRow): void {
    this.cards.push({ index, card });
  }

  /** The whole document has been given (a table never given has no rows). */
  finish(): void {
    for (const table of exportTables) this.close(table);
    for (const { path, target, value, noun, record } of this.waiting) this.reference(path, target, value, noun, () => record);
    this.waiting.length = 0;
    const seen = new Set<string>();
    for (const { index, card } of this.cards) {
      const at = (column: string): Path => ["preview_cards", index, column];
      this.unique(seen, card.preview_id, at("preview_id"), "This preview appears twice", () => undefined);
      if (!this.ids.clients.has(card.client_id)) this.issue(at("client_id"), "No client with this id in the file");
      else if ((this.previewOf.get(card.client_id) ?? null) !== card.preview_id)
        this.issue(at("preview_id"), "This client is not linked to this preview");
    }
  }
}

type Ctx = z.core.$RefinementCtx<ExportDocument>;

/** The whole document through ConsistencyCheck, table by table. */
function checkConsistency(doc: ExportDocument, ctx: Ctx) {
  const check = new ConsistencyCheck((path, message) => ctx.addIssue({ code: "custom", path, message }));
  for (const table of exportTables) {
    doc[table].forEach((row, i) => check.row(table, i, row));
    check.close(table);
  }
  doc.preview_cards.forEach((card, i) => check.card(i, card));
  check.finish();
}

/** Columns that name another CRM row, which must be in the same file: [table, column, target table, what the target is]. */
const references: [ExportTable, string, ExportTable, string][] = [
  ["leads", "converted_to_client_id", "clients", "client"],
  ["lead_activities", "lead_id", "leads", "lead"],
  ["projects", "client_id", "clients", "client"],
  ["projects", "lead_id", "leads", "lead"],
  ["proposals", "lead_id", "leads", "lead"],
  ["proposals", "client_id", "clients", "client"],
  ["invoices", "client_id", "clients", "client"],
  ["invoices", "project_id", "projects", "project"],
  ["payments", "invoice_id", "invoices", "invoice"],
  ["payments", "refund_of", "payments", "payment"],
  ["payment_reminders", "invoice_id", "invoices", "invoice"],
  ["recurring_invoices", "client_id", "clients", "client"],
  ["recurring_invoices", "project_id", "projects", "project"],
  ["invoices", "settles_id", "invoices", "payment request"],
  ["proposals", "project_id", "projects", "project"],
  ["instalments", "proposal_id", "proposals", "proposal"],
  ["instalments", "project_id", "projects", "project"],
  ["instalments", "invoice_id", "invoices", "invoice"],
  ["credit_notes", "invoice_id", "invoices", "invoice"],
  ["calls", "lead_id", "leads", "lead"],
  ["credit_notes", "client_id", "clients", "client"],
  ["credit_notes", "project_id", "projects", "project"],
  ["preview_releases", "client_id", "clients", "client"],
  ["preview_comments", "client_id", "clients", "client"],
  ["preview_comments", "release_id", "preview_releases", "preview version"],
  ["preview_replies", "comment_id", "preview_comments", "comment"],
  ["preview_approvals", "client_id", "clients", "client"],
  ["preview_approvals", "release_id", "preview_releases", "preview version"],
  ["preview_approvals", "project_id", "projects", "project"],
  ["proposal_links", "proposal_id", "proposals", "proposal"],
  ["proposal_responses", "proposal_id", "proposals", "proposal"],
  ["proposal_messages", "proposal_id", "proposals", "proposal"],
  ["invoice_links", "invoice_id", "invoices", "invoice"],
  ["invoices", "late_charge_for", "invoices", "invoice"],
  ["activities", "mail_id", "mail_messages", "message"],
];

export const exportDocument = exportShape.superRefine(checkConsistency);

/**
 * Required text that an earlier version stored with nothing visible in it (a comment's name of
 * control characters, say) is given these words on import and restore, so every file and backup
 * made before then still loads; migrations/0006 repairs the stored rows the same way.
 */
export const EMPTY_TEXT_REPAIRS = {
  leads: { name: "(no name)" },
  clients: { name: "(no name)" },
  projects: { title: "(untitled)" },
  proposals: { title: "(untitled)" },
  tasks: { title: "(untitled)" },
  activities: { summary: "(empty)" },
  preview_comments: { author_name: "(no name)", body: "(empty)" },
  preview_replies: { author_name: "(no name)", body: "(empty)" },
  preview_approvals: { approver_name: "(no name)" },
} satisfies Partial<Record<ExportTable, Record<string, string>>>;

/**
 * Fills, in place, each required text of one row of `table` (not yet validated) that has nothing
 * visible with its placeholder, and answers how many it filled. Whatever is not a string is left
 * for the schema to refuse.
 */
export function repairEmptyText(table: string, row: unknown): number {
  const columns = (EMPTY_TEXT_REPAIRS as Partial<Record<string, Record<string, string>>>)[table];
  if (!columns || !row || typeof row !== "object") return 0;
  const record = row as Record<string, unknown>;
  let filled = 0;
  for (const [column, placeholder] of Object.entries(columns)) {
    const value = record[column];
    if (typeof value === "string" && !hasVisibleText(normaliseText(value, { multiline: true }))) {
      record[column] = placeholder;
      filled++;
    }
  }
  return filled;
}

/** POST /api/crm/delete-all */
/** What the export is for: the JSON file itself, or the CSV the browser makes of its leads and clients (said so in the audit trail). */
export const exportQuery = z.object({ format: z.enum(["json", "csv"]).default("json") });

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
