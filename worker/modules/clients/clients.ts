/** Clients: list, detail with projects, create, versioned edit, delete. */
import { and, asc, desc, eq, getTableColumns, inArray, or, sql, type SQL } from "drizzle-orm";
import type * as z from "zod";
import type { KVNamespace } from "@cloudflare/workers-types";
import type { Db } from "../../platform/db";
import { revokePreviewCard } from "../previews";
import { activities, clients, invoices, lead_activities, leads, projects, proposals } from "../../db/schema";
import type { Client, ClientLeadActivity, ClientListItem, clientInput, clientPatch } from "../../../contract/client";
import type { ActivityListItem } from "../../../contract/activity";
import type { RelatedType } from "../../../contract/task";
import { AppError, notFound } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { nextStamp, nowIso } from "../../platform/time";
import { versionedResult } from "../../platform/versioned";
import { auditEvent, clientTarget, type AuditSource } from "../audit";
import { activityItems } from "../activities";
import { automaticCreditOf } from "../settings";

/** Every client, newest first, with how many of its preview comments are still open (the list marks those clients). */
export function listClients(db: Db): Promise<ClientListItem[]> {
  return db
    .select({
      ...getTableColumns(clients),
      // Spelled out: drizzle leaves columns unqualified here, and an inner "id" would be the comment's own.
      open_comments:
        sql<number>`(SELECT count(*) FROM "preview_comments" AS pc WHERE pc."client_id" = "clients"."id" AND pc."status" = 'Open')`.mapWith(
          Number,
        ),
    })
    .from(clients)
    .orderBy(desc(clients.created_at));
}

/** Active clients by name, for pickers. */
export function activeClientOptions(db: Db) {
  return db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.active, true)).orderBy(asc(clients.name));
}

/** The ids of the leads converted into the client: their history is the client's too. */
const convertedLeads = (id: string) => sql`(SELECT ${leads.id} FROM ${leads} WHERE ${leads.converted_to_client_id} = ${id})`;

/** The client's proposals: made to the client, or to a lead before it became this client. */
const proposalsOf = (id: string) => or(eq(proposals.client_id, id), inArray(proposals.lead_id, convertedLeads(id)));

/** A client with what the studio has done for them: projects, proposals and invoices, newest first. */
export async function getClient(db: Db, id: string) {
  const [[row], clientProjects, clientProposals, clientInvoices] = await db.batch([
    db.select().from(clients).where(eq(clients.id, id)).limit(1),
    db
      .select({ id: projects.id, title: projects.title, stage: projects.stage, status: projects.status })
      .from(projects)
      .where(eq(projects.client_id, id))
      .orderBy(desc(projects.created_at)),
    db
      .select({
        id: proposals.id,
        title: proposals.title,
        status: proposals.status,
        value: proposals.value,
        sent_date: proposals.sent_date,
      })
      .from(proposals)
      .where(proposalsOf(id))
      .orderBy(desc(proposals.created_at)),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        status: invoices.status,
        total: invoices.total,
        date: invoices.date,
        due_date: invoices.due_date,
        paid_date: invoices.paid_date,
      })
      .from(invoices)
      .where(eq(invoices.client_id, id))
      .orderBy(desc(invoices.date), desc(invoices.created_at)),
  ]);
  if (!row) throw notFound("Client");
  return { client: row, projects: clientProjects, proposals: clientProposals, invoices: clientInvoices };
}

/**
 * The client's activity, newest first, as a lead's timeline is: what the Activity Feed holds for
 * the client and for its projects, proposals and invoices (filed and sent mail, questions and
 * answers, logged calls and notes, automatic entries), and the history of each lead converted into
 * it, from both the feed and the lead's own timeline, each named with its lead. `automatic` is whom
 * entries no person made are credited to.
 */
export async function listClientActivities(
  db: Db,
  id: string,
  studioName: string,
): Promise<{ activities: ClientLeadActivity[]; logged: ActivityListItem[]; automatic: string }> {
  const related = (type: RelatedType, ids: SQL) => and(eq(activities.related_type, type), inArray(activities.related_id, ids));
  const [[client], own, logged] = await db.batch([
    db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).limit(1),
    db
      .select({ ...getTableColumns(lead_activities), lead_name: leads.name })
      .from(lead_activities)
      .innerJoin(leads, eq(leads.id, lead_activities.lead_id))
      .where(eq(leads.converted_to_client_id, id))
      .orderBy(desc(lead_activities.created_at), desc(lead_activities.id)),
    activityItems(db)
      .where(
        or(
          and(eq(activities.related_type, "client"), eq(activities.related_id, id)),
          related("lead", convertedLeads(id)),
          related("proposal", sql`(SELECT ${proposals.id} FROM ${proposals} WHERE ${proposalsOf(id)})`),
          related("project", sql`(SELECT ${projects.id} FROM ${projects} WHERE ${projects.client_id} = ${id})`),
          related("invoice", sql`(SELECT ${invoices.id} FROM ${invoices} WHERE ${invoices.client_id} = ${id})`),
        ),
      )
      .orderBy(desc(activities.created_at), desc(activities.id)),
  ]);
  if (!client) throw notFound("Client");
  return { activities: own, logged, automatic: await automaticCreditOf(db, studioName) };
}

export async function createClient(db: Db, input: z.output<typeof clientInput>): Promise<Client> {
  const now = nowIso();
  const [row] = await db
    .insert(clients)
    .values({ ...input, id: newId(), created_at: now, updated_at: now })
    .returning();
  return row;
}

export async function updateClient(db: Db, id: string, patch: z.output<typeof clientPatch>): Promise<Client> {
  const { updated_at: seen, ...changes } = patch;
  const rows = await db
    .update(clients)
    .set({ ...changes, updated_at: nextStamp(seen) })
    .where(and(eq(clients.id, id), eq(clients.updated_at, seen)))
    .returning();
  return versionedResult(rows, () => db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).get(), "Client");
}

/**
 * Deletes a client, and revokes the preview card it was linked to: an unlinked card must not stay
 * open to whoever still holds its code (docs/guide/security.md).
 */
export async function deleteClient(db: Db, kv: KVNamespace, id: string, source: AuditSource): Promise<void> {
  const [invoice] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.client_id, id)).limit(1);
  if (invoice) throw new AppError("conflict", "This client has invoices. Delete or reassign them first.");
  const client = await db
    .select({ id: clients.id, name: clients.name, preview_id: clients.preview_id })
    .from(clients)
    .where(eq(clients.id, id))
    .get();
  if (!client) throw notFound("Client");
  const revoked = client.preview_id ? `; preview ${client.preview_id} was revoked` : "";
  // The row goes with its line in the trail, or neither does (a delete racing this one answers 404).
  const [rows] = await db.batch([
    db.delete(clients).where(eq(clients.id, id)).returning({ id: clients.id }),
    auditEvent(db, source, "client_deleted", `Deleted ${clientTarget(client)}${revoked}`),
  ]);
  if (rows.length === 0) throw notFound("Client");
  if (client.preview_id) await revokePreviewCard(db, kv, client.preview_id);
}
