/**
 * An invoice's payments (docs/decisions/0064-payments-and-stripe.md): money recorded against it by
 * a member of staff (Mark as paid, a part payment) or by Stripe (the client paid online), and the
 * refunds of it. What is still due is worked out from them, never stored: `moneyOf` (payment-values.ts).
 */
import * as z from "zod";
import { isoDate, money } from "./common";
import { optionalText } from "./text";
import { paidMethods } from "./invoice-values";
import { onlineMethods, paymentKinds, paymentMethods, paymentStates } from "./payment-values";

export * from "./payment-values";

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
      .nullable()
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
/** Mark as paid's form: a payment before the invoice's version is added. */
export const paymentForm = paymentInput.omit({ updated_at: true });
export type PaymentForm = z.input<typeof paymentForm>;

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
