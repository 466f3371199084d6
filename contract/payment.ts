/**
 * An invoice's payments (docs/decisions/0064-payments-and-stripe.md): money recorded against it by
 * a member of staff (Mark as paid, a part payment) or by Stripe (the client paid online), and the
 * refunds of it. What is still due is worked out from them, never stored: `balanceOf`.
 */
import * as z from "zod";
import { isoDate, money } from "./common";
import { optionalText } from "./text";
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

export const payment = z.object({
  id: z.string(),
  invoice_id: z.string(),
  kind: z.enum(paymentKinds),
  /** Pounds, always positive: a refund's amount is what went back. */
  amount: z.number(),
  currency: z.string(),
  /** The London date the money moved. */
  date: z.string(),
  method: z.enum(paymentMethods),
  reference: z.string().nullable(),
  state: z.enum(paymentStates),
  /** Why a payment is flagged, in the studio's words. */
  note: z.string().nullable(),
  /** Stripe's fee and what the studio is paid out, in pounds, once Stripe's balance transaction says. */
  fee: z.number().nullable(),
  net: z.number().nullable(),
  /** The payment a refund gives money back from. */
  refund_of: z.string().nullable(),
  /** Who recorded it: a member of staff's name, or "Stripe". */
  recorded_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Payment = z.infer<typeof payment>;

/** An invoice's money: its payments and where that leaves it. */
export interface InvoiceMoney {
  total: number;
  /** Money that reached the studio, less refunds. */
  paid: number;
  /** What is still owed; never below 0. */
  balance: number;
  /** Paid beyond the total, for the studio to refund or credit; 0 when not. */
  overpaid: number;
}

type Counted = Pick<Payment, "kind" | "amount" | "state">;
const pence = (pounds: number) => Math.round(pounds * 100);

/**
 * Balance due = total − Σ payments that arrived + Σ refunds, in whole pence. It is Paid when
 * the balance reaches 0; below 0 is an overpayment.
 */
export function moneyOf(total: number, payments: readonly Counted[]): InvoiceMoney {
  let paid = 0;
  for (const p of payments) {
    if (p.kind === "refund") paid -= pence(p.amount);
    else if (COUNTED_STATES.includes(p.state)) paid += pence(p.amount);
  }
  const owed = pence(total) - paid;
  return { total, paid: paid / 100, balance: Math.max(owed, 0) / 100, overpaid: Math.max(-owed, 0) / 100 };
}

/** Whether what has been paid covers the invoice: the one test of "paid in full". */
export const isPaidInFull = (m: Pick<InvoiceMoney, "total" | "paid">) => pence(m.paid) >= pence(m.total) && pence(m.total) >= 0;

/**
 * Record a payment (Mark as paid): the amount received, or without one the balance due; the day it
 * arrived, how it came, and a reference if the studio wants one (a bank transfer's).
 */
export const paymentInput = z
  .object({
    amount: z
      .number({ error: "Enter a number" })
      .pipe(money)
      .refine((n) => n > 0, "The amount must be more than £0")
      .optional(),
    date: z
      .string({ error: "Paid date is required" })
      .min(1, { error: "Paid date is required", abort: true })
      .max(10, "Enter a date as YYYY-MM-DD")
      .pipe(isoDate),
    method: z.enum(paidMethods, { error: "Choose how it was paid" }),
    reference: optionalText(100, { tooLong: "Keep the reference to 100 characters" }),
    /** The invoice's version the dialog was opened with: a payment against a changed invoice is refused (409). */
    updated_at: z.string().min(1, "updated_at is required"),
  })
  .strict();
export type PaymentInput = z.input<typeof paymentInput>;

/** Which Stripe payment methods the client's Pay button offers (Settings → Payments). */
export const onlineMethods = ["card", "pay_by_bank"] as const;
export type OnlineMethod = (typeof onlineMethods)[number];
export const onlineMethodLabels: Record<OnlineMethod, string> = {
  card: "Cards (with Apple Pay and Google Pay)",
  pay_by_bank: "Pay by Bank",
};

export const paymentSettings = z.object({ methods: z.array(z.enum(onlineMethods)) });
export type PaymentSettings = z.infer<typeof paymentSettings>;
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = { methods: ["card"] };

/** PUT /api/crm/settings/payments, from the copy the form was loaded from (null when never saved). */
export const paymentSettingsInput = z
  .object({
    methods: z
      .array(z.enum(onlineMethods, { error: "Choose a payment method Stripe offers" }))
      .min(1, "Choose at least one way to pay online")
      .max(onlineMethods.length)
      .transform((list) => onlineMethods.filter((m) => list.includes(m))),
    updated_at: z.string().min(1).nullable(),
  })
  .strict();
