/**
 * What every e-mail a member of staff sends from the CRM in the studio's name passes first (a
 * proposal's or an invoice's link, an invitation): the recipient is one of the record's own
 * addresses or was confirmed with a tick, and the sender is within 20 sends an hour. A signed-in
 * account could otherwise mail anyone, any number of times, as the studio, each link e-mail also
 * revoking the client's current link.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../platform/db";
import { clients, invoice_links, invoices, leads, proposal_links, proposals, users } from "../../db/schema";
import { AppError, notFound } from "../../platform/errors";
import { limits, reserveAttempt, type Reservation } from "../../platform/rate-limit";

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Refuses (422, on the form's tick) an address that is not one of `own` unless the sender ticked
 * to confirm it; `unknown` says why in the form's words. True when it is such an address,
 * confirmed: the audit trail says so.
 */
export function checkRecipient(to: string, own: string[], confirmed: boolean | undefined, unknown: string): boolean {
  if (own.some((a) => sameAddress(a, to))) return false;
  if (confirmed) return true;
  throw new AppError("validation_failed", unknown, { confirm_recipient: unknown });
}

/** The words for a link sent to an address the record does not have. */
export const notTheClients = (to: string) => `${to} is not one of this client's addresses.`;

const leadsClient = alias(clients, "leads_client");

/**
 * A proposal's own addresses: its lead's, its client's (or the client its lead became), and the
 * one its link was last e-mailed to. 404 when there is no such proposal.
 */
export async function proposalRecipients(db: Db, id: string): Promise<string[]> {
  const [[row], [last]] = await Promise.all([
    db
      .select({ lead: leads.email, client: clients.emails, leadsClient: leadsClient.emails })
      .from(proposals)
      .leftJoin(leads, eq(leads.id, proposals.lead_id))
      .leftJoin(clients, eq(clients.id, proposals.client_id))
      .leftJoin(leadsClient, eq(leadsClient.id, leads.converted_to_client_id))
      .where(eq(proposals.id, id)),
    lastEmailedTo(db, proposal_links, proposal_links.proposal_id, id),
  ]);
  if (!row) throw notFound("Proposal");
  return [row.lead, ...(row.client ?? []), ...(row.leadsClient ?? []), last?.to].filter((a): a is string => !!a);
}

/** An invoice's own addresses: its client's, and the one its link was last e-mailed to. 404 when there is no such invoice. */
export async function invoiceRecipients(db: Db, id: string): Promise<string[]> {
  const [[row], [last]] = await Promise.all([
    db.select({ client: clients.emails }).from(invoices).leftJoin(clients, eq(clients.id, invoices.client_id)).where(eq(invoices.id, id)),
    lastEmailedTo(db, invoice_links, invoice_links.invoice_id, id),
  ]);
  if (!row) throw notFound("Invoice");
  return [...(row.client ?? []), last?.to].filter((a): a is string => !!a);
}

function lastEmailedTo(
  db: Db,
  table: typeof proposal_links | typeof invoice_links,
  ofRecord: typeof proposal_links.proposal_id | typeof invoice_links.invoice_id,
  id: string,
) {
  return db
    .select({ to: table.emailed_to })
    .from(table)
    .where(and(eq(ofRecord, id), isNotNull(table.emailed_at)))
    .orderBy(desc(table.emailed_at))
    .limit(1);
}

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/**
 * The studio's own mail domains: its inbox's, its sender's, and every enabled account's. An
 * invitation grants the whole CRM, so an address outside them (a typo in the domain, a stranger)
 * is confirmed with a tick; any address is the invitee's, so there is no record to hold it to.
 */
export async function studioDomains(db: Db, env: { STUDIO_INBOX: string; MAIL_FROM: string }): Promise<string[]> {
  const accounts = await db.select({ email: users.email }).from(users).where(eq(users.disabled, false));
  return [...new Set([env.STUDIO_INBOX, env.MAIL_FROM, ...accounts.map((a) => a.email)].map(domainOf))].sort();
}

/** Refuses (422, on the form's tick) an invitation to an address outside the studio's domains unless confirmed; true when confirmed so. */
export function checkInvitee(email: string, domains: string[], confirmed: boolean | undefined): boolean {
  if (domains.includes(domainOf(email))) return false;
  if (confirmed) return true;
  const unknown = `${email} is not at the studio's own ${domains.length === 1 ? "domain" : "domains"} (${domains.join(", ")}).`;
  throw new AppError("validation_failed", unknown, { confirm_recipient: unknown });
}

/** "12 minutes", "1 minute", "30 seconds". */
const span = (seconds: number) =>
  seconds < 60
    ? `${seconds} second${seconds === 1 ? "" : "s"}`
    : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? "" : "s"}`;

/**
 * Counts one send against the sender's allowance (limits.staffSends), before anything is made or
 * mailed; 429 with Retry-After and the reason when it is spent. Give it back if the send fails.
 */
export async function reserveSend(db: Db, senderId: string, now = Date.now()): Promise<Reservation> {
  const limit = limits.staffSends;
  try {
    return await reserveAttempt(db, [{ limit, key: senderId }], now);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "rate_limited") throw err;
    const wait = Number(err.headers?.["Retry-After"]) || 60;
    throw new AppError(
      "rate_limited",
      `You have sent ${limit.max} e-mails from the CRM in the last hour, the most allowed. You can send another in ${span(wait)}.`,
      undefined,
      err.headers,
    );
  }
}
