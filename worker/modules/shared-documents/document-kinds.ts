/**
 * What differs between the two kinds of document a client is sent a link to (a proposal, an
 * invoice): how they are named, and whether and how sharing changes them. Everything else about
 * their links is one model (document-links.ts, shared-link-routes.ts).
 */
import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../platform/db";
import { invoices, proposals } from "../../db/schema";
import type { Invoice } from "../../../contract/invoice";
import type { Proposal } from "../../../contract/proposal";
import type { DocumentKind } from "../../../contract/shared-link";
import { londonToday, nextStamp } from "../../platform/time";

export type { DocumentKind };

/** Each kind's document as the CRM answers it. */
export interface DocumentOf {
  proposal: Proposal;
  invoice: Invoice;
}

interface Kind<D> {
  /** The document in the audit trail's words: `the proposal "Site refresh"`, `the invoice INV-0042`. */
  words(d: D): string;
  /** Why it cannot be shared, if it cannot. */
  refusal(d: D): string | null;
  /** What sharing a Draft writes besides its link, in the same batch: the Draft it was becomes Sent. */
  sent(db: Db, d: D): BatchItem<"sqlite">;
}

const proposal: Kind<Proposal> = {
  words: (p) => `the proposal "${p.title}"`,
  // An answered proposal (Accepted, Rejected) stands as it was answered.
  refusal: (p) =>
    p.status === "Draft" || p.status === "Sent" ? null : `This proposal has been ${p.status.toLowerCase()}: it cannot be shared again.`,
  sent: (db, p) =>
    db
      .update(proposals)
      // Sent today unless it has a sent date; and only the Draft it was: one answered meanwhile is not sent back.
      .set({ status: "Sent", sent_date: p.sent_date ?? londonToday(), updated_at: nextStamp(p.updated_at) })
      .where(and(eq(proposals.id, p.id), eq(proposals.status, "Draft"))),
};

const invoice: Kind<Invoice> = {
  words: (inv) => `the invoice ${inv.number}`,
  // Any invoice can be shared: a Paid one's page is the client's receipt.
  refusal: () => null,
  sent: (db, inv) =>
    // Only the Draft it was: an invoice marked otherwise meanwhile keeps that status.
    db
      .update(invoices)
      .set({ status: "Sent", updated_at: nextStamp(inv.updated_at) })
      .where(and(eq(invoices.id, inv.id), eq(invoices.status, "Draft"))),
};

export const kindRules: { [K in DocumentKind]: Kind<DocumentOf[K]> } = { proposal, invoice };
