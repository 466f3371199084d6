/**
 * Send: the studio e-mails a client the link to their proposal (/p/<token>) or
 * invoice (/i/<token>) from the CRM. The link is made first, exactly as Share makes it; then the
 * mail goes, plain text, from MAIL_FROM in the studio's name with Reply-To the studio's inbox. When
 * Cloudflare will not send it (an address the account cannot reach), the link stands all the same
 * and the answer says why, with the message, for the studio to send by hand (docs/decisions/0024).
 * A mail that went is recorded on the link (to whom, when) and in the Activity Feed; every send, to
 * whom and whether it went, in the audit trail. Each passes the send guard (users-and-auth/send-guard.ts) first: an address
 * not the record's own needs the sender's tick, and a sender has 20 sends an hour. What is common
 * to both kinds lives here; each kind's own send (emailProposalLink, emailInvoiceLink) lives in its
 * module, beside the link it makes, so this module needs neither.
 */
import { eq } from "drizzle-orm";
import type * as z from "zod";
import { activities, invoice_links, proposal_links } from "../../db/schema";
import type { EmailOutcome } from "../../../contract/email-outcome";
import type { Invoice } from "../../../contract/invoice";
import type { Proposal } from "../../../contract/proposal";
import type { sendLinkInput } from "../../../contract/shared-link";
import type { SessionUser } from "../../../contract/user";
import { sendOrExplain, type Mail } from "../../platform/email";
import { newId } from "../../platform/ids";
import { formatGbp } from "../../platform/money";
import { auditEvent } from "../audit";
import type { LinkContext } from "./document-links";
import { getStudioSettings } from "../settings";
import { withGreeting } from "./client-mail";
import { checkRecipient, notTheClients, reserveSend } from "../users-and-auth";

export type LinkMailContext = LinkContext;

export type SendLink = z.output<typeof sendLinkInput>;

/** What the studio can do when Cloudflare will not send: the dialog offers both. */
const INSTEAD = "Copy the link and send it yourself.";

/** A calendar date (YYYY-MM-DD) as the CRM writes it: "25 Nov 2026". */
const calendarDate = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(
    new Date(`${date}T12:00:00Z`),
  );

/**
 * "Hello Olivia," (unless the studio's message greets them itself), the message, the record's facts,
 * the link and what the page offers, signed by whoever sent it.
 */
const body = (greeting: string, message: string | null, facts: string[], url: string, page: string, by: SessionUser, studio: string) =>
  [...withGreeting(greeting, message), ...facts, "", "Open it here:", url, "", page, "", by.full_name, studio].join("\n");

export function proposalMail(
  p: Proposal,
  url: string,
  input: SendLink,
  by: SessionUser,
  studio: string,
  greeting: string,
): Omit<Mail, "replyTo"> {
  return {
    to: input.to,
    fromName: studio,
    subject: `Proposal: ${p.title}`,
    text: body(
      greeting,
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

export function invoiceMail(
  inv: Invoice,
  url: string,
  input: SendLink,
  by: SessionUser,
  studio: string,
  greeting: string,
): Omit<Mail, "replyTo"> {
  const paidOn = inv.status === "Paid" ? inv.paid_date : null;
  return {
    to: input.to,
    fromName: studio,
    subject: `Invoice ${inv.number}`,
    text: body(
      greeting,
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
export async function recordSent(
  ctx: LinkMailContext,
  table: typeof proposal_links | typeof invoice_links,
  linkId: string,
  outcome: Extract<EmailOutcome, { sent: true }>,
  summary: string,
  related: { type: "lead" | "client"; id: string } | null,
  audit: ReturnType<typeof auditEvent>,
) {
  const { db } = ctx;
  await db.batch([
    audit,
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

export async function mailFor(ctx: LinkMailContext, mail: Omit<Mail, "replyTo">, about: Record<string, string>): Promise<EmailOutcome> {
  return sendOrExplain(ctx.env, { ...mail, replyTo: ctx.env.STUDIO_INBOX }, INSTEAD, { requestId: ctx.requestId, ...about });
}

export const studioName = async (ctx: LinkMailContext) => (await getStudioSettings(ctx.db, ctx.env.STUDIO_NAME)).settings.studio_name;

/**
 * The checks a send passes before anything is made (the recipient, then the sender's allowance),
 * then `send`, told whether the address was confirmed as not the record's own. A send that fails
 * gives its place in the allowance back.
 */
export async function guarded<T>(ctx: LinkMailContext, own: string[], input: SendLink, send: (outside: boolean) => Promise<T>): Promise<T> {
  const outside = checkRecipient(input.to, own, input.confirm_recipient, notTheClients(input.to));
  const reservation = await reserveSend(ctx.db, ctx.by.id);
  return send(outside).catch(reservation.giveBack);
}

/** The audit trail's line for a send: what, to whom, whether Cloudflare sent it, and whether the address was confirmed. */
export function sendAudit(
  ctx: LinkMailContext,
  action: "proposal_emailed" | "invoice_emailed",
  what: string,
  email: EmailOutcome,
  outside: boolean,
) {
  const detail = email.sent
    ? `E-mailed the link to ${what} to ${email.to}`
    : `Made a link to ${what} for ${email.to}; Cloudflare wouldn't e-mail it, so it was shown to copy`;
  return auditEvent(ctx.db, ctx.source, action, `${detail}${outside ? " (not one of the client's addresses; confirmed)" : ""}`);
}
