/**
 * The whole D1 schema. Enumerations are CHECK constraints built from the contract's lists,
 * so the database refuses exactly what the API refuses. Times are ISO-8601 UTC text.
 */
import { sql, type SQL } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { furthestStages, leadSources, leadStatuses } from "../../contract/lead";
import { leadActivityTypes } from "../../contract/lead-activity";
import { projectStages, projectStatuses, projectTypes } from "../../contract/project";
import { proposalMessageAuthors, proposalResponseKinds, proposalStatuses, type ProposalSection } from "../../contract/proposal";
import { invoiceStatuses, paidMethods, type InvoiceLine } from "../../contract/invoice";
import { relatedTypes, taskPriorities } from "../../contract/task";
import { activityTypes, activityWhoKinds } from "../../contract/activity";
import { roles } from "../../contract/user";
import { emailStatuses, formKinds } from "../../contract/form-submission";
import { commentStatuses, notificationStatuses } from "../../contract/preview-feedback";
import { auditActions } from "../../contract/audit";
import { digestStatuses } from "../../contract/digest";
import { mailDirections, mailTargets, type MailAddress, type MailAttachment, type MailInvite } from "../../contract/mail";

const nowSql = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const id = () => text("id").primaryKey();
const stamps = {
  created_at: text("created_at").notNull().default(nowSql),
  updated_at: text("updated_at").notNull().default(nowSql),
};

/** `col IN ('a','b')` with the values inlined, as CHECK constraints need literals. */
function oneOf(column: AnySQLiteColumn, values: readonly string[], nullable = false): SQL {
  const list = sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", "));
  return nullable ? sql`${column} IS NULL OR ${column} IN (${list})` : sql`${column} IN (${list})`;
}
const bool = (name: string) => integer(name, { mode: "boolean" });

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    full_name: text("full_name").notNull(),
    role: text("role", { enum: roles }).notNull(),
    job_title: text("job_title"),
    password_hash: text("password_hash").notNull(),
    salt: text("salt").notNull(),
    iterations: integer("iterations").notNull(),
    disabled: bool("disabled").notNull().default(false),
    /** The shared account the gate's CRM Access Password signs in to. */
    is_team: bool("is_team").notNull().default(false),
    /**
     * Sessions carry the epoch they were issued in; bumping it (a new password, the account
     * disabled, "sign out everywhere") ends every session of the account at once.
     */
    session_epoch: integer("session_epoch").notNull().default(0),
    /** Whether the 08:00 daily digest is e-mailed to this account (Your account's switch). */
    daily_digest: bool("daily_digest").notNull().default(true),
    ...stamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_one_team")
      .on(t.is_team)
      .where(sql`${t.is_team} = 1`),
    check("users_role_check", oneOf(t.role, roles)),
    check("users_iterations_check", sql`${t.iterations} BETWEEN 1 AND 100000`),
  ],
);

export const invites = sqliteTable(
  "invites",
  {
    id: id(),
    email: text("email").notNull(),
    role: text("role", { enum: roles }).notNull(),
    token_hash: text("token_hash").notNull(),
    // An invitation outlives neither its sender's account nor its purpose.
    invited_by: text("invited_by").references(() => users.id, { onDelete: "cascade" }),
    expires_at: text("expires_at").notNull(),
    accepted_at: text("accepted_at"),
    user_id: text("user_id").references(() => users.id, { onDelete: "set null" }),
    ...stamps,
  },
  (t) => [
    uniqueIndex("invites_token_hash_unique").on(t.token_hash),
    index("invites_email_idx").on(t.email),
    check("invites_role_check", oneOf(t.role, roles)),
  ],
);

/** Signed-out sessions, kept until their token would have expired anyway. */
export const revoked_sessions = sqliteTable(
  "revoked_sessions",
  { jti: text("jti").primaryKey(), expires_at: text("expires_at").notNull() },
  (t) => [index("revoked_sessions_expires_idx").on(t.expires_at)],
);

/** One row per counted event (a failed sign-in, a form post); limits count rows in a sliding window. */
export const rate_limit_events = sqliteTable(
  "rate_limit_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    created_at: text("created_at").notNull().default(nowSql),
  },
  (t) => [index("rate_limit_events_lookup_idx").on(t.bucket, t.key, t.created_at), index("rate_limit_events_created_idx").on(t.created_at)],
);

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  /** JSON text. */
  value: text("value").notNull(),
  ...stamps,
});

export const clients = sqliteTable(
  "clients",
  {
    id: id(),
    name: text("name").notNull(),
    website: text("website"),
    // Lists are JSON arrays so order and exact text round-trip.
    emails: text("emails", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    phones: text("phones", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    services: text("services", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    notes: text("notes"),
    active: bool("active").notNull().default(true),
    /** The public preview card (content id) this client's preview record belongs to. */
    preview_id: text("preview_id"),
    ...stamps,
  },
  (t) => [
    index("clients_created_idx").on(t.created_at),
    index("clients_active_name_idx").on(t.active, t.name),
    uniqueIndex("clients_preview_id_unique").on(t.preview_id),
    check(
      "clients_lists_check",
      sql`json_type(${t.emails}) = 'array' AND json_type(${t.phones}) = 'array' AND json_type(${t.services}) = 'array'`,
    ),
  ],
);

export const leads = sqliteTable(
  "leads",
  {
    id: id(),
    name: text("name").notNull(),
    company: text("company"),
    email: text("email"),
    phone: text("phone"),
    source: text("source", { enum: leadSources }),
    status: text("status", { enum: leadStatuses }).notNull().default("New"),
    notes: text("notes"),
    value: real("value"),
    next_action: text("next_action"),
    follow_up_date: text("follow_up_date"),
    added_by: text("added_by").references(() => users.id, { onDelete: "set null" }),
    stage_changed_by: text("stage_changed_by").references(() => users.id, { onDelete: "set null" }),
    converted_to_client_id: text("converted_to_client_id").references(() => clients.id, { onDelete: "set null" }),
    /**
     * When the lead last became Won or Lost; null while it is open. Kept by two triggers
     * (migrations/0015_dashboard.sql) rather than by each service, so every path that changes a
     * status (an edit, a board drop, a workflow action, an accepted proposal, an import) stamps it.
     */
    closed_at: text("closed_at"),
    /**
     * The furthest open stage the lead has been at (New → Negotiation; a lead once Won counts as
     * having passed them all), so the funnel can count a Lost lead at the stages it got through.
     * Kept by triggers, as closed_at is, which also fill it in when a row comes without it (an import
     * of a file exported before it existed), so it is never empty. No CHECK or NOT NULL: SQLite could
     * add them only by rebuilding the table.
     */
    furthest_stage: text("furthest_stage", { enum: furthestStages }).default("New"),
    ...stamps,
  },
  (t) => [
    index("leads_created_idx").on(t.created_at),
    // The dashboard's sums by status, won by month, win rate and median days to Won, each read
    // from the index alone (value and created_at ride along) rather than from 10,000 rows.
    index("leads_status_closed_idx").on(t.status, t.closed_at, t.value, t.created_at),
    // The funnel: how many leads got how far, counted from the index alone.
    index("leads_status_furthest_idx").on(t.status, t.furthest_stage),
    index("leads_status_name_idx").on(t.status, t.name),
    // A board column, and the leads list filtered by status: the newest of one status, read in
    // order from the index rather than sorted from every lead of that status (3–10 ms → 0.4 ms a
    // column at 10,000 leads), once per column for every /crm load and live refresh.
    index("leads_status_created_idx").on(t.status, t.created_at, t.id),
    index("leads_email_idx").on(t.email),
    index("leads_converted_idx").on(t.converted_to_client_id),
    // The Leads table's Follow-up order and its "Follow-up due" filter.
    index("leads_follow_up_idx").on(t.follow_up_date),
    // A calendar feed reads one person's follow-ups nearest today (modules/calendar/calendar-feeds.ts).
    index("leads_added_by_follow_up_idx").on(t.added_by, t.follow_up_date),
    check("leads_status_check", oneOf(t.status, leadStatuses)),
    check("leads_source_check", oneOf(t.source, leadSources, true)),
    check("leads_value_check", sql`${t.value} IS NULL OR ${t.value} >= 0`),
  ],
);

export const lead_activities = sqliteTable(
  "lead_activities",
  {
    id: id(),
    lead_id: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    activity_type: text("activity_type", { enum: leadActivityTypes }).notNull(),
    description: text("description").notNull(),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...stamps,
  },
  (t) => [
    index("lead_activities_lead_created_idx").on(t.lead_id, t.created_at),
    check("lead_activities_type_check", oneOf(t.activity_type, leadActivityTypes)),
  ],
);

export const projects = sqliteTable(
  "projects",
  {
    id: id(),
    title: text("title").notNull(),
    type: text("type", { enum: projectTypes }),
    // A project outlives the client record it was for: it is history the studio keeps.
    client_id: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    budget: real("budget"),
    start_date: text("start_date"),
    due_date: text("due_date"),
    stage: text("stage", { enum: projectStages }).notNull().default("Discovery"),
    status: text("status", { enum: projectStatuses }).notNull().default("On Track"),
    notes: text("notes"),
    lead_id: text("lead_id").references(() => leads.id, { onDelete: "set null" }),
    /**
     * Who last moved the stage: a user id for a member of staff (docs/decisions/0001), or
     * "Client: {name}" when the client's approval of their preview moved it to Launch.
     */
    stage_changed_by: text("stage_changed_by"),
    ...stamps,
  },
  (t) => [
    index("projects_created_idx").on(t.created_at),
    index("projects_client_stage_idx").on(t.client_id, t.stage, t.updated_at),
    index("projects_client_idx").on(t.client_id),
    index("projects_lead_idx").on(t.lead_id),
    check("projects_stage_check", oneOf(t.stage, projectStages)),
    check("projects_status_check", oneOf(t.status, projectStatuses)),
    check("projects_type_check", oneOf(t.type, projectTypes, true)),
  ],
);

export const proposals = sqliteTable(
  "proposals",
  {
    id: id(),
    title: text("title").notNull(),
    value: real("value"),
    status: text("status", { enum: proposalStatuses }).notNull().default("Draft"),
    sent_date: text("sent_date"),
    due_date: text("due_date"),
    lead_id: text("lead_id").references(() => leads.id, { onDelete: "set null" }),
    client_id: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    notes: text("notes"),
    /** The document the client reads: plain text, never markup. */
    intro: text("intro"),
    sections: text("sections", { mode: "json" })
      .$type<ProposalSection[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The line items, a JSON array; `value` is always their sum, or null with none (modules/proposals/proposals.ts writes both together). */
    lines: text("lines", { mode: "json" })
      .$type<InvoiceLine[]>()
      .notNull()
      .default(sql`'[]'`),
    valid_until: text("valid_until"),
    terms: text("terms"),
    ...stamps,
  },
  (t) => [
    index("proposals_created_idx").on(t.created_at),
    index("proposals_lead_idx").on(t.lead_id),
    index("proposals_client_idx").on(t.client_id),
    check("proposals_status_check", oneOf(t.status, proposalStatuses)),
  ],
);

export const invoices = sqliteTable(
  "invoices",
  {
    id: id(),
    number: text("number").notNull(),
    // An invoice is a financial record: its client cannot be deleted from under it.
    client_id: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    project_id: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** The line items, a JSON array; `total` is always their sum (modules/invoices/invoices.ts writes both together). */
    lines: text("lines", { mode: "json" })
      .$type<InvoiceLine[]>()
      .notNull()
      .default(sql`'[]'`),
    total: real("total").notNull(),
    date: text("date").notNull(),
    due_date: text("due_date").notNull(),
    status: text("status", { enum: invoiceStatuses }).notNull().default("Draft"),
    paid_date: text("paid_date"),
    // Checked by triggers (migration 0025), not a CHECK: adding one would rebuild the table, and
    // dropping the old one in D1's migration would delete every invoice's links.
    paid_method: text("paid_method", { enum: paidMethods }),
    ...stamps,
  },
  (t) => [
    uniqueIndex("invoices_number_unique").on(t.number),
    index("invoices_created_idx").on(t.created_at),
    index("invoices_client_idx").on(t.client_id),
    index("invoices_project_idx").on(t.project_id),
    check("invoices_status_check", oneOf(t.status, invoiceStatuses)),
    check("invoices_total_check", sql`${t.total} >= 0`),
  ],
);

export const tasks = sqliteTable(
  "tasks",
  {
    id: id(),
    title: text("title").notNull(),
    assignee_username: text("assignee_username").references(() => users.id, { onDelete: "set null" }),
    priority: text("priority", { enum: taskPriorities }).notNull().default("Med"),
    due_date: text("due_date"),
    completed: bool("completed").notNull().default(false),
    notes: text("notes"),
    related_id: text("related_id"),
    related_type: text("related_type", { enum: relatedTypes }),
    ...stamps,
  },
  (t) => [
    index("tasks_completed_idx").on(t.completed),
    index("tasks_due_idx").on(t.due_date),
    index("tasks_related_idx").on(t.related_type, t.related_id),
    check("tasks_priority_check", oneOf(t.priority, taskPriorities)),
    check("tasks_related_type_check", oneOf(t.related_type, relatedTypes, true)),
  ],
);

export const activities = sqliteTable(
  "activities",
  {
    id: id(),
    who_username: text("who_username").references(() => users.id, { onDelete: "set null" }),
    who_name: text("who_name"),
    who_kind: text("who_kind", { enum: activityWhoKinds }).notNull(),
    type: text("type", { enum: activityTypes }).notNull(),
    summary: text("summary").notNull(),
    related_type: text("related_type", { enum: relatedTypes }),
    related_id: text("related_id"),
    /** An Email entry filed from the CRM's inbox: the message it shows. */
    mail_id: text("mail_id").references((): AnySQLiteColumn => mail_messages.id, { onDelete: "cascade" }),
    ...stamps,
  },
  (t) => [
    index("activities_created_idx").on(t.created_at),
    index("activities_mail_idx").on(t.mail_id),
    // A lead's timeline reads the entries logged for it.
    index("activities_related_idx").on(t.related_type, t.related_id, t.created_at),
    check("activities_type_check", oneOf(t.type, activityTypes)),
    check("activities_who_kind_check", oneOf(t.who_kind, activityWhoKinds)),
    check("activities_related_type_check", oneOf(t.related_type, relatedTypes, true)),
  ],
);

export const form_submissions = sqliteTable(
  "form_submissions",
  {
    id: id(),
    kind: text("kind", { enum: formKinds }).notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    lead_id: text("lead_id").references(() => leads.id, { onDelete: "set null" }),
    page: text("page"),
    utm: text("utm", { mode: "json" }).$type<Record<string, string>>(),
    ip_hash: text("ip_hash"),
    email_status: text("email_status", { enum: emailStatuses }).notNull().default("pending"),
    email_error: text("email_error"),
    email_attempts: integer("email_attempts").notNull().default(0),
    ...stamps,
  },
  (t) => [
    index("form_submissions_created_idx").on(t.created_at),
    index("form_submissions_email_status_idx").on(t.email_status),
    index("form_submissions_lead_idx").on(t.lead_id),
    check("form_submissions_kind_check", oneOf(t.kind, formKinds)),
    check("form_submissions_email_status_check", oneOf(t.email_status, emailStatuses)),
  ],
);

/**
 * Never holds a row. A batch that must abort when an earlier versioned UPDATE matched nothing
 * inserts 'stale' here conditionally; the CHECK fails and D1 rolls the whole batch back.
 */
export const write_guards = sqliteTable("write_guards", { token: text("token").notNull() }, (t) => [
  check("stale_write", sql`${t.token} <> 'stale'`),
]);

/**
 * Every attempt to unlock a client preview (docs/decisions/product/12-client-previews.md): when, whether it worked,
 * a coarse browser family, and the address only as a keyed hash. Keyed by the public preview
 * id, so it outlives the client record it was linked to.
 */
export const preview_access_log = sqliteTable(
  "preview_access_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    preview_id: text("preview_id").notNull(),
    success: bool("success").notNull(),
    browser: text("browser").notNull(),
    ip_hash: text("ip_hash").notNull(),
    created_at: text("created_at").notNull().default(nowSql),
  },
  (t) => [index("preview_access_log_preview_idx").on(t.preview_id, t.id), index("preview_access_log_created_idx").on(t.created_at)],
);

/** When a preview was last opened (an unlock, or a revisit with the unlock cookie). One row per preview id. */
export const preview_views = sqliteTable("preview_views", {
  preview_id: text("preview_id").primaryKey(),
  last_viewed_at: text("last_viewed_at").notNull(),
});

/**
 * The current version (`updatedAt`) of each preview record in KV. KV copies at distant edges
 * may lag a write by up to a minute; D1 answers from its primary, so the public preview opens
 * only for the KV copy this row names: a revocation or a new code takes effect at once everywhere.
 */
export const preview_versions = sqliteTable("preview_versions", {
  preview_id: text("preview_id").primaryKey(),
  version: text("version").notNull(),
});

/**
 * Full JSON backups taken before delete-all (docs/decisions/product/19-delete-all.md), kept 30 days. The document can be
 * several MB, more than one D1 row may hold, so its text is split over backup_chunks; the
 * chunks are written in the same batch as the deletion, so a backup exists exactly when the
 * deletion happened.
 */
export const backups = sqliteTable(
  "backups",
  {
    id: id(),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Bytes of the JSON document (UTF-8). */
    size: integer("size").notNull(),
    /** Rows per table, for the Settings list. */
    counts: text("counts", { mode: "json" }).$type<Record<string, number>>().notNull(),
    chunk_count: integer("chunk_count").notNull(),
    created_at: text("created_at").notNull().default(nowSql),
  },
  (t) => [index("backups_created_idx").on(t.created_at)],
);

export const backup_chunks = sqliteTable(
  "backup_chunks",
  {
    backup_id: text("backup_id")
      .notNull()
      .references(() => backups.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: text("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.backup_id, t.seq] })],
);

/**
 * Where an import, a restore or delete-all's backup is written in pieces before the one batch that
 * commits it (docs/decisions/0025-data-transfer-in-chunks.md): validated rows as JSON arrays, one
 * table per piece (`table_name`), or a backup's document text (`table_name` null). The commit
 * copies them into their tables inside D1 and deletes them in the same transaction; pieces left by
 * a request that died part-way are invisible to the CRM and go with the nightly housekeeping.
 */
export const staged_chunks = sqliteTable(
  "staged_chunks",
  {
    transfer_id: text("transfer_id").notNull(),
    seq: integer("seq").notNull(),
    table_name: text("table_name"),
    data: text("data").notNull(),
    created_at: text("created_at").notNull().default(nowSql),
  },
  (t) => [primaryKey({ columns: [t.transfer_id, t.seq] }), index("staged_chunks_created_idx").on(t.created_at)],
);

/** How the studio was told about a client's comment or approval: sent, or failed and waiting for a resend. */
const notification = {
  email_status: text("email_status", { enum: notificationStatuses }).notNull().default("pending"),
  email_error: text("email_error"),
  email_attempts: integer("email_attempts").notNull().default(0),
};

/**
 * The versions of a client's preview (docs/decisions/0009-preview-feedback.md): the URL as it stood when the studio set it.
 * A new URL publishes a new row; the newest row of a card and client is the version on screen.
 */
export const preview_releases = sqliteTable(
  "preview_releases",
  {
    id: id(),
    preview_id: text("preview_id").notNull(),
    client_id: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    preview_url: text("preview_url"),
    published_at: text("published_at").notNull(),
    ...stamps,
  },
  (t) => [index("preview_releases_current_idx").on(t.preview_id, t.client_id, t.published_at)],
);

/** A client's comment on their preview, made on one version. */
export const preview_comments = sqliteTable(
  "preview_comments",
  {
    id: id(),
    client_id: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    release_id: text("release_id")
      .notNull()
      .references(() => preview_releases.id, { onDelete: "cascade" }),
    author_name: text("author_name").notNull(),
    body: text("body").notNull(),
    page: text("page"),
    status: text("status", { enum: commentStatuses }).notNull().default("Open"),
    ...notification,
    ...stamps,
  },
  (t) => [
    index("preview_comments_client_idx").on(t.client_id, t.created_at),
    index("preview_comments_status_idx").on(t.status),
    check("preview_comments_status_check", oneOf(t.status, commentStatuses)),
    check("preview_comments_email_status_check", oneOf(t.email_status, notificationStatuses)),
  ],
);

/** The studio's answer under a comment, signed with the member of staff's name. */
export const preview_replies = sqliteTable(
  "preview_replies",
  {
    id: id(),
    comment_id: text("comment_id")
      .notNull()
      .references(() => preview_comments.id, { onDelete: "cascade" }),
    author_id: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The name the client saw, kept even if the account goes. */
    author_name: text("author_name").notNull(),
    body: text("body").notNull(),
    ...stamps,
  },
  (t) => [index("preview_replies_comment_idx").on(t.comment_id, t.created_at)],
);

/**
 * A client's approval of one version: the name they typed, when, and their address only as the
 * keyed hash of the access log. One per version (a second approval finds the first).
 */
export const preview_approvals = sqliteTable(
  "preview_approvals",
  {
    id: id(),
    client_id: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    release_id: text("release_id")
      .notNull()
      .references(() => preview_releases.id, { onDelete: "cascade" }),
    approver_name: text("approver_name").notNull(),
    ip_hash: text("ip_hash").notNull(),
    /** The project the approval moved from Review to Launch, if there was one. */
    project_id: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    ...notification,
    ...stamps,
  },
  (t) => [
    uniqueIndex("preview_approvals_release_unique").on(t.release_id),
    index("preview_approvals_client_idx").on(t.client_id, t.created_at),
    check("preview_approvals_email_status_check", oneOf(t.email_status, notificationStatuses)),
  ],
);

/**
 * What happened to the studio's data and accounts, and who did it (README.md → Security): exports, imports,
 * delete-all, restores, invitations, accounts disabled or enabled, sign-ins, lockouts and
 * password changes. Addresses only as the access log's keyed hash. Outlives delete-all, and is
 * written into its backup.
 */
export const audit_events = sqliteTable(
  "audit_events",
  {
    id: id(),
    action: text("action", { enum: auditActions }).notNull(),
    /** Who did it: a member of staff, or null for an anonymous visitor (a failed sign-in). */
    actor_id: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The account it was done to, when there is one (an invited, disabled or locked account). */
    subject_id: text("subject_id").references(() => users.id, { onDelete: "set null" }),
    detail: text("detail").notNull(),
    ip_hash: text("ip_hash").notNull(),
    request_id: text("request_id").notNull(),
    created_at: text("created_at").notNull().default(nowSql),
  },
  (t) => [index("audit_events_created_idx").on(t.created_at)],
);

/**
 * One row per scheduled job and London day it ran (modules/jobs/jobs.ts): a second run that day, or
 * a retry, finds the row and does nothing.
 */
export const job_runs = sqliteTable(
  "job_runs",
  {
    job: text("job").notNull(),
    /** The London date the run was for, YYYY-MM-DD. */
    run_date: text("run_date").notNull(),
    ran_at: text("ran_at").notNull(),
    /** What it did, as JSON: counts for the Owner and for tests. */
    result: text("result").notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.run_date] })],
);

/**
 * One row per member of staff and London day the daily digest was considered for them
 * (modules/jobs/digest.ts): claimed before sending, so a second run or a retry never mails twice, then
 * marked sent, failed (shown to the Owner in Settings, with a resend) or empty (nothing to say).
 */
export const digest_sends = sqliteTable(
  "digest_sends",
  {
    id: id(),
    user_id: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    run_date: text("run_date").notNull(),
    status: text("status", { enum: digestStatuses }).notNull(),
    /** How many items the digest listed. */
    items: integer("items").notNull().default(0),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    ...stamps,
  },
  (t) => [
    uniqueIndex("digest_sends_user_day_unique").on(t.user_id, t.run_date),
    index("digest_sends_status_idx").on(t.status),
    check("digest_sends_status_check", oneOf(t.status, digestStatuses)),
  ],
);

/**
 * A member of staff's calendar feed (modules/calendar/calendar-feeds.ts): one per account, found by the
 * SHA-256 of its secret token, which is shown once and never stored. Rotating replaces the hash;
 * turning the feed off deletes the row.
 */
export const calendar_feeds = sqliteTable(
  "calendar_feeds",
  {
    user_id: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex("calendar_feeds_token_hash_unique").on(t.token_hash)],
);

/**
 * A proposal's shared link (/p/<token>): only the SHA-256 of its token is kept. Sharing
 * again revokes the link before; at most one is live per proposal. Views are counted on the link.
 */
export const proposal_links = sqliteTable(
  "proposal_links",
  {
    id: id(),
    proposal_id: text("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull(),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    revoked_at: text("revoked_at"),
    views: integer("views").notNull().default(0),
    first_viewed_at: text("first_viewed_at"),
    last_viewed_at: text("last_viewed_at"),
    /** Whom the CRM e-mailed the link to, and when; null when it was copied instead. */
    emailed_to: text("emailed_to"),
    emailed_at: text("emailed_at"),
    ...stamps,
  },
  (t) => [
    uniqueIndex("proposal_links_token_hash_unique").on(t.token_hash),
    uniqueIndex("proposal_links_one_live")
      .on(t.proposal_id)
      .where(sql`${t.revoked_at} IS NULL`),
    index("proposal_links_proposal_idx").on(t.proposal_id, t.created_at),
  ],
);

/**
 * The client's answer on their page: an acceptance or a decline, by the name they
 * typed, with a keyed hash of their address and their browser. An acceptance keeps the SHA-256 of
 * the exact content accepted and a copy of it (`snapshot`, the page's JSON), so the accepted
 * version stays readable whatever is edited later. The studio's e-mail about it is recorded here.
 */
export const proposal_responses = sqliteTable(
  "proposal_responses",
  {
    id: id(),
    proposal_id: text("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: proposalResponseKinds }).notNull(),
    full_name: text("full_name").notNull(),
    reason: text("reason"),
    content_hash: text("content_hash").notNull(),
    snapshot: text("snapshot").notNull(),
    ip_hash: text("ip_hash").notNull(),
    browser: text("browser").notNull(),
    ...notification,
    ...stamps,
  },
  (t) => [
    index("proposal_responses_proposal_idx").on(t.proposal_id, t.created_at),
    check("proposal_responses_kind_check", oneOf(t.kind, proposalResponseKinds)),
    check("proposal_responses_email_status_check", oneOf(t.email_status, notificationStatuses)),
  ],
);

/** Questions from the client on their page and the studio's replies, in the order they were written. */
export const proposal_messages = sqliteTable(
  "proposal_messages",
  {
    id: id(),
    proposal_id: text("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    author: text("author", { enum: proposalMessageAuthors }).notNull(),
    /** The name shown on the page: the client's as typed, or the member of staff's. */
    author_name: text("author_name").notNull(),
    author_id: text("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    ip_hash: text("ip_hash"),
    ...notification,
    ...stamps,
  },
  (t) => [
    index("proposal_messages_proposal_idx").on(t.proposal_id, t.created_at),
    check("proposal_messages_author_check", oneOf(t.author, proposalMessageAuthors)),
    check("proposal_messages_email_status_check", oneOf(t.email_status, notificationStatuses)),
  ],
);

/**
 * An invoice's shared link (/i/<token>), kept as proposal_links are: only the SHA-256
 * of its token, at most one live per invoice (sharing again revokes the one before), views counted
 * on the link. Deleting the invoice deletes its links, so the page ends with it.
 */
export const invoice_links = sqliteTable(
  "invoice_links",
  {
    id: id(),
    invoice_id: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull(),
    created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
    revoked_at: text("revoked_at"),
    views: integer("views").notNull().default(0),
    first_viewed_at: text("first_viewed_at"),
    last_viewed_at: text("last_viewed_at"),
    /** Whom the CRM e-mailed the link to, and when, as for proposal_links. */
    emailed_to: text("emailed_to"),
    emailed_at: text("emailed_at"),
    ...stamps,
  },
  (t) => [
    uniqueIndex("invoice_links_token_hash_unique").on(t.token_hash),
    uniqueIndex("invoice_links_one_live")
      .on(t.invoice_id)
      .where(sql`${t.revoked_at} IS NULL`),
    index("invoice_links_invoice_idx").on(t.invoice_id, t.created_at),
  ],
);

/**
 * A message a member of staff Bcc'd or forwarded to the CRM's inbox, as read by
 * worker/mail: the original's participants, date and text (plain text, trimmed and at most
 * 100 KB), with attachments' names and sizes only. Filed on a lead or a client, or unfiled
 * (related_id null) until someone files it. `dedupe_key` makes the same message filed twice one row.
 */
export const mail_messages = sqliteTable(
  "mail_messages",
  {
    id: id(),
    dedupe_key: text("dedupe_key").notNull(),
    message_id: text("message_id"),
    in_reply_to: text("in_reply_to"),
    references: text("references", { mode: "json" }).$type<string[]>().notNull(),
    subject: text("subject").notNull(),
    sent_at: text("sent_at"),
    direction: text("direction", { enum: mailDirections }).notNull(),
    from_name: text("from_name"),
    from_address: text("from_address"),
    to: text("to", { mode: "json" }).$type<MailAddress[]>().notNull(),
    cc: text("cc", { mode: "json" }).$type<MailAddress[]>().notNull(),
    body: text("body").notNull(),
    truncated: integer("truncated", { mode: "boolean" }).notNull().default(false),
    attachments: text("attachments", { mode: "json" }).$type<MailAttachment[]>().notNull(),
    invite: text("invite", { mode: "json" }).$type<MailInvite>(),
    forwarded_via: text("forwarded_via"),
    filed_by: text("filed_by").references(() => users.id, { onDelete: "set null" }),
    filed_by_name: text("filed_by_name").notNull(),
    related_type: text("related_type", { enum: mailTargets }),
    related_id: text("related_id"),
    ...stamps,
  },
  (t) => [
    uniqueIndex("mail_messages_dedupe_unique").on(t.dedupe_key),
    index("mail_messages_message_id_idx").on(t.message_id),
    index("mail_messages_related_idx").on(t.related_type, t.related_id, t.sent_at),
    index("mail_messages_unfiled_idx")
      .on(t.created_at)
      .where(sql`${t.related_id} IS NULL`),
    check("mail_messages_direction_check", oneOf(t.direction, mailDirections)),
    check("mail_messages_related_type_check", oneOf(t.related_type, mailTargets, true)),
  ],
);

/**
 * Mail refused at the door (not staff, failed authentication, unreadable): never stored. Only the
 * latest MAIL_REFUSALS_KEPT are kept, with their reasons; mail_refusal_days counts them all.
 */
export const mail_refusals = sqliteTable(
  "mail_refusals",
  {
    id: id(),
    envelope_from: text("envelope_from").notNull(),
    reason: text("reason").notNull(),
    size: integer("size").notNull(),
    created_at: text("created_at").notNull().default(nowSql),
  },
  (t) => [index("mail_refusals_created_idx").on(t.created_at)],
);

/** How many messages were refused on each London day, so a flood costs one row a day, not one a message. */
export const mail_refusal_days = sqliteTable(
  "mail_refusal_days",
  {
    /** YYYY-MM-DD in Europe/London. */
    day: text("day").primaryKey(),
    count: integer("count").notNull(),
  },
  (t) => [check("mail_refusal_days_count_check", sql`${t.count} >= 0`)],
);
