/**
 * Filing something that came in from outside (a form's message, a booked call) on the lead with
 * its e-mail address: a note on that lead when there is one, otherwise a new lead. The new lead is
 * inserted only where none has the address by then, decided inside the caller's batch (else the
 * note goes on the one that has), and the rows that point at the lead find it by address in the
 * same batch: two posts from one new address at the same moment make one lead, not two.
 */
import { asc, eq, not, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../platform/db";
import { lead_activities, leads } from "../../db/schema";
import { insertWhere, previousStatementChangedRows } from "../../platform/batch";
import { newId } from "../../platform/ids";
import type { LeadSource } from "../../../contract/lead-statuses";

export interface IncomingLead {
  /** Lower-case, as lead e-mails are stored (contract/lead.ts), so the index on email serves the lookups. */
  email: string;
  name: string;
  company?: string | null;
  phone?: string | null;
  source: LeadSource;
  /** The new lead's notes, or the note on the lead that already has the address. */
  notes: string;
  next_action: string;
}

export interface LeadFiling {
  /** The lead's id, or the subquery that finds it inside the batch, for the rows that point at it. */
  leadId: string | SQL<string>;
  /** The note or the new lead: ahead of the rows that point at it in the caller's batch. */
  writes: BatchItem<"sqlite">[];
  /** After the batch: the lead it was filed on, and whether this filing made it. */
  filed: () => Promise<{ leadId: string; newLead: boolean }>;
}

const leadWithEmail = (db: Db, email: string) =>
  db.select({ id: leads.id }).from(leads).where(eq(leads.email, email)).orderBy(asc(leads.created_at), asc(leads.id)).limit(1);

export async function fileOnLeadByEmail(db: Db, incoming: IncomingLead, stamp: string): Promise<LeadFiling> {
  const { email, notes, ...fields } = incoming;
  const [existing] = await leadWithEmail(db, email);
  const note = (leadId: string | SQL<string>) => ({
    id: newId(),
    lead_id: leadId,
    activity_type: "note_added" as const,
    description: notes,
    created_at: stamp,
    updated_at: stamp,
  });
  if (existing)
    return {
      leadId: existing.id,
      writes: [db.insert(lead_activities).values(note(existing.id))],
      filed: async () => ({ leadId: existing.id, newLead: false }),
    };
  const id = newId();
  const leadId = sql<string>`(${leadWithEmail(db, email)})`;
  return {
    leadId,
    writes: [
      insertWhere(
        db,
        leads,
        {
          id,
          ...fields,
          company: fields.company ?? null,
          phone: fields.phone ?? null,
          email,
          status: "New",
          notes,
          created_at: stamp,
          updated_at: stamp,
        },
        sql`NOT EXISTS (SELECT 1 FROM ${leads} WHERE ${leads.email} = ${email})`,
      ),
      // Another post made the lead first: this one is a note on it, as a repeat sender's is.
      insertWhere(db, lead_activities, note(leadId), not(previousStatementChangedRows)),
    ],
    filed: async () => {
      const [lead] = await leadWithEmail(db, email);
      return { leadId: lead.id, newLead: lead.id === id };
    },
  };
}
