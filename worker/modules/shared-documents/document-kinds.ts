/**
 * What differs between the two kinds of document a client is sent a link to (a proposal, an
 * invoice): how they are named, whether and how sharing changes them, whose they are, and what the
 * e-mail with the link says. Everything else about their links is one model (document-links.ts,
 * link-emails.ts, shared-link-routes.ts).
 */
import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../platform/db";
import { invoices, proposals } from "../../db/schema";
import type { Invoice } from "../../../contract/invoice";
import type { Proposal } from "../../../contract/proposal";
import type { DocumentKind } from "../../../contract/shared-link";
import { formatGbp } from "../../platform/money";
import { londonToday, nextStamp } from "../../platform/time";
import { invoiceRecipients, proposalRecipients } from "../users-and-auth";

export type { DocumentKind };

/** Each kind's document as the CRM answers it. */
export interface DocumentOf {
  proposal: Proposal;
  invoice: Invoice;
}

/** The e-mail that carries a link: its subject (also its first line), the document's facts, and what the page offers. */
export interface Letter {
  subject: string;
  facts: string[];
  page: string;
}

interface Kind<D> {
  /** The document in the audit trail's words: `the proposal "Site refresh"`, `the invoice INV-0042`. */
  words(d: D): string;
  /** The Activity Feed's words for it when its link is e-mailed: an invoice's amount follows its number. */
  feedWords(d: D): string;
  /** Why it cannot be shared, if it cannot. */
  refusal(d: D): string | null;
  /** What sharing a Draft writes besides its link, in the same batch: the Draft it was becomes Sent. */
  sent(db: Db, d: D): BatchItem<"sqlite">;
  /** Its own addresses, which Send mails without a tick (users-and-auth/send-guard.ts); 404 when there is no such document. */
  recipients(db: Db, id: string): Promise<string[]>;
  /** Whom it is for: the e-mail greets them, and the feed's entry goes on their timeline. */
  party(d: D): { leadId: string | null; clientId: string | null };
  letter(d: D): Letter;
}

/** A calendar date (YYYY-MM-DD) as the CRM writes it: "25 Nov 2026". */
const calendarDate = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(
    new Date(`${date}T12:00:00Z`),
  );

const proposal: Kind<Proposal> = {
  words: (p) => `the proposal "${p.title}"`,
  feedWords: (p) => proposal.words(p),
  // An answered proposal (Accepted, Rejected) stands as it was answered.
  refusal: (p) =>
    p.status === "Draft" || p.status === "Sent" ? null : `This proposal has been ${p.status.toLowerCase()}: it cannot be shared again.`,
  sent: (db, p) =>
    db
      .update(proposals)
      // Sent today unless it has a sent date; and only the Draft it was: one answered meanwhile is not sent back.
      .set({ status: "Sent", sent_date: p.sent_date ?? londonToday(), updated_at: nextStamp(p.updated_at) })
      .where(and(eq(proposals.id, p.id), eq(proposals.status, "Draft"))),
  recipients: proposalRecipients,
  party: (p) => ({ leadId: p.lead_id, clientId: p.client_id }),
  letter: (p) => ({
    subject: `Proposal: ${p.title}`,
    facts: [
      ...(p.value !== null ? [`Total: ${formatGbp(p.value)}`] : []),
      ...(p.valid_until ? [`Valid until ${calendarDate(p.valid_until)}`] : []),
    ],
    page: "The page opens in your browser. You can accept the proposal there, decline it or ask us a question, and print it or save it as a PDF.",
  }),
};

const invoice: Kind<Invoice> = {
  words: (inv) => `the invoice ${inv.number}`,
  feedWords: (inv) => `${invoice.words(inv)} (${formatGbp(inv.total)})`,
  // Any invoice can be shared: a Paid one's page is the client's receipt.
  refusal: () => null,
  sent: (db, inv) =>
    // Only the Draft it was: an invoice marked otherwise meanwhile keeps that status.
    db
      .update(invoices)
      .set({ status: "Sent", updated_at: nextStamp(inv.updated_at) })
      .where(and(eq(invoices.id, inv.id), eq(invoices.status, "Draft"))),
  recipients: invoiceRecipients,
  party: (inv) => ({ leadId: null, clientId: inv.client_id }),
  letter: (inv) => {
    const paidOn = inv.status === "Paid" ? inv.paid_date : null;
    return {
      subject: `Invoice ${inv.number}`,
      facts: [
        `Amount: ${formatGbp(inv.total)}`,
        paidOn ? `Paid on ${calendarDate(paidOn)}. Thank you.` : `Due on ${calendarDate(inv.due_date)}`,
      ],
      page: paidOn
        ? "The page opens in your browser, for your records; it prints or saves as a PDF."
        : "The page opens in your browser with our bank details and the reference to quote; it prints or saves as a PDF.",
    };
  },
};

export const kindRules: { [K in DocumentKind]: Kind<DocumentOf[K]> } = { proposal, invoice };
