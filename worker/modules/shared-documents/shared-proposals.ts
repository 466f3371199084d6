/**
 * The client's side of a shared proposal (/p/<token>): opening the link, and the
 * three answers its page offers (accept, decline, ask a question), each stored before the studio
 * is e-mailed about it. An acceptance runs the Accept workflow in the same batch: the proposal
 * Accepted, its lead Won and converted to a client unless it is one, and a project started.
 */
import { and, asc, desc, eq, isNull, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { activities, clients, leads, projects, proposal_messages, proposal_responses, proposals } from "../../db/schema";
import {
  STALE_PROPOSAL_MESSAGE,
  type CrmProposalMessage,
  type ProposalMessage,
  type ProposalResponse,
  type ProposalStatus,
  type proposalAcceptInput,
  type proposalDeclineInput,
  type proposalQuestionInput,
  type proposalReplyInput,
} from "../../../contract/proposal";
import type { SessionUser } from "../../../contract/user";
import { storedPaymentSchedule } from "../../../contract/payment-schedule";
import type { ActivityType } from "../../../contract/activity-values";
import { relatedHref } from "../../../contract/related-href";
import { AppError, notFound } from "../../platform/errors";
import { newId, sha256Hex } from "../../platform/ids";
import { londonToday, nextStamp, nowIso } from "../../platform/time";
import { isGuardAbort, requireUpdated, runBatch } from "../../platform/batch";
import { limits, reserveAttempt } from "../../platform/rate-limit";
import { lookupDocumentLink } from "./document-links";
import type { Sender } from "../../platform/client-info";
import { formatGbp } from "../../platform/money";
import { sendOrExplain, trySend, type Mail } from "../../platform/email";
import type { ProposalContent } from "./proposal-page";
import { auditEvent } from "../audit";
import { getLead } from "../leads";
import { displayName, leadProject, leadSummary, linkProjectsToClient, newClientRow } from "../leads";
import { recordDelivery, type MailEnv } from "../previews";
import { acceptedCopyMail, declinedCopyMail, liveProposalUrl, proposalRecipient, replyMail, type ClientMailEnv } from "./client-mail";
import { getStudioSettings } from "../settings";
import type { StudioSettings } from "../../../contract/settings";
import { wonValueUpdate } from "../leads";
import { acceptanceWrites, deliverRaised, passedDues, raiseContextOf } from "../instalments";

/** The columns of what the client reads (ProposalContent, but for whom it is prepared). */
const contentColumns = {
  title: proposals.title,
  intro: proposals.intro,
  sections: proposals.sections,
  lines: proposals.lines,
  value: proposals.value,
  valid_until: proposals.valid_until,
  terms: proposals.terms,
  sent_date: proposals.sent_date,
  payment_schedule: proposals.payment_schedule,
};

const forLead = alias(leads, "for_lead");
const forClient = alias(clients, "for_client");

export type { ProposalContent };

/** A link that opens: its proposal as it now is. */
export interface OpenLink {
  linkId: string;
  proposalId: string;
  status: ProposalStatus;
  updatedAt: string;
  leadId: string | null;
  clientId: string | null;
  content: ProposalContent;
}

export type LinkLookup = { kind: "open"; link: OpenLink } | { kind: "expired"; title: string } | { kind: "ended" } | { kind: "unknown" };

/** A proposal as its client's page reads it, as it now is; undefined when there is none. */
async function proposalFor(db: Db, id: string): Promise<Omit<OpenLink, "linkId"> | undefined> {
  const row = await db
    .select({
      status: proposals.status,
      updated_at: proposals.updated_at,
      lead_id: proposals.lead_id,
      client_id: proposals.client_id,
      ...contentColumns,
      lead_name: forLead.name,
      client_name: forClient.name,
    })
    .from(proposals)
    .leftJoin(forLead, eq(forLead.id, proposals.lead_id))
    .leftJoin(forClient, eq(forClient.id, proposals.client_id))
    .where(eq(proposals.id, id))
    .get();
  if (!row) return undefined;
  const { status, updated_at, lead_id, client_id, lead_name, client_name, payment_schedule, ...content } = row;
  return {
    proposalId: id,
    status,
    updatedAt: updated_at,
    leadId: lead_id,
    clientId: client_id,
    content: { ...content, payment_schedule: storedPaymentSchedule.parse(payment_schedule), preparedFor: client_name ?? lead_name },
  };
}

/**
 * What a token opens, for every request on /p/<token>: the proposal as it now is, or why it no
 * longer does (revoked, or an unanswered proposal past its valid-until date in London). Unknown
 * tokens count against the network's limit on guessing links (document-links.ts).
 */
export async function lookupLink(db: Db, token: string, limitKey: string): Promise<LinkLookup> {
  const now = Date.now();
  const found = await lookupDocumentLink(db, "proposal", token, limitKey, (id) => proposalFor(db, id), now);
  if (found.kind !== "open") return found;
  const { linkId, document: proposal } = found;
  const { status, content } = proposal;
  // An answered proposal stays readable: the client can come back to what they accepted.
  const open = status === "Draft" || status === "Sent";
  if (open && content.valid_until && content.valid_until < londonToday(new Date(now))) return { kind: "expired", title: content.title };
  return { kind: "open", link: { linkId, ...proposal } };
}

/**
 * The version of the content a client reads: the SHA-256 of everything they agree to, how it is to
 * be paid included (the date it was sent is not part of the offer). The page carries it, the answer
 * sends it back, and an acceptance of any other version is refused.
 */
export function contentHash(c: ProposalContent): Promise<string> {
  return sha256Hex(
    JSON.stringify([c.title, c.preparedFor, c.intro, c.sections, c.lines, c.value, c.valid_until, c.terms, c.payment_schedule]),
  );
}

/** An accepted copy as kept; one accepted before proposals had a schedule has none (it was not part of what was agreed). */
function acceptedCopy(snapshot: string): ProposalContent {
  const copy = JSON.parse(snapshot) as Omit<ProposalContent, "payment_schedule"> & { payment_schedule?: unknown };
  return { ...copy, payment_schedule: copy.payment_schedule == null ? null : storedPaymentSchedule.parse(copy.payment_schedule) };
}

/** What the page shows beside the document: the answer, if any, and the conversation. */
export interface ProposalPageState {
  status: ProposalStatus;
  /** The content shown: the accepted copy once accepted, else the proposal as it now is. */
  content: ProposalContent;
  version: string;
  response: ProposalResponse | null;
  messages: ProposalMessage[];
}

export async function messagesOf(db: Db, proposalId: string): Promise<ProposalMessage[]> {
  return db
    .select({
      id: proposal_messages.id,
      author: proposal_messages.author,
      author_name: proposal_messages.author_name,
      body: proposal_messages.body,
      created_at: proposal_messages.created_at,
    })
    .from(proposal_messages)
    .where(eq(proposal_messages.proposal_id, proposalId))
    .orderBy(asc(proposal_messages.created_at));
}

/** The conversation as the CRM lists it: each message with how its e-mail went. */
export async function crmMessagesOf(db: Db, proposalId: string): Promise<CrmProposalMessage[]> {
  return db
    .select({
      id: proposal_messages.id,
      author: proposal_messages.author,
      author_name: proposal_messages.author_name,
      body: proposal_messages.body,
      created_at: proposal_messages.created_at,
      email_status: proposal_messages.email_status,
      email_error: proposal_messages.email_error,
    })
    .from(proposal_messages)
    .where(eq(proposal_messages.proposal_id, proposalId))
    .orderBy(asc(proposal_messages.created_at));
}

async function latestResponse(db: Db, proposalId: string) {
  return db
    .select()
    .from(proposal_responses)
    .where(eq(proposal_responses.proposal_id, proposalId))
    .orderBy(desc(proposal_responses.created_at))
    .limit(1)
    .get();
}

/** The page's state for a proposal: for the client's link and for the studio's preview alike. */
export async function pageStateOf(
  db: Db,
  proposalId: string,
  status: ProposalStatus,
  current: ProposalContent,
): Promise<ProposalPageState> {
  const [row, messages] = await Promise.all([latestResponse(db, proposalId), messagesOf(db, proposalId)]);
  // What was accepted is what the page goes on showing, whatever is edited later.
  const content = status === "Accepted" && row?.kind === "accepted" ? acceptedCopy(row.snapshot) : current;
  const response =
    row && status === (row.kind === "accepted" ? "Accepted" : "Rejected")
      ? { kind: row.kind, full_name: row.full_name, reason: row.reason, created_at: row.created_at }
      : null;
  return { status, content, version: await contentHash(content), response, messages };
}

/** A proposal's status and what its client reads, as it now is. */
async function proposalNow(db: Db, id: string): Promise<Omit<OpenLink, "linkId">> {
  const proposal = await proposalFor(db, id);
  if (!proposal) throw notFound("Proposal");
  return proposal;
}

/** The staff's preview (GET /api/crm/proposals/:id/preview): the client's page for a proposal, shared or not. */
export async function previewState(db: Db, id: string): Promise<ProposalPageState> {
  const { status, content } = await proposalNow(db, id);
  return pageStateOf(db, id, status, content);
}

/** Who answered, for the records: their typed name with keyed hashes of where they were. */
export interface Responder {
  sender: Sender;
  browser: string;
  requestId: string;
  origin: string;
  /** The page they answered on (their link), for the copy of their answer they are sent. */
  pageUrl: string;
}

const longDate = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" }).format(new Date(iso));

const crmLink = (origin: string, title: string) => `${origin}${relatedHref("proposal", "", title)}`;

/** " (Acme)" after a person's name when the proposal is for someone of another name. */
const forWhomOf = (name: string, content: ProposalContent) =>
  content.preparedFor && content.preparedFor !== name ? ` (${content.preparedFor})` : "";

function responseMail(
  inbox: string,
  kind: "accepted" | "declined",
  name: string,
  content: ProposalContent,
  extra: string[],
  origin: string,
): Mail {
  const who = forWhomOf(name, content);
  return {
    to: inbox,
    subject: `${name}${who} ${kind} the proposal "${content.title}"`,
    text: [
      `${name}${who} ${kind} the proposal "${content.title}" on ${longDate(nowIso())}.`,
      ...(content.value !== null ? [`Total: ${formatGbp(content.value)}`] : []),
      ...extra,
      "",
      `Open it in the CRM: ${crmLink(origin, content.title)}`,
    ].join("\n"),
  };
}

const notAnswerable = (status: ProposalStatus) =>
  new AppError(
    "conflict",
    status === "Draft"
      ? "This proposal is not ready for an answer yet. The studio will send it again."
      : "This proposal has already been answered.",
  );

/** A client's acceptance that can go ahead: not answered yet, and of the version on the page. */
async function checkAnswerable(link: OpenLink, version: string) {
  if (link.status !== "Sent") throw notAnswerable(link.status);
  if (version !== (await contentHash(link.content))) throw new AppError("conflict", STALE_PROPOSAL_MESSAGE);
}

export interface AnswerResult {
  /** False when the same answer was already stored (a second click): nothing new happened. */
  created: boolean;
  leadId: string | null;
  clientId: string | null;
  projectId: string | null;
  /** The documents the acceptance raised (its deposit), shared and e-mailed to the client. */
  raised?: string[];
}

/**
 * Accept: the acceptance (name, time, address hash, browser, the content's hash and
 * a copy of it) and the Accept workflow commit in one batch: the proposal Accepted, its lead Won
 * and converted to a client unless it has one, and a project started (in Discovery, the board's
 * first stage) unless the lead already has one. The batch aborts if the proposal changed since it
 * was read, so a version edited meanwhile is never accepted. Only then is the studio e-mailed.
 */
export async function acceptSharedProposal(
  env: ClientMailEnv,
  db: Db,
  link: OpenLink,
  input: z.output<typeof proposalAcceptInput>,
  who: Responder,
): Promise<AnswerResult> {
  if (link.status === "Accepted") return { created: false, leadId: link.leadId, clientId: link.clientId, projectId: null };
  await checkAnswerable(link, input.version);
  const lead = link.leadId ? await getLead(db, link.leadId) : null;
  const existingProject = lead ? await leadProject(db, lead.id) : undefined;
  const now = nowIso();
  const responseId = newId();
  const newClient = lead && !lead.converted_to_client_id ? newClientRow(lead, now) : null;
  const clientId = newClient?.id ?? lead?.converted_to_client_id ?? link.clientId;
  const clientName = newClient?.name ?? (lead ? displayName(lead) : (link.content.preparedFor ?? "the client"));
  const projectId = existingProject ? null : newId();
  const c = link.content;
  const done = [
    lead && lead.status !== "Won" ? "marked Won" : null,
    newClient ? `converted to client ${newClient.name}` : null,
    projectId ? "project started in Discovery" : existingProject ? `its project ${existingProject.title} carries on` : null,
  ].filter(Boolean);
  const summary = `${input.full_name} accepted the proposal "${c.title}" online${done.length ? `: ${done.join(", ")}` : ""}`;
  // The schedule as accepted (the copy the client read) becomes instalments; the deposit is raised with the acceptance.
  const due = acceptanceWrites(
    db,
    {
      proposalId: link.proposalId,
      title: c.title,
      schedule: c.payment_schedule ?? [],
      value: c.value,
      projectId: projectId ?? existingProject?.id ?? null,
      clientId,
      passed: await passedDues(db, existingProject?.id ?? null),
    },
    await raiseContextOf(db, env.STUDIO_NAME),
  );
  try {
    await runBatch(db, [
      responseInsert(
        db,
        { id: responseId, kind: "accepted", fullName: input.full_name, reason: null, hash: input.version },
        link,
        who,
        now,
      ),
      db
        .update(proposals)
        .set({ status: "Accepted", updated_at: nextStamp(link.updatedAt) })
        .where(and(eq(proposals.id, link.proposalId), eq(proposals.updated_at, link.updatedAt), eq(proposals.status, "Sent"))),
      requireUpdated(db),
      ...(newClient && lead
        ? [
            db.insert(clients).values(newClient),
            // Converted by someone else since the read: the batch stops rather than make a second client.
            db
              .update(leads)
              .set({ status: "Won", converted_to_client_id: newClient.id, stage_changed_by: null, updated_at: nextStamp(lead.updated_at) })
              .where(and(eq(leads.id, lead.id), isNull(leads.converted_to_client_id))),
            requireUpdated(db),
            linkProjectsToClient(db, lead.id, newClient.id, now),
          ]
        : lead && lead.status !== "Won"
          ? [
              db
                .update(leads)
                .set({ status: "Won", stage_changed_by: null, updated_at: nextStamp(lead.updated_at) })
                .where(and(eq(leads.id, lead.id), ne(leads.status, "Won"))),
            ]
          : []),
      // Won at what was accepted: the sum of its accepted proposals, this one now among them.
      ...(lead ? [wonValueUpdate(db, lead.id, nextStamp(lead.updated_at))] : []),
      ...(projectId
        ? [
            db.insert(projects).values({
              id: projectId,
              title: `${clientName} Project`,
              type: "Web Design",
              client_id: clientId,
              budget: c.value,
              start_date: londonToday(),
              stage: "Discovery",
              status: "On Track",
              notes: lead ? `Accepted proposal: ${c.title}\n${leadSummary(lead)}` : `Accepted proposal: ${c.title}`,
              lead_id: lead?.id ?? null,
              created_at: now,
              updated_at: now,
            }),
          ]
        : []),
      // One entry, in the feed: the lead's timeline shows it from there.
      ...due.writes,
      feedEntry(db, input.full_name, "StatusChange", summary, lead ? "lead" : "client", lead?.id ?? link.clientId, now),
      auditEvent(db, auditSource(who), "proposal_accepted", `${input.full_name} accepted the proposal "${c.title}"`),
    ]);
  } catch (err) {
    if (!isGuardAbort(err)) throw err;
    // The proposal (or its lead) changed between the read and the write: say which, in words.
    const again = await proposalNow(db, link.proposalId);
    if (again.status === "Accepted") return { created: false, leadId: link.leadId, clientId: link.clientId, projectId: null };
    if (again.status !== "Sent") throw notAnswerable(again.status);
    if ((await contentHash(again.content)) !== input.version) throw new AppError("conflict", STALE_PROPOSAL_MESSAGE);
    throw new AppError("conflict", "Something changed while your answer was being saved. Please try again.");
  }
  const delivered = await deliverRaised(env, db, who.origin, due.raised);
  const copy = await sendClientCopy(env, db, link.proposalId, responseId, (to, greeting, studio) =>
    acceptedCopyMail({
      to,
      greeting,
      content: c,
      fullName: input.full_name,
      at: now,
      url: who.pageUrl,
      studio: studio.studio_name,
      vatRegistered: Boolean(studio.vat_number),
    }),
  );
  const error = await trySend(
    env,
    responseMail(
      env.STUDIO_INBOX,
      "accepted",
      input.full_name,
      c,
      [...(projectId ? ["A project has been started in Discovery."] : []), copy],
      who.origin,
    ),
    { proposal_response: responseId },
  );
  await recordDelivery(db, proposal_responses, responseId, error);
  return { created: true, leadId: lead?.id ?? null, clientId, projectId, raised: delivered };
}

/** Decline, with an optional reason kept for the studio: the proposal becomes Rejected. */
export async function declineSharedProposal(
  env: ClientMailEnv,
  db: Db,
  link: OpenLink,
  input: z.output<typeof proposalDeclineInput>,
  who: Responder,
): Promise<AnswerResult> {
  if (link.status === "Rejected") return { created: false, leadId: link.leadId, clientId: link.clientId, projectId: null };
  if (link.status !== "Sent") throw notAnswerable(link.status);
  const now = nowIso();
  const responseId = newId();
  const c = link.content;
  const summary = `${input.full_name} declined the proposal "${c.title}" online${input.reason ? `: ${input.reason}` : ""}`;
  try {
    await runBatch(db, [
      responseInsert(
        db,
        { id: responseId, kind: "declined", fullName: input.full_name, reason: input.reason, hash: await contentHash(c) },
        link,
        who,
        now,
      ),
      db
        .update(proposals)
        .set({ status: "Rejected", updated_at: nextStamp(link.updatedAt) })
        .where(and(eq(proposals.id, link.proposalId), eq(proposals.status, "Sent"))),
      requireUpdated(db),
      feedEntry(
        db,
        input.full_name,
        "StatusChange",
        summary.slice(0, 1000),
        link.leadId ? "lead" : "client",
        link.leadId ?? link.clientId,
        now,
      ),
      auditEvent(db, auditSource(who), "proposal_declined", `${input.full_name} declined the proposal "${c.title}"`),
    ]);
  } catch (err) {
    if (!isGuardAbort(err)) throw err;
    const again = await proposalNow(db, link.proposalId);
    if (again.status === "Rejected") return { created: false, leadId: link.leadId, clientId: link.clientId, projectId: null };
    throw notAnswerable(again.status);
  }
  const copy = await sendClientCopy(env, db, link.proposalId, responseId, (to, greeting, studio) =>
    declinedCopyMail({
      to,
      greeting,
      title: c.title,
      fullName: input.full_name,
      reason: input.reason,
      at: now,
      studio: studio.studio_name,
    }),
  );
  const reason = input.reason ? ["", "Their reason:", input.reason] : ["", "They gave no reason."];
  const error = await trySend(env, responseMail(env.STUDIO_INBOX, "declined", input.full_name, c, [...reason, "", copy], who.origin), {
    proposal_response: responseId,
  });
  await recordDelivery(db, proposal_responses, responseId, error);
  return { created: true, leadId: link.leadId, clientId: link.clientId, projectId: null };
}

/**
 * Ask a question: stored with an Activity Feed entry, then e-mailed to the studio (replying to the
 * e-mail does not reach the client: the studio answers in the CRM, and the answer shows on the
 * page). Limited per link and network, so a holder of the link cannot flood the studio's inbox.
 */
export async function askQuestion(
  env: MailEnv,
  db: Db,
  link: OpenLink,
  input: z.output<typeof proposalQuestionInput>,
  who: Responder,
): Promise<ProposalMessage> {
  const key = `${link.linkId}:${who.sender.networkKey}`;
  const reservation = await reserveAttempt(db, [{ limit: limits.proposalQuestions, key }]);
  const now = nowIso();
  const id = newId();
  const c = link.content;
  try {
    await db.batch([
      db.insert(proposal_messages).values({
        id,
        proposal_id: link.proposalId,
        author: "client",
        author_name: input.author_name,
        body: input.body,
        ip_hash: who.sender.ipKey,
        created_at: now,
        updated_at: now,
      }),
      feedEntry(
        db,
        input.author_name,
        "Question",
        `${input.author_name} asked about the proposal "${c.title}": ${input.body}`.slice(0, 1000),
        link.leadId ? "lead" : "client",
        link.leadId ?? link.clientId,
        now,
      ),
    ]);
  } catch (err) {
    await reservation.release();
    throw err;
  }
  const forWhom = forWhomOf(input.author_name, c);
  const error = await trySend(
    env,
    {
      to: env.STUDIO_INBOX,
      subject: `Question about "${c.title}" from ${input.author_name}${forWhom}`,
      text: [
        `${input.author_name}${forWhom} asked a question about the proposal "${c.title}":`,
        "",
        input.body,
        "",
        `Answer it in the CRM (the answer is shown on their page): ${crmLink(who.origin, c.title)}`,
      ].join("\n"),
    },
    { proposal_message: id },
  );
  await recordDelivery(db, proposal_messages, id, error);
  return { id, author: "client", author_name: input.author_name, body: input.body, created_at: now };
}

/**
 * The client's copy of their answer, sent before the studio hears of it so that the studio's mail
 * can say how it went: to whom, or why not (then the studio sends the link itself). Nothing about
 * the answer depends on it: it is already stored.
 */
async function sendClientCopy(
  env: ClientMailEnv,
  db: Db,
  proposalId: string,
  responseId: string,
  build: (to: string, greeting: string, studio: StudioSettings) => Mail,
): Promise<string> {
  const [recipient, { settings: studio }] = await Promise.all([proposalRecipient(db, proposalId), getStudioSettings(db, env.STUDIO_NAME)]);
  if (!recipient.to) return "No copy was e-mailed to them: the CRM has no e-mail address for them.";
  const outcome = await sendOrExplain(
    env,
    { ...build(recipient.to, recipient.greeting, studio), replyTo: env.STUDIO_INBOX },
    "Send them the proposal's link yourself.",
    { proposal_response: responseId, mail: "client copy" },
  );
  return outcome.sent ? `A copy was e-mailed to them at ${outcome.to}.` : `Their copy was not e-mailed. ${outcome.reason}`;
}

/**
 * The studio's reply, signed with the member of staff's name: shown on the client's page, and
 * e-mailed to the client with their link (modules/shared-documents/client-mail.ts). The reply is stored first, so a
 * mail that fails loses nothing: the CRM lists it as not e-mailed, with why, and can send it again.
 */
export async function replyToProposal(
  env: ClientMailEnv,
  db: Db,
  proposalId: string,
  input: z.output<typeof proposalReplyInput>,
  by: SessionUser,
  origin: string,
): Promise<CrmProposalMessage> {
  const proposal = await db
    .select({ title: proposals.title, lead_id: proposals.lead_id, client_id: proposals.client_id })
    .from(proposals)
    .where(eq(proposals.id, proposalId))
    .get();
  if (!proposal) throw notFound("Proposal");
  const now = nowIso();
  const id = newId();
  await db.batch([
    db.insert(proposal_messages).values({
      id,
      proposal_id: proposalId,
      author: "studio",
      author_name: by.full_name,
      author_id: by.id,
      body: input.body,
      created_at: now,
      updated_at: now,
    }),
    // Beside the question, where the lead's timeline and the client's activity show it.
    db.insert(activities).values({
      id: newId(),
      who_username: by.id,
      who_kind: "staff",
      type: "Answer",
      summary: `${by.full_name} answered about the proposal "${proposal.title}": ${input.body}`.slice(0, 1000),
      related_type: proposal.lead_id ? "lead" : proposal.client_id ? "client" : null,
      related_id: proposal.lead_id ?? proposal.client_id,
      created_at: now,
      updated_at: now,
    }),
  ]);
  return emailReply(env, db, proposalId, id, origin);
}

/** Sends a reply's e-mail again when it did not go (one that went is left as it is). */
export async function resendReply(env: ClientMailEnv, db: Db, proposalId: string, messageId: string, origin: string) {
  const message = await crmMessage(db, proposalId, messageId);
  if (message.author !== "studio") throw new AppError("conflict", "Only the studio's replies are e-mailed to the client.");
  if (message.email_status === "sent") return message;
  return emailReply(env, db, proposalId, messageId, origin);
}

async function crmMessage(db: Db, proposalId: string, messageId: string): Promise<CrmProposalMessage> {
  const found = (await crmMessagesOf(db, proposalId)).find((m) => m.id === messageId);
  if (!found) throw notFound("Message");
  return found;
}

/** E-mails the client a stored reply, with the question it answers and their link, and records how it went. */
async function emailReply(env: ClientMailEnv, db: Db, proposalId: string, messageId: string, origin: string): Promise<CrmProposalMessage> {
  const [messages, recipient, url, studio, proposal] = await Promise.all([
    crmMessagesOf(db, proposalId),
    proposalRecipient(db, proposalId),
    liveProposalUrl(db, env.SESSION_SECRET, proposalId, origin),
    getStudioSettings(db, env.STUDIO_NAME),
    db.select({ title: proposals.title }).from(proposals).where(eq(proposals.id, proposalId)).get(),
  ]);
  const index = messages.findIndex((m) => m.id === messageId);
  const reply = messages[index];
  if (!reply || !proposal) throw notFound("Message");
  // The client's latest question before this reply: what it answers.
  const question = messages.slice(0, index).findLast((m) => m.author === "client")?.body ?? null;
  let error: string | null;
  if (!recipient.to) error = "The CRM has no e-mail address for this client. Add one to the lead or client, then send it again.";
  else {
    const outcome = await sendOrExplain(
      env,
      {
        ...replyMail({
          to: recipient.to,
          greeting: recipient.greeting,
          title: proposal.title,
          question,
          answer: reply.body,
          by: reply.author_name,
          studio: studio.settings.studio_name,
          url,
        }),
        replyTo: env.STUDIO_INBOX,
      },
      "Send it again later, or tell them yourself.",
      { proposal_message: messageId },
    );
    error = outcome.sent ? null : outcome.reason;
  }
  await recordDelivery(db, proposal_messages, messageId, error);
  return crmMessage(db, proposalId, messageId);
}

/** The client's answer as kept: who, from where, and the hash and a copy of the content they answered. */
const responseInsert = (
  db: Db,
  r: { id: string; kind: ProposalResponse["kind"]; fullName: string; reason: string | null; hash: string },
  link: OpenLink,
  who: Responder,
  now: string,
) =>
  db.insert(proposal_responses).values({
    id: r.id,
    proposal_id: link.proposalId,
    kind: r.kind,
    full_name: r.fullName,
    reason: r.reason,
    content_hash: r.hash,
    snapshot: JSON.stringify(link.content),
    ip_hash: who.sender.ipKey,
    browser: who.browser,
    created_at: now,
    updated_at: now,
  });

const auditSource = (who: Responder) => ({ actorId: null, ipHash: who.sender.ipKey, requestId: who.requestId });

/** A client's answer or question in the Activity Feed, credited to the name they typed. */
const feedEntry = (
  db: Db,
  name: string,
  type: Extract<ActivityType, "StatusChange" | "Question">,
  summary: string,
  relatedType: "lead" | "client",
  relatedId: string | null,
  now: string,
) =>
  db.insert(activities).values({
    id: newId(),
    who_username: null,
    who_name: name,
    who_kind: "client",
    type,
    summary,
    related_type: relatedId ? relatedType : null,
    related_id: relatedId,
    created_at: now,
    updated_at: now,
  });
