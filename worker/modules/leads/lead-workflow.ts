/**
 * Workflow actions on a lead (docs/spec.md §4). Each action is one call and one db.batch(): its rows
 * and its workflow_action timeline entry commit together or not at all.
 */
import { proposalTotals } from "../../../contract/proposal";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { clients, leads, projects, proposals, tasks, users } from "../../db/schema";
import type { Lead, WorkflowAction } from "../../../contract/lead";
import type { projectTypes } from "../../../contract/project";
import type { SessionUser } from "../../../contract/user";
import { AppError } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { londonToday, nextStamp, nowIso } from "../../platform/time";
import { getLead } from "./leads";
import { leadActivityInsert } from "./lead-activities";
import { formatGbp } from "../../platform/money";
import { requireUpdated, runBatch } from "../../platform/batch";
import { defaultPaymentScheduleOf } from "../settings";

type ProjectType = (typeof projectTypes)[number];

export interface WorkflowResult {
  action: WorkflowAction;
  lead: Lead;
  created: { entity: "tasks" | "proposals" | "clients" | "projects"; id: string }[];
  /** Set when the action had nothing to do (a lead already converted, or one with a project): why, in the user's words. */
  skipped?: string;
  /** The lead's project when Start Project found one and made no other: the screen opens it instead. */
  existing?: { entity: "projects"; id: string };
}

/** The lead's newest project, if it has one: a won deal has one project unless someone asks for another. */
export async function leadProject(db: Db, leadId: string) {
  return db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(eq(projects.lead_id, leadId))
    .orderBy(desc(projects.created_at))
    .get();
}

/** A new client takes over the lead's projects that have none yet, in the write that creates it. */
export const linkProjectsToClient = (db: Db, leadId: string, clientId: string, now: string) =>
  db
    .update(projects)
    .set({ client_id: clientId, updated_at: now })
    .where(and(eq(projects.lead_id, leadId), isNull(projects.client_id)));

export const displayName = (lead: Lead) => lead.company || lead.name;

export function leadSummary(lead: Lead): string {
  return [
    `Created from lead ${lead.name}${lead.company ? ` (${lead.company})` : ""}.`,
    lead.email ? `Email: ${lead.email}` : null,
    lead.phone ? `Phone: ${lead.phone}` : null,
    lead.source ? `Source: ${lead.source}` : null,
    lead.value != null ? `Deal value: ${formatGbp(lead.value)}` : null,
    lead.notes ? `Notes: ${lead.notes}` : null,
  ]
    .filter(Boolean)
    .join("\n");
}

export function newClientRow(lead: Lead, now: string) {
  return {
    id: newId(),
    name: displayName(lead),
    emails: lead.email ? [lead.email] : [],
    phones: lead.phone ? [lead.phone] : [],
    services: [],
    notes: lead.notes,
    active: true,
    created_at: now,
    updated_at: now,
  };
}

/** Runs one workflow action for `leadId`. `seen` is required where the lead itself changes. */
export async function runWorkflowAction(
  db: Db,
  leadId: string,
  action: WorkflowAction,
  by: SessionUser,
  opts: { projectType?: ProjectType; seen?: string; another?: boolean } = {},
): Promise<WorkflowResult> {
  const lead = await getLead(db, leadId);
  const now = nowIso();
  const log = (text: string) => leadActivityInsert(db, lead.id, "workflow_action", text, by.id);
  /** The lead's own change: versioned against the caller's copy when it sent one, and aborting the batch if stale. */
  const touchLead = (set: Partial<typeof leads.$inferInsert>) => {
    const seen = opts.seen ?? lead.updated_at;
    const version = nextStamp(seen);
    return [
      db
        .update(leads)
        .set({ ...set, updated_at: version })
        .where(and(eq(leads.id, lead.id), eq(leads.updated_at, seen))),
      requireUpdated(db),
    ] as const;
  };

  switch (action) {
    case "follow_up_task": {
      const id = newId();
      // The shared team account is a gate, not a person: its follow-ups start unassigned.
      const person = await db.select({ is_team: users.is_team }).from(users).where(eq(users.id, by.id)).get();
      await db.batch([
        db.insert(tasks).values({
          id,
          title: `Follow up on lead: ${lead.name}`,
          priority: "High",
          assignee_username: person?.is_team ? null : by.id,
          due_date: lead.follow_up_date,
          related_type: "lead",
          related_id: lead.id,
          created_at: now,
          updated_at: now,
        }),
        log(`Follow-up task created by ${by.full_name}`),
      ]);
      return { action, lead: await getLead(db, lead.id), created: [{ entity: "tasks", id }] };
    }
    case "proposal": {
      const id = newId();
      await db.batch([
        db.insert(proposals).values({
          id,
          title: `Proposal for ${lead.name}`,
          status: "Draft",
          // The lead's deal value as its one line, to be itemised in the proposal dialog.
          ...proposalTotals({ value: lead.value }, `Proposal for ${lead.name}`),
          // Percentages that make 100% (Settings), so they suit whatever total it is given.
          payment_schedule: await defaultPaymentScheduleOf(db),
          lead_id: lead.id,
          created_at: now,
          updated_at: now,
        }),
        log(`Draft proposal created by ${by.full_name}`),
      ]);
      return { action, lead: await getLead(db, lead.id), created: [{ entity: "proposals", id }] };
    }
    case "convert_to_client": {
      // Already a client (converted earlier, say before its proposal was accepted): nothing to convert,
      // and the steps after it (Create project) go on.
      if (lead.converted_to_client_id)
        return { action, lead, created: [], skipped: "This lead is already a client, so it was not converted again" };
      const client = newClientRow(lead, now);
      await db.batch([
        db.insert(clients).values(client),
        ...touchLead({ status: "Won", converted_to_client_id: client.id, stage_changed_by: by.id }),
        linkProjectsToClient(db, lead.id, client.id, now),
        log(`Converted to client ${client.name} by ${by.full_name}`),
      ]);
      return { action, lead: await getLead(db, lead.id), created: [{ entity: "clients", id: client.id }] };
    }
    case "start_project": {
      // docs/spec.md §4: Start Project is offered for Won leads.
      if (lead.status !== "Won")
        throw new AppError("conflict", `Start Project is for Won leads only; ${lead.name} is ${lead.status}. Mark the lead Won first.`);
      const existing = opts.another ? undefined : await leadProject(db, lead.id);
      if (existing)
        return {
          action,
          lead,
          created: [],
          skipped: `This lead already has a project, ${existing.title}, so another was not started`,
          existing: { entity: "projects", id: existing.id },
        };
      const client = lead.converted_to_client_id ? null : newClientRow(lead, now);
      const projectId = newId();
      const clientId = lead.converted_to_client_id ?? client!.id;
      await runBatch(db, [
        ...(client
          ? [
              db.insert(clients).values(client),
              ...touchLead({ converted_to_client_id: client.id }),
              linkProjectsToClient(db, lead.id, client.id, now),
            ]
          : []),
        db.insert(projects).values({
          id: projectId,
          title: `Project for ${lead.name}`,
          type: opts.projectType ?? "Web Design",
          client_id: clientId,
          budget: lead.value,
          start_date: londonToday(),
          stage: "Discovery",
          status: "On Track",
          notes: leadSummary(lead),
          lead_id: lead.id,
          created_at: now,
          updated_at: now,
        }),
        log(`Project started by ${by.full_name}`),
      ]);
      const created: WorkflowResult["created"] = [{ entity: "projects", id: projectId }];
      if (client) created.unshift({ entity: "clients", id: client.id });
      return { action, lead: await getLead(db, lead.id), created };
    }
    case "won_to_project": {
      // The pipeline's drop on Won: the project as docs/spec.md §4 says, and the lead saved as Won (docs/decisions/0048-dropping-a-lead-on-won.md).
      if (!opts.seen)
        throw new AppError("validation_failed", "Please correct the highlighted fields", { updated_at: "updated_at is required" });
      // Won again (moved back, then won once more): the deal keeps its project rather than gaining a second.
      const existing = await leadProject(db, lead.id);
      if (existing) {
        await runBatch(db, [
          ...touchLead({ status: "Won", stage_changed_by: by.id }),
          log(`Won again by ${by.full_name}; its project ${existing.title} carries on`),
        ]);
        return { action, lead: await getLead(db, lead.id), created: [], existing: { entity: "projects", id: existing.id } };
      }
      const projectId = newId();
      await db.batch([
        db.insert(projects).values({
          id: projectId,
          title: `${displayName(lead)} Project`,
          type: "Web Design",
          budget: lead.value ?? 0,
          start_date: londonToday(),
          stage: "Discovery",
          status: "On Track",
          notes: lead.notes,
          lead_id: lead.id,
          client_id: lead.converted_to_client_id,
          created_at: now,
          updated_at: now,
        }),
        ...touchLead({ status: "Won", stage_changed_by: by.id }),
        log(`Won and moved to projects (Discovery) by ${by.full_name}`),
      ]);
      return { action, lead: await getLead(db, lead.id), created: [{ entity: "projects", id: projectId }] };
    }
  }
}
