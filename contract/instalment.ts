/**
 * A proposal's instalments once it is accepted (docs/decisions/0063-instalments-raised-by-themselves.md):
 * its payment schedule fixed as records, each raised at most once as a payment request or an
 * invoice when it falls due. Plain values and types, with no zod, so a CRM page's first load can
 * use them.
 */
import { poundsText, type PaymentDue } from "./payment-schedule-values";
import type { InvoiceKind, InvoiceStatus } from "./invoice-values";

/**
 * Where an instalment stands: not raised yet, asked for (a payment request, or an invoice), paid,
 * or withdrawn: what was raised for it has been deleted, and it is not raised again by itself
 * (Create invoice from proposal makes a replacement).
 */
export const instalmentStates = ["waiting", "requested", "invoiced", "paid", "withdrawn"] as const;
export type InstalmentState = (typeof instalmentStates)[number];

export const instalmentStateLabels: Record<InstalmentState, string> = {
  waiting: "Waiting",
  requested: "Requested",
  invoiced: "Invoiced",
  paid: "Paid",
  withdrawn: "Withdrawn",
};

/** The document raised for an instalment, as the CRM names it. */
export interface RaisedDocument {
  id: string;
  number: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  total: number;
}

export interface Instalment {
  id: string;
  proposal_id: string;
  proposal_title: string;
  position: number;
  label: string;
  /** What the schedule gave it when the proposal was accepted, in pounds. */
  amount: number;
  due: PaymentDue;
  due_date: string | null;
  project_id: string | null;
  raised_at: string | null;
  /** What was raised for it: a payment request or an invoice; null while it waits. */
  document: RaisedDocument | null;
  /** For a paid payment request: the VAT invoice raised for it. */
  vat_invoice: { id: string; number: string } | null;
  state: InstalmentState;
}

/** The state of an instalment from what was raised for it, and whether anything was. */
export function instalmentState(document: Pick<RaisedDocument, "kind" | "status"> | null, raisedAt: string | null): InstalmentState {
  if (!document) return raisedAt ? "withdrawn" : "waiting";
  if (document.status === "Paid") return "paid";
  return document.kind === "payment_request" ? "requested" : "invoiced";
}

/** An instalment in a line, as the CRM lists it: "£2,100.00 · Requested PR-1001". */
export function instalmentText(i: Pick<Instalment, "amount" | "state" | "document" | "vat_invoice">): string {
  const amount = poundsText(i.document?.total ?? i.amount);
  const number = i.vat_invoice?.number ?? i.document?.number;
  return `${amount} · ${instalmentStateLabels[i.state]}${number ? ` ${number}` : ""}`;
}
