/** The previews module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { commentStatuses, notificationStatuses } from "../../../contract/preview-feedback";
import { nowSql, id, stamps, oneOf, bool } from "../../platform/columns";
import { clients } from "../clients/tables";
import { projects } from "../projects/tables";
import { users } from "../users-and-auth/tables";

/**
 * Every attempt to unlock a client preview (docs/decisions/0043-client-previews.md): when, whether it worked,
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

/** How the studio was told about a client's comment or approval: sent, or failed and waiting for a resend. */
export const notification = {
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
