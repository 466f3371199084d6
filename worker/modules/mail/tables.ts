/** The mail module's tables. worker/db/schema.ts re-exports them: drizzle reads every table from there. */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { mailDirections, mailTargets, type MailAddress, type MailAttachment, type MailInvite } from "../../../contract/mail";
import { nowSql, id, stamps, oneOf } from "../../platform/columns";
import { users } from "../users-and-auth/tables";

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
