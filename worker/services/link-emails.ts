/**
 * Send (issue 25 §3): the studio e-mails a client the link to their proposal (/p/<token>) or
 * invoice (/i/<token>) from the CRM. The link is made first, exactly as Share makes it; then the
 * mail goes, plain text, from MAIL_FROM in the studio's name with Reply-To the studio's inbox. When
 * Cloudflare will not send it (an address the account cannot reach), the link stands all the same
 * and the answer says why, with the message, for the studio to send by hand (docs/decisions/0024).
 * A mail that went is recorded on the link (to whom, when) and in the Activity Feed.
 */
import { eq } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../db/client";
import { activities, invoice_links, proposal_links } from "../db/schema";
import type { EmailOutcome } from "../../contract/email-outcome";
import type { Invoice } from "../../contract/invoice";
import type { Proposal } from "../../contract/proposal";
import type { sendLinkInput } from "../../contract/shared-link";
import type { SessionUser } from "../../contract/user";
import type { Env } from "../env";
import { sendOrExplain, type Mail } from "../email/send";
import { newId } from "../lib/ids";
import { formatGbp } from "../lib/money";
import type { AuditSource } from "./audit";
import { createInvoiceLink, getInvoice } from "./invoices";
import { createProposalLink, getProposal } from "./proposals";
import { getStudioSettings } from "./settings";

export interface LinkMailContext {
  db: Db;
  env: Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME">;
  /** The site's origin, for the link. */
  origin: string;
  by: SessionUser;
  source: AuditSource;
  requestId: string;
}

type SendLink = z.output<typeof sendLinkInput>;

/** What the studio can do when Cloudflare will not send: the dialog offers both. */
const INSTEAD = "Copy the link and send it yourself.";

/** A calendar date (YYYY-MM-DD) as the CRM writes it: "25 Nov 2026". */
const calendarDate = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(
    new Date(`${date}T12:00:00Z`),
  );

/** The studio's message, the record's facts, the link and what the page offers, signed by whoever sent it. */
const body = (message: string | null, facts: string[], url: string, page: string, by: SessionUser, studio: string) =>
  [...(message ? [message, ""] : []), ...facts, "", "Open it here:", url, "", page, "", by.full_name, studio].join("\n");

export function proposalMail(p: Proposal, url: string, input: SendLink, by: SessionUser, studio: string): Omit<Mail, "replyTo"> {
  return {
    to: input.to,
    fromName: studio,
    subject: `Proposal: ${p.title}`,
    text: body(
      input.message,
      [
        `Proposal: ${p.title}`,
        ...(p.value !== null ? [`Total: ${formatGbp(p.value)}`] : []),
        ...(p.valid_until ? [`Valid until ${calendarDate(p.valid_until)}`] : []),
      ],
      url,
      "The page opens in your browser. You can accept the proposal there, decline it or ask us a question, and print it or save it as a PDF.",
      by,
      studio,
    ),
  };
}

export function invoiceMail(inv: Invoice, url: string, input: SendLink, by: SessionUser, studio: string): Omit<Mail, "replyTo"> {
  const paidOn = inv.status === "Paid" ? inv.paid_date : null;
  return {
    to: input.to,
    fromName: studio,
    subject: `Invoice ${inv.number}`,
    text: body(
      input.message,
      [
        `Invoice ${inv.number}`,
        `Amount: ${formatGbp(inv.total)}`,
        paidOn ? `Paid on ${calendarDate(paidOn)}. Thank you.` : `Due on ${calendarDate(inv.due_date)}`,
      ],
      url,
      paidOn
        ? "The page opens in your browser, for your records; it prints or saves as a PDF."
        : "The page opens in your browser with our bank details and the reference to quote; it prints or saves as a PDF.",
      by,
      studio,
    ),
  };
}

/** Records a mail that went: on its link (the card shows it) and as an Email entry in the Activity Feed. */
async function recordSent(
  ctx: LinkMailContext,
  table: typeof proposal_links | typeof invoice_links,
  linkId: string,
  outcome: Extract<EmailOutcome, { sent: true }>,
  summary: string,
  related: { type: "lead" | "client"; id: string } | null,
) {
  const { db } = ctx;
  await db.batch([
    db.update(table).set({ emailed_to: outcome.to, emailed_at: outcome.sent_at, updated_at: outcome.sent_at }).where(eq(table.id, linkId)),
    db.insert(activities).values({
      id: newId(),
      who_username: ctx.by.id,
      who_kind: "staff",
      type: "Email",
      summary,
      related_type: related?.type ?? null,
      related_id: related?.id ?? null,
      created_at: outcome.sent_at,
      updated_at: outcome.sent_at,
    }),
  ]);
}

async function mailFor(ctx: LinkMailContext, mail: Omit<Mail, "replyTo">, about: Record<string, string>): Promise<EmailOutcome> {
  return sendOrExplain(ctx.env, { ...mail, replyTo: ctx.env.STUDIO_INBOX }, INSTEAD, { requestId: ctx.requestId, ...about });
}

const studioName = async (ctx: LinkMailContext) => (await getStudioSettings(ctx.db, ctx.env.STUDIO_NAME)).settings.studio_name;

/** A new link to the proposal (a Draft becomes Sent), e-mailed to `input.to`. */
export async function emailProposalLink(
  ctx: LinkMailContext,
  id: string,
  input: SendLink,
): Promise<{ url: string; proposal: Proposal; email: EmailOutcome }> {
  const { url, linkId } = await createProposalLink(ctx.db, id, ctx.origin, ctx.by, ctx.source);
  const [shared, studio] = await Promise.all([getProposal(ctx.db, id), studioName(ctx)]);
  const email = await mailFor(ctx, proposalMail(shared, url, input, ctx.by, studio), { proposal: id });
  if (!email.sent) return { url, proposal: shared, email };
  const related = shared.lead
    ? { type: "lead" as const, id: shared.lead.id }
    : shared.client
      ? { type: "client" as const, id: shared.client.id }
      : null;
  await recordSent(ctx, proposal_links, linkId, email, `E-mailed the proposal "${shared.title}" to ${email.to}`, related);
  return { url, proposal: await getProposal(ctx.db, id), email };
}

/** A new link to the invoice (a Draft becomes Sent), e-mailed to `input.to`. */
export async function emailInvoiceLink(
  ctx: LinkMailContext,
  id: string,
  input: SendLink,
): Promise<{ url: string; invoice: Invoice; email: EmailOutcome }> {
  const { url, linkId } = await createInvoiceLink(ctx.db, id, ctx.origin, ctx.by, ctx.source);
  const [shared, studio] = await Promise.all([getInvoice(ctx.db, id), studioName(ctx)]);
  const email = await mailFor(ctx, invoiceMail(shared, url, input, ctx.by, studio), { invoice: id });
  if (!email.sent) return { url, invoice: shared, email };
  await recordSent(ctx, invoice_links, linkId, email, `E-mailed the invoice ${shared.number} (${formatGbp(shared.total)}) to ${email.to}`, {
    type: "client",
    id: shared.client_id,
  });
  return { url, invoice: await getInvoice(ctx.db, id), email };
}
