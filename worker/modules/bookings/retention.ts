/**
 * How long a visitor who only booked a call stays in the CRM: 12 months, as the booking page's
 * notice says. A lead is theirs alone when it came from a booking (source Call booking), never
 * became a client or won, has no proposal, project, filed mail or form message, nobody has changed
 * it for 12 months, and its last call ended more than 12 months ago. The nightly housekeeping
 * (modules/data/housekeeping.ts) deletes such a lead with everything written about it: its calls,
 * its timeline and its tasks. Anything else a person did with the lead keeps it, as any lead is kept.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { activities, calls, leads, tasks } from "../../db/schema";

export const CALL_LEAD_RETENTION_MONTHS = 12;

/** The instant `months` calendar months before `now`, UTC. */
function monthsBefore(now: Date, months: number): string {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
}

/** The ids of the leads past their retention, as a subquery each delete below narrows by. */
function expiredCallLeads(now: Date): SQL {
  const cutoff = monthsBefore(now, CALL_LEAD_RETENTION_MONTHS);
  return sql`SELECT l.id FROM leads AS l
    WHERE l.source = 'Call booking' AND l.converted_to_client_id IS NULL AND l.status <> 'Won'
      AND l.created_at < ${cutoff} AND l.updated_at < ${cutoff}
      AND NOT EXISTS (SELECT 1 FROM calls AS c WHERE c.lead_id = l.id AND c.end_at >= ${cutoff})
      AND NOT EXISTS (SELECT 1 FROM proposals AS p WHERE p.lead_id = l.id)
      AND NOT EXISTS (SELECT 1 FROM projects AS j WHERE j.lead_id = l.id)
      AND NOT EXISTS (SELECT 1 FROM form_submissions AS f WHERE f.lead_id = l.id)
      AND NOT EXISTS (SELECT 1 FROM mail_messages AS m WHERE m.related_type = 'lead' AND m.related_id = l.id)`;
}

/**
 * The deletes, named for the job's record, in the order they must run in one batch: what belongs
 * to the leads first (each found through the leads still there), the leads last.
 */
export function expiredCallLeadDeletes(db: Db, now: Date) {
  const expired = expiredCallLeads(now);
  return {
    call_lead_activities: db
      .delete(activities)
      .where(sql`${activities.related_type} = 'lead' AND ${activities.related_id} IN (${expired})`),
    call_lead_tasks: db.delete(tasks).where(sql`${tasks.related_type} = 'lead' AND ${tasks.related_id} IN (${expired})`),
    call_lead_calls: db.delete(calls).where(sql`${calls.lead_id} IN (${expired})`),
    call_leads: db.delete(leads).where(sql`${leads.id} IN (${expired})`),
  };
}
