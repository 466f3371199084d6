/**
 * The mail a client receives besides their link (docs/decisions/0027): the studio's answer to
 * their question, with their link; a copy of what they accepted; a note that they declined. Each is
 * sent only after what it is about is stored, so a mail that fails loses nothing. Each opens
 * "Hello Olivia," (contract/greeting.ts), from the contact's name: the lead's, or for a client the
 * lead it was converted from, else the client's own name when it reads as a person's.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { clients, leads, proposal_links, proposals } from "../../db/schema";
import { greetingFor, opensWithGreeting } from "../../../contract/greeting";
import { lineAmount, vatIncludedIn, VAT_RATE_PERCENT, type InvoiceLine } from "../../../contract/invoice";
import type { Env } from "../../env";
import type { Mail } from "../../platform/email";
import { rebuiltLinkToken } from "./link-tokens";
import { formatGbp } from "../../platform/money";
import type { ProposalContent } from "./proposal-page";
import { getStudioSettings } from "../settings";
import { scheduleForClient } from "./schedule-words";

/** What sending a client mail needs beyond the binding: the studio's name, and the secret its links are derived with. */
export type ClientMailEnv = Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME" | "SESSION_SECRET">;

/** A lead's name, unless it is its company's: a lead typed as "Carter Bakes" is no one to greet. */
const personOf = (lead: { name: string; company: string | null } | undefined) =>
  lead && lead.name.trim().toLowerCase() !== (lead.company ?? "").trim().toLowerCase() ? lead.name : null;

/** The name of the person a client is: the lead it was converted from (the latest), else its own name. */
async function clientContactName(db: Db, clientId: string): Promise<string | null> {
  const [client, lead] = await Promise.all([
    db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId)).get(),
    db
      .select({ name: leads.name, company: leads.company })
      .from(leads)
      .where(eq(leads.converted_to_client_id, clientId))
      .orderBy(desc(leads.updated_at))
      .limit(1)
      .get(),
  ]);
  return personOf(lead) ?? client?.name ?? null;
}

/** The contact's name, to greet them by: the lead's, or the client's person (see clientContactName). */
export async function contactNameOf(db: Db, party: { leadId: string | null; clientId: string | null }): Promise<string | null> {
  if (party.leadId) {
    const lead = await db.select({ name: leads.name, company: leads.company }).from(leads).where(eq(leads.id, party.leadId)).get();
    return personOf(lead);
  }
  return party.clientId ? clientContactName(db, party.clientId) : null;
}

/** "Hello Olivia," then the studio's message, unless the message already opens with a greeting of its own. */
export const withGreeting = (greeting: string, message: string | null): string[] =>
  message && opensWithGreeting(message) ? [message, ""] : [greeting, "", ...(message ? [message, ""] : [])];

/** Whom a proposal's client mail goes to, and the greeting: see proposalRecipient. */
export interface ClientRecipient {
  to: string | null;
  greeting: string;
}

/**
 * Where a proposal's client mail goes: the address its link was last e-mailed to (the live link's
 * first), else the lead's address, else its client's first; and how to greet them.
 */
export async function proposalRecipient(db: Db, proposalId: string): Promise<ClientRecipient> {
  const [row, emailed] = await Promise.all([
    db
      .select({
        lead_id: proposals.lead_id,
        client_id: proposals.client_id,
        lead_email: leads.email,
        converted_to: leads.converted_to_client_id,
      })
      .from(proposals)
      .leftJoin(leads, eq(leads.id, proposals.lead_id))
      .where(eq(proposals.id, proposalId))
      .get(),
    db
      .select({ to: proposal_links.emailed_to })
      .from(proposal_links)
      .where(and(eq(proposal_links.proposal_id, proposalId), sql`${proposal_links.emailed_to} IS NOT NULL`))
      .orderBy(sql`${proposal_links.revoked_at} IS NULL DESC`, desc(proposal_links.emailed_at))
      .limit(1)
      .get(),
  ]);
  if (!row) return { to: null, greeting: greetingFor(null) };
  const clientId = row.client_id ?? row.converted_to;
  const clientEmail = clientId
    ? ((
        await db
          .select({ to: sql<string | null>`json_extract(${clients.emails}, '$[0]')` })
          .from(clients)
          .where(eq(clients.id, clientId))
          .get()
      )?.to ?? null)
    : null;
  const name = await contactNameOf(db, { leadId: row.lead_id, clientId: row.client_id });
  return { to: emailed?.to ?? row.lead_email ?? clientEmail, greeting: greetingFor(name) };
}

/** The proposal's live link, rebuilt for a mail; "earlier" when it was made before links could be rebuilt; null with none. */
export async function liveProposalUrl(db: Db, secret: string, proposalId: string, origin: string): Promise<string | "earlier" | null> {
  const live = await db
    .select({ id: proposal_links.id, token_hash: proposal_links.token_hash })
    .from(proposal_links)
    .where(and(eq(proposal_links.proposal_id, proposalId), isNull(proposal_links.revoked_at)))
    .get();
  if (!live) return null;
  const token = await rebuiltLinkToken(secret, "proposal", live);
  return token ? `${origin}/p/${token}` : "earlier";
}

export const studioNameOf = async (db: Db, env: Pick<Env, "STUDIO_NAME">) =>
  (await getStudioSettings(db, env.STUDIO_NAME)).settings.studio_name;

/** A moment as a client mail says it: "25 Nov 2026, 14:30", London time. */
const londonMoment = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));

const quantity = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });

/** One line as the client reads it: "Build: 2 × £1,200.00 = £2,400.00". */
export const lineText = (l: InvoiceLine) =>
  `${l.description}: ${quantity.format(l.quantity)} × ${formatGbp(l.unit_price)} = ${formatGbp(lineAmount(l))}`;

/** The studio's answer to a client's question, with their link to the page where the conversation is. */
export function replyMail(args: {
  to: string;
  greeting: string;
  title: string;
  question: string | null;
  answer: string;
  by: string;
  studio: string;
  url: string | "earlier" | null;
}): Mail {
  const { title, studio } = args;
  const where =
    args.url === null
      ? ["If you would like the proposal's page again, reply to this e-mail and we will send you a new link."]
      : args.url === "earlier"
        ? [`Our answer is also on the proposal's page: open it from the link in our earlier e-mail about "${title}".`]
        : ["Read the proposal, our answer and your questions on its page, where you can also accept or decline it:", args.url];
  return {
    to: args.to,
    fromName: studio,
    subject: `Your question about "${title}"`,
    text: [
      args.greeting,
      "",
      `${args.by} of ${studio} has answered your question about the proposal "${title}".`,
      "",
      ...(args.question ? ["You asked:", args.question, ""] : []),
      "Our answer:",
      args.answer,
      "",
      ...where,
      "",
      args.by,
      studio,
    ].join("\n"),
  };
}

/** The client's copy of what they accepted: the title, each line, the total, how it is to be paid, the terms, who and when, and the link. */
export function acceptedCopyMail(args: {
  to: string;
  greeting: string;
  content: ProposalContent;
  fullName: string;
  at: string;
  url: string;
  studio: string;
  vatRegistered: boolean;
}): Mail {
  const c = args.content;
  const total =
    c.value === null
      ? []
      : [
          `Total: ${formatGbp(c.value)}`,
          ...(args.vatRegistered ? [`Prices include VAT; VAT at ${VAT_RATE_PERCENT}%: ${formatGbp(vatIncludedIn(c.value))}`] : []),
        ];
  // "Deposit (50%): £1,200.00 on acceptance", one instalment a line.
  const schedule = c.payment_schedule
    ? [
        "Payment schedule:",
        ...scheduleForClient(c.payment_schedule, c.value).map(
          (i) => `${i.label}${i.percent ? ` (${i.percent})` : ""}: ${i.amount === null ? "" : `${formatGbp(i.amount)} `}${i.due}`,
        ),
      ]
    : [];
  return {
    to: args.to,
    fromName: args.studio,
    subject: `Your copy: you accepted "${c.title}"`,
    text: [
      args.greeting,
      "",
      `Thank you for accepting our proposal. This is your copy of what was accepted.`,
      "",
      `Proposal: ${c.title}`,
      ...(c.preparedFor ? [`Prepared for: ${c.preparedFor}`] : []),
      `Accepted by ${args.fullName} on ${londonMoment(args.at)} (London time)`,
      "",
      ...(c.lines.length ? [...c.lines.map(lineText), ""] : []),
      ...(total.length ? [...total, ""] : []),
      ...(schedule.length ? [...schedule, ""] : []),
      ...(c.terms ? ["Terms:", c.terms, ""] : []),
      "The accepted version stays on its page, whatever changes later:",
      args.url,
      "",
      "We will be in touch about the next steps. Any questions, just reply to this e-mail.",
      "",
      args.studio,
    ].join("\n"),
  };
}

/** A short note that the client declined, with their reason if they gave one. */
export function declinedCopyMail(args: {
  to: string;
  greeting: string;
  title: string;
  fullName: string;
  reason: string | null;
  at: string;
  studio: string;
}): Mail {
  return {
    to: args.to,
    fromName: args.studio,
    subject: `You declined "${args.title}"`,
    text: [
      args.greeting,
      "",
      `This confirms that ${args.fullName} declined our proposal "${args.title}" on ${londonMoment(args.at)} (London time).`,
      "",
      ...(args.reason ? ["Your reason:", args.reason, ""] : []),
      "Thank you for considering us. If anything changes, just reply to this e-mail.",
      "",
      args.studio,
    ].join("\n"),
  };
}
