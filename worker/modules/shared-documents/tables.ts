/** The shared-documents module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { proposalMessageAuthors, proposalResponseKinds } from "../../../contract/proposal";
import { notificationStatuses } from "../../../contract/preview-feedback";
import type { DocumentKind } from "../../../contract/shared-link";
import { id, stamps, oneOf } from "../../platform/columns";
import { invoices } from "../invoices/tables";
import { proposals } from "../proposals/tables";
import { users } from "../users-and-auth/tables";
import { notification } from "../previews/tables";

/**
 * A document's shared links (a proposal's /p/<token>, an invoice's /i/<token>), one table a kind,
 * `<kind>_links`, each row naming its document in `<kind>_id`. Only the SHA-256 of a token is kept.
 * Sharing again revokes the link before, so at most one is live per document; views are counted on
 * the link. Deleting the document deletes its links, so its page ends with it. Whom the CRM
 * e-mailed the link to, and when, is kept on the link; null when it was copied instead.
 */
function documentLinks<const K extends DocumentKind>(kind: K, document: () => AnySQLiteColumn) {
  const name = `${kind}_links` as const;
  const ofDocument = `${kind}_id` as const;
  // A computed key loses its name in the type: say it again, so `proposal_links.proposal_id` is typed.
  const documentColumn = { [ofDocument]: documentId(ofDocument, document) } as Record<
    typeof ofDocument,
    ReturnType<typeof documentId<typeof ofDocument>>
  >;
  return sqliteTable(
    name,
    {
      id: id(),
      ...documentColumn,
      token_hash: text("token_hash").notNull(),
      created_by: text("created_by").references(() => users.id, { onDelete: "set null" }),
      revoked_at: text("revoked_at"),
      views: integer("views").notNull().default(0),
      first_viewed_at: text("first_viewed_at"),
      last_viewed_at: text("last_viewed_at"),
      emailed_to: text("emailed_to"),
      emailed_at: text("emailed_at"),
      ...stamps,
    },
    (t) => [
      uniqueIndex(`${name}_token_hash_unique`).on(t.token_hash),
      uniqueIndex(`${name}_one_live`)
        .on(t[ofDocument])
        .where(sql`${t.revoked_at} IS NULL`),
      index(`${name}_${kind}_idx`).on(t[ofDocument], t.created_at),
    ],
  );
}

/** The document a link opens: required, and its links go when it goes. */
const documentId = <C extends string>(name: C, document: () => AnySQLiteColumn) =>
  text(name).notNull().references(document, { onDelete: "cascade" });

export const proposal_links = documentLinks("proposal", () => proposals.id);

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

export const invoice_links = documentLinks("invoice", () => invoices.id);
