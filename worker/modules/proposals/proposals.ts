/** Proposals, with the lead or client they are for. */
import { and, desc, eq, getTableColumns, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type * as z from "zod";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../platform/db";
import { clients, leads, projects, proposal_links, proposal_messages, proposal_responses, proposals } from "../../db/schema";
import {
  PARTY_REQUIRED,
  paymentScheduleProblem,
  proposalTotals,
  type Proposal,
  type proposalInput,
  type proposalPatch,
} from "../../../contract/proposal";
import { scheduleAmounts, storedPaymentSchedule, type PaymentSchedule } from "../../../contract/payment-schedule";
import type { SessionUser } from "../../../contract/user";
import { AppError, notFound, staleEdit } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { liveLinkColumns, withLiveLink } from "../shared-documents";
import { londonToday, nextStamp, nowIso } from "../../platform/time";
import { versionedResult } from "../../platform/versioned";
import { isGuardAbort, requireUpdated, runBatch } from "../../platform/batch";
import { stageChangeIfUpdated } from "../leads";
import { wonValueSql, wonValueUpdate } from "../leads";
import { defaultPaymentScheduleOf } from "../settings";
import { acceptanceWrites, instalmentsOf, passedDues, type RaiseContext, type RaiseWrites } from "../instalments";
import type { Instalment } from "../../../contract/instalment";
import { leadProject } from "../leads";

const forLead = alias(leads, "for_lead");
const forClient = alias(clients, "for_client");

const joined = (db: Db) =>
  db
    .select({
      ...getTableColumns(proposals),
      lead_name: forLead.name,
      client_name: forClient.name,
      lead_email: forLead.email,
      client_email: sql<string | null>`json_extract(${forClient.emails}, '$[0]')`,
      ...liveLinkColumns(proposal_links),
      response_kind: proposal_responses.kind,
      response_name: proposal_responses.full_name,
      response_reason: proposal_responses.reason,
      response_at: proposal_responses.created_at,
      questions: sql<number>`(SELECT count(*) FROM ${proposal_messages} WHERE ${proposal_messages.proposal_id} = ${proposals.id} AND ${proposal_messages.author} = 'client')`,
    })
    .from(proposals)
    .leftJoin(forLead, eq(forLead.id, proposals.lead_id))
    .leftJoin(forClient, eq(forClient.id, proposals.client_id))
    // The live link: at most one (proposal_links_one_live).
    .leftJoin(proposal_links, and(eq(proposal_links.proposal_id, proposals.id), isNull(proposal_links.revoked_at)))
    // The client's latest answer, shown while the status is still the one it set.
    .leftJoin(
      proposal_responses,
      eq(
        proposal_responses.id,
        sql`(SELECT r.id FROM ${proposal_responses} r WHERE r.proposal_id = ${proposals.id} ORDER BY r.created_at DESC LIMIT 1)`,
      ),
    );

type JoinedRow = Awaited<ReturnType<ReturnType<typeof joined>["all"]>>[number];
const shape = ({
  lead_name,
  client_name,
  lead_email,
  client_email,
  response_kind,
  response_name,
  response_reason,
  response_at,
  ...row
}: JoinedRow): Omit<Proposal, "instalments"> => {
  const { rest: p, share } = withLiveLink(row);
  return {
    ...p,
    // Checked on the way out as on the way in, and priced at the proposal's total.
    payment_schedule: scheduleAmounts(storedPaymentSchedule.parse(p.payment_schedule), p.value).instalments,
    response:
      response_kind &&
      response_name !== null &&
      response_at !== null &&
      p.status === (response_kind === "accepted" ? "Accepted" : "Rejected")
        ? { kind: response_kind, full_name: response_name, reason: response_reason, created_at: response_at }
        : null,
    lead: p.lead_id && lead_name !== null ? { id: p.lead_id, name: lead_name } : null,
    client: p.client_id && client_name !== null ? { id: p.client_id, name: client_name } : null,
    contact_email: (p.lead_id ? lead_email : client_email) ?? null,
    share,
  };
};

const byProposal = (list: Instalment[]) => {
  const map = new Map<string, Instalment[]>();
  for (const i of list) map.set(i.proposal_id, [...(map.get(i.proposal_id) ?? []), i]);
  return map;
};

/** Every proposal, each with its instalments once accepted (one more query for all of them). */
export async function listProposals(db: Db): Promise<Proposal[]> {
  const [rows, fixed] = await Promise.all([joined(db).orderBy(desc(proposals.created_at)), instalmentsOf(db, {})]);
  const of = byProposal(fixed);
  return rows.map((row) => ({ ...shape(row), instalments: of.get(row.id) ?? [] }));
}

export async function getProposal(db: Db, id: string): Promise<Proposal> {
  const [[row], fixed] = await Promise.all([joined(db).where(eq(proposals.id, id)).limit(1), instalmentsOf(db, { proposalIds: [id] })]);
  if (!row) throw notFound("Proposal");
  return { ...shape(row), instalments: fixed };
}

async function assertParties(db: Db, p: { lead_id?: string | null; client_id?: string | null }) {
  if (p.lead_id && !(await db.select({ id: leads.id }).from(leads).where(eq(leads.id, p.lead_id)).get()))
    throw new AppError("validation_failed", "Please correct the highlighted fields", { lead_id: "That lead does not exist" });
  if (p.client_id && !(await db.select({ id: clients.id }).from(clients).where(eq(clients.id, p.client_id)).get()))
    throw new AppError("validation_failed", "Please correct the highlighted fields", { client_id: "That client does not exist" });
}

/**
 * A schedule that does not add up to its proposal's total is refused, saying by how much (the
 * contract's words, as the form says them), and nothing is stored.
 */
function assertScheduleAddsUp(schedule: PaymentSchedule, total: number | null) {
  const problem = paymentScheduleProblem(schedule, total);
  if (problem) throw new AppError("validation_failed", problem, { payment_schedule: problem });
}

/** Sent with no sent date given: sent today (London), which the form shows and lets the user change. */
const sentToday = (status: string | undefined, sentDate: string | null | undefined) =>
  status === "Sent" && !sentDate ? { sent_date: londonToday() } : {};

export async function createProposal(
  db: Db,
  input: z.output<typeof proposalInput>,
  by: SessionUser,
  raise: RaiseContext,
): Promise<{ proposal: Proposal; raised: string[] }> {
  await assertParties(db, input);
  const now = nowIso();
  const id = newId();
  const { value: _value, lines: _lines, payment_schedule: given, ...fields } = input;
  const totals = proposalTotals(input, input.title) ?? { lines: [], value: null };
  // A new proposal starts with the studio's default schedule (Settings → Studio Details).
  const schedule = given ?? (await defaultPaymentScheduleOf(db));
  assertScheduleAddsUp(schedule, totals.value);
  // Recorded as already accepted (a yes given by phone): the schedule is fixed and what is due raised, as Accept does.
  const due: RaiseWrites =
    input.status === "Accepted"
      ? await instalmentsForAccepted(
          db,
          id,
          {
            title: input.title,
            value: totals.value,
            payment_schedule: schedule,
            project_id: null,
            client_id: input.client_id ?? null,
            lead_id: input.lead_id ?? null,
          },
          raise,
        )
      : { writes: [], raised: [] };
  await runBatch(db, [
    db.insert(proposals).values({
      ...fields,
      ...totals,
      payment_schedule: schedule,
      ...sentToday(input.status, input.sent_date),
      id,
      created_at: now,
      updated_at: now,
    }),
    // Recorded as already accepted (a yes given by phone): its lead is Won at its total, as with Accept.
    ...(input.status === "Accepted" && input.lead_id ? await leadAccepted(db, input.lead_id, input.title, by) : []),
    ...due.writes,
  ]);
  return { proposal: await getProposal(db, id), raised: due.raised };
}

/**
 * What accepting a proposal does to its lead, for the batch that accepts it (after the proposal's own
 * write, whose new status the sums read): Won if it was not (with a stage_change entry), and worth its
 * accepted proposals' sum (docs/decisions/0029).
 */
async function leadAccepted(db: Db, leadId: string, title: string, by: SessionUser): Promise<BatchItem<"sqlite">[]> {
  const lead = await db.select({ status: leads.status, updated_at: leads.updated_at }).from(leads).where(eq(leads.id, leadId)).get();
  if (!lead) return [];
  const stamp = nextStamp(lead.updated_at);
  return [
    ...(lead.status !== "Won"
      ? [
          // Not versioned against anyone's copy: whatever the lead's status is by now, it is Won.
          db
            .update(leads)
            .set({ status: "Won", value: wonValueSql(leadId), stage_changed_by: by.id, updated_at: stamp })
            .where(and(eq(leads.id, leadId), ne(leads.status, "Won"))),
          stageChangeIfUpdated(db, leadId, `Marked Won by ${by.full_name}: proposal "${title}" accepted`, by.id),
        ]
      : []),
    wonValueUpdate(db, leadId, stamp),
  ];
}

/**
 * The instalments a proposal accepted in the CRM fixes (docs/decisions/0063), for the batch that
 * accepts it: from the schedule and total as the row has them (no copy is kept of a CRM
 * acceptance), for the project it carries on (the lead's, or the client's latest not Done) and
 * the client it is for, once the lead has become one.
 */
async function acceptedInstalments(
  db: Db,
  id: string,
  raise: RaiseContext,
  edit: Partial<Pick<typeof proposals.$inferSelect, "title" | "value" | "payment_schedule" | "lead_id" | "client_id">> = {},
): Promise<RaiseWrites> {
  const stored = await db
    .select({
      title: proposals.title,
      value: proposals.value,
      payment_schedule: proposals.payment_schedule,
      project_id: proposals.project_id,
      client_id: proposals.client_id,
      lead_id: proposals.lead_id,
    })
    .from(proposals)
    .where(eq(proposals.id, id))
    .get();
  if (!stored) return { writes: [], raised: [] };
  return instalmentsForAccepted(db, id, { ...stored, ...edit }, raise);
}

type AcceptedRow = Pick<typeof proposals.$inferSelect, "title" | "value" | "payment_schedule" | "project_id" | "client_id" | "lead_id">;

/** The instalments and the raise of what is due, for a proposal accepted as `row` has it (stored or about to be). */
async function instalmentsForAccepted(db: Db, id: string, row: AcceptedRow, raise: RaiseContext): Promise<RaiseWrites> {
  const lead = row.lead_id
    ? await db.select({ client_id: leads.converted_to_client_id }).from(leads).where(eq(leads.id, row.lead_id)).get()
    : undefined;
  const clientId = row.client_id ?? lead?.client_id ?? null;
  const project =
    row.project_id ??
    (row.lead_id
      ? (await leadProject(db, row.lead_id))?.id
      : clientId
        ? (
            await db
              .select({ id: projects.id })
              .from(projects)
              .where(and(eq(projects.client_id, clientId), ne(projects.stage, "Done")))
              .orderBy(desc(projects.created_at))
              .get()
          )?.id
        : undefined);
  return acceptanceWrites(
    db,
    {
      proposalId: id,
      title: row.title,
      schedule: storedPaymentSchedule.parse(row.payment_schedule),
      value: row.value,
      projectId: project ?? null,
      clientId,
      passed: await passedDues(db, project ?? null),
    },
    raise,
  );
}

/**
 * A versioned edit. When it touches what a lead's value is made of (the status to or from Accepted,
 * the total of an accepted proposal, the lead it is for), the leads concerned are worth their
 * accepted proposals' sum again in the same batch; a status edited to Accepted also marks the lead
 * Won, as Accept does. Answers the proposal and the leads whose value or status may have moved.
 */
export async function updateProposal(
  db: Db,
  id: string,
  patch: z.output<typeof proposalPatch>,
  by: SessionUser,
  raise: RaiseContext,
): Promise<{ proposal: Proposal; leadIds: string[]; raised: string[] }> {
  const { updated_at: seen, value: _value, lines: _lines, ...changes } = patch;
  await assertParties(db, changes);
  const current = await db
    .select({
      lead_id: proposals.lead_id,
      client_id: proposals.client_id,
      sent_date: proposals.sent_date,
      title: proposals.title,
      status: proposals.status,
      value: proposals.value,
      payment_schedule: proposals.payment_schedule,
    })
    .from(proposals)
    .where(eq(proposals.id, id))
    .get();
  if (!current) throw notFound("Proposal");
  // Choosing a lead clears the client and vice versa; clearing the one it has leaves it for no one.
  const parties = changes.lead_id ? { client_id: null } : changes.client_id ? { lead_id: null } : {};
  const after = { ...current, ...changes, ...parties };
  if (("lead_id" in changes || "client_id" in changes) && !after.lead_id && !after.client_id)
    throw new AppError("validation_failed", "Please correct the highlighted fields", { lead_id: PARTY_REQUIRED });
  const sent = "sent_date" in changes ? sentToday(changes.status, changes.sent_date) : sentToday(changes.status, current.sent_date);
  const totals = proposalTotals(patch, changes.title ?? current.title);
  // The schedule and the total as the edit leaves them: a new total must suit the schedule kept, and a new schedule the total kept.
  if (changes.payment_schedule || totals)
    assertScheduleAddsUp(
      changes.payment_schedule ?? storedPaymentSchedule.parse(current.payment_schedule),
      totals ? totals.value : current.value,
    );
  const becameAccepted = after.status === "Accepted" && current.status !== "Accepted";
  const nowAccepted = becameAccepted && after.lead_id;
  const touched = [...new Set([current.lead_id, after.lead_id])].filter((l): l is string => !!l);
  const revalue =
    after.status !== current.status || after.lead_id !== current.lead_id || (totals !== undefined && after.status === "Accepted");
  const leadWrites: BatchItem<"sqlite">[] = [];
  if (nowAccepted) leadWrites.push(...(await leadAccepted(db, after.lead_id!, after.title, by)));
  if (revalue)
    for (const leadId of touched.filter((l) => !(nowAccepted && l === after.lead_id))) {
      const lead = await db.select({ updated_at: leads.updated_at }).from(leads).where(eq(leads.id, leadId)).get();
      if (lead) leadWrites.push(wonValueUpdate(db, leadId, nextStamp(lead.updated_at)));
    }
  // Accepted by this edit: the schedule as the edit leaves it becomes instalments, read after the edit's own write.
  const due: RaiseWrites = becameAccepted
    ? await acceptedInstalments(db, id, raise, { ...changes, ...parties, ...totals })
    : { writes: [], raised: [] };
  try {
    await runBatch(db, [
      db
        .update(proposals)
        // The lines and the value are written together: the value is always the lines' sum.
        .set({ ...changes, ...parties, ...sent, ...totals, updated_at: nextStamp(seen) })
        .where(and(eq(proposals.id, id), eq(proposals.updated_at, seen))),
      // A stale copy changes nothing, its leads included.
      requireUpdated(db),
      ...leadWrites,
      ...due.writes,
    ]);
  } catch (err) {
    if (!isGuardAbort(err)) throw err;
    await versionedResult([], () => db.select({ id: proposals.id }).from(proposals).where(eq(proposals.id, id)).get(), "Proposal");
  }
  return { proposal: await getProposal(db, id), leadIds: leadWrites.length ? touched : [], raised: due.raised };
}

/**
 * Accept is allowed only from Sent. A proposal made to a lead also marks that lead Won, in the same
 * batch: the client has said yes, and the follow-up's Create project (docs/spec.md §4: Start Project
 * is for Won leads) then works whether or not Convert to client runs first. The conditional UPDATE
 * and its guard abort the whole batch if the proposal changed since it was read, so a proposal
 * changed by someone else in the meantime is never accepted, nor its lead moved, by mistake.
 */
export async function acceptProposal(
  db: Db,
  id: string,
  seen: string,
  by: SessionUser,
  raise: RaiseContext,
): Promise<{ proposal: Proposal; raised: string[] }> {
  const current = await db
    .select({ title: proposals.title, status: proposals.status, updated_at: proposals.updated_at, lead_id: proposals.lead_id })
    .from(proposals)
    .where(eq(proposals.id, id))
    .get();
  if (!current) throw notFound("Proposal");
  if (current.updated_at !== seen) throw staleEdit("proposal");
  if (current.status !== "Sent") throw new AppError("conflict", "Only a sent proposal can be accepted");
  const due = await acceptedInstalments(db, id, raise);
  await runBatch(db, [
    db
      .update(proposals)
      .set({ status: "Accepted", updated_at: nextStamp(seen) })
      .where(and(eq(proposals.id, id), eq(proposals.updated_at, seen), eq(proposals.status, "Sent"))),
    requireUpdated(db),
    ...(current.lead_id ? await leadAccepted(db, current.lead_id, current.title, by) : []),
    ...due.writes,
  ]);
  return { proposal: await getProposal(db, id), raised: due.raised };
}

/** Deletes a proposal; if it was accepted, its lead is worth the accepted proposals left (or keeps its value). */
export async function deleteProposal(db: Db, id: string): Promise<{ leadId: string | null }> {
  const current = await db
    .select({ lead_id: proposals.lead_id, status: proposals.status })
    .from(proposals)
    .where(eq(proposals.id, id))
    .get();
  if (!current) throw notFound("Proposal");
  const lead =
    current.lead_id && current.status === "Accepted"
      ? await db.select({ id: leads.id, updated_at: leads.updated_at }).from(leads).where(eq(leads.id, current.lead_id)).get()
      : undefined;
  const [rows] = await runBatch(db, [
    db.delete(proposals).where(eq(proposals.id, id)).returning({ id: proposals.id }),
    ...(lead ? [wonValueUpdate(db, lead.id, nextStamp(lead.updated_at))] : []),
  ]);
  if ((rows as unknown[]).length === 0) throw notFound("Proposal");
  return { leadId: lead?.id ?? null };
}
