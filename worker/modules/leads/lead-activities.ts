/** A lead's timeline. */
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { activities, lead_activities, leads } from "../../db/schema";
import type { ActivityListItem } from "../../../contract/activity";
import type { LeadActivity, LeadActivityType } from "../../../contract/lead-activity";
import { previousStatementChangedRows } from "../../platform/batch";
import { notFound } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { nowIso } from "../../platform/time";
import { activityItems } from "../activities";
import { automaticCreditOf } from "../settings";

/**
 * A lead's timeline: its own entries (notes, stage changes, workflow actions) and the Activity
 * Feed's entries logged for it (calls, e-mails, meetings, notes, a client's questions and answers),
 * each newest first. One record of each, shown in both places, so a call logged from the lead is
 * in the feed and one logged in the feed is on the lead. Once the lead is a client, what is logged
 * for the client (mail filed on it, say) carries on the same timeline. `automatic` is whom entries
 * no person made are credited to.
 */
export async function listLeadActivities(
  db: Db,
  leadId: string,
  studioName: string,
): Promise<{ activities: LeadActivity[]; logged: ActivityListItem[]; automatic: string }> {
  const [[lead], rows] = await db.batch([
    db.select({ id: leads.id, client: leads.converted_to_client_id }).from(leads).where(eq(leads.id, leadId)).limit(1),
    db
      .select()
      .from(lead_activities)
      .where(eq(lead_activities.lead_id, leadId))
      .orderBy(desc(lead_activities.created_at), desc(lead_activities.id)),
  ]);
  if (!lead) throw notFound("Lead");
  const [logged, automatic] = await Promise.all([
    activityItems(db)
      .where(
        or(
          and(eq(activities.related_type, "lead"), eq(activities.related_id, leadId)),
          lead.client ? and(eq(activities.related_type, "client"), eq(activities.related_id, lead.client)) : undefined,
        ),
      )
      .orderBy(desc(activities.created_at), desc(activities.id)),
    automaticCreditOf(db, studioName),
  ]);
  return { activities: rows, logged, automatic };
}

/** The insert statement, for callers that put it in their own batch. */
export function leadActivityInsert(db: Db, leadId: string, type: LeadActivityType, description: string, by: string | null) {
  const now = nowIso();
  return db
    .insert(lead_activities)
    .values({ id: newId(), lead_id: leadId, activity_type: type, description, created_by: by, created_at: now, updated_at: now });
}

export async function addLeadNote(db: Db, leadId: string, description: string, by: string): Promise<LeadActivity> {
  const exists = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).get();
  if (!exists) throw notFound("Lead");
  const [row] = await leadActivityInsert(db, leadId, "note_added", description, by).returning();
  return row;
}

/**
 * A stage_change entry written only if the versioned update right before it in the same batch
 * changed the lead (see requireUpdated for why the version alone cannot tell).
 */
export function stageChangeIfUpdated(db: Db, leadId: string, description: string, by: string) {
  const now = nowIso();
  return db.insert(lead_activities).select(
    db
      .select({
        id: sql<string>`${newId()}`.as("id"),
        lead_id: leads.id,
        activity_type: sql<LeadActivityType>`'stage_change'`.as("activity_type"),
        description: sql<string>`${description}`.as("description"),
        created_by: sql<string>`${by}`.as("created_by"),
        created_at: sql<string>`${now}`.as("created_at"),
        updated_at: sql<string>`${now}`.as("updated_at"),
      })
      .from(leads)
      .where(and(eq(leads.id, leadId), previousStatementChangedRows)),
  );
}
