/** The shared-documents module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { proposalMessageAuthors, proposalResponseKinds } from "../../../contract/proposal";
import { notificationStatuses } from "../../../contract/preview-feedback";
import { id, stamps, oneOf } from "../../platform/columns";
import { invoices } from "../invoices/tables";
import { proposals } from "../proposals/tables";
import { users } from "../users-and-auth/tables";
import { notification } from "../previews/tables";

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
