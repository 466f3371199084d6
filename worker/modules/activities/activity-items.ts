/**
 * Activity Feed entries as every list reads them (the feed, a lead's timeline, a client's
 * activity), and how a related record is named. Apart from activities.ts, which reads leads
 * for the Log Activity picker, so the timelines can use it without a cycle.
 */
import { eq, sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { activities, clients, invoices, leads, mail_messages, projects, proposals } from "../../db/schema";

/** Where each kind of record keeps the words a person knows it by. */
export const named = {
  lead: { table: leads, id: leads.id, name: leads.name, detail: leads.company },
  client: { table: clients, id: clients.id, name: clients.name, detail: null },
  project: { table: projects, id: projects.id, name: projects.title, detail: projects.type },
  proposal: { table: proposals, id: proposals.id, name: proposals.title, detail: proposals.status },
  invoice: { table: invoices, id: invoices.id, name: invoices.number, detail: invoices.status },
} as const;

/** The related record's name by primary key, per row: a few hundred key lookups, never a whole table. Tasks use it too. */
export const relatedNameOf = (type: SQLWrapper, id: SQLWrapper) =>
  sql<string | null>`CASE ${type} ${sql.join(
    Object.entries(named).map(([t, n]) => sql`WHEN ${t} THEN (SELECT ${n.name} FROM ${n.table} WHERE ${n.id} = ${id})`),
    sql` `,
  )} END`;

/**
 * Entries as every list shows them (the feed, a lead's timeline, a client's activity): with the
 * related record's name and, for a filed e-mail, its sender and the time it was sent.
 */
export const activityItems = (db: Db) =>
  db
    .select({
      id: activities.id,
      who_username: activities.who_username,
      who_name: activities.who_name,
      who_kind: activities.who_kind,
      type: activities.type,
      summary: activities.summary,
      related_type: activities.related_type,
      related_id: activities.related_id,
      related_name: relatedNameOf(activities.related_type, activities.related_id),
      mail_id: activities.mail_id,
      mail: { from_name: mail_messages.from_name, from_address: mail_messages.from_address, sent_at: mail_messages.sent_at },
      created_at: activities.created_at,
      updated_at: activities.updated_at,
    })
    .from(activities)
    .leftJoin(mail_messages, eq(mail_messages.id, activities.mail_id));
