/**
 * An invoice's payments as plain values, apart from payment.ts and its zod schemas, so a CRM page's
 * first load can use them without zod (docs/decisions/0026-crm-first-render.md). payment.ts re-exports them.
 */
import { paidMethods } from "./invoice-values";

/** How money arrived: Mark as paid's methods, and Pay by Bank, which only Stripe records. */
export const paymentMethods = [...paidMethods, "Pay by Bank"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * Where a payment stands. Succeeded, refunded and disputed money arrived (a dispute may take it
 * back later, which Stripe then reports as a refund); processing has not yet; failed never will;
 * flagged arrived but not as asked (another amount or currency), so the studio decides.
 */
export const paymentStates = ["succeeded", "processing", "failed", "refunded", "disputed", "flagged"] as const;
export type PaymentState = (typeof paymentStates)[number];
export const paymentStateLabels: Record<PaymentState, string> = {
  succeeded: "Received",
  processing: "Processing",
  failed: "Failed",
  refunded: "Refunded",
  disputed: "Disputed",
  flagged: "Flagged",
};

/** A payment, or a refund of one (`refund_of` names it). */
export const paymentKinds = ["payment", "refund"] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/** The states whose money counts towards the invoice: it reached the studio. */
export const COUNTED_STATES: readonly PaymentState[] = ["succeeded", "refunded", "disputed"];

/** What Stripe is credited as on a payment it recorded. */
export const STRIPE_RECORDER = "Stripe";

/** An invoice's money: its payments and where that leaves it. */
export interface InvoiceMoney {
  total: number;
  /** Money that reached the studio, less refunds. */
  paid: number;
  /** What credit notes took off it (docs/decisions/0068). */
  credited: number;
  /** What is still owed; never below 0. */
  balance: number;
  /** Paid beyond the total, for the studio to refund or credit; 0 when not. */
  overpaid: number;
}

type Counted = { kind: PaymentKind; amount: number; state: PaymentState };
const pence = (pounds: number) => Math.round(pounds * 100);

/**
 * Balance due = total − Σ payments that arrived + Σ refunds − Σ credit notes, in whole pence. It
 * is Paid when the payments cover what is not credited; below 0 is an overpayment, for the studio
 * to refund.
 */
export function moneyOf(total: number, payments: readonly Counted[], credited = 0): InvoiceMoney {
  let paid = 0;
  for (const p of payments) {
    if (p.kind === "refund") paid -= pence(p.amount);
    else if (COUNTED_STATES.includes(p.state)) paid += pence(p.amount);
  }
  const owed = pence(total) - paid - pence(credited);
  return { total, paid: paid / 100, credited, balance: Math.max(owed, 0) / 100, overpaid: Math.max(-owed, 0) / 100 };
}

/** Whether what has been paid covers the invoice: the one test of "paid in full". */
export const isPaidInFull = (m: Pick<InvoiceMoney, "total" | "paid"> & { credited?: number }) =>
  pence(m.paid) + pence(m.credited ?? 0) >= pence(m.total) && pence(m.total) >= 0;

/** Which Stripe payment methods the client's Pay button offers (Settings → Payments). */
export const onlineMethods = ["card", "pay_by_bank"] as const;
export type OnlineMethod = (typeof onlineMethods)[number];
export const onlineMethodLabels: Record<OnlineMethod, string> = {
  card: "Cards (with Apple Pay and Google Pay)",
  pay_by_bank: "Pay by Bank",
};
