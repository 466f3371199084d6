/**
 * Settings → Late Payment (docs/decisions/0065-late-payment-charges.md): the Bank of England base
 * rates on the reference dates the studio has entered beyond those shipped, and whether the
 * studio's own Terms set their own late-payment rate (then the Act's charge is not offered).
 */
import * as z from "zod";
import { isoDate } from "./common";
import { invoiceNumber } from "./invoice";
import { PUBLISHED_BASE_RATES, type BaseRate } from "./late-payment";

export const lateBaseRate = z
  .object({
    on: isoDate.refine((d) => /-(06-30|12-31)$/.test(d), "The base rate is taken on 30 June or 31 December"),
    rate: z
      .number({ error: (issue) => (issue.input == null ? "Rate is required" : "Enter a number") })
      .min(0, "Must be zero or more")
      .max(25, "At most 25%")
      .multipleOf(0.01, "At most two decimal places"),
  })
  .strict();

export const latePaymentSettings = z.object({
  base_rates: z.array(lateBaseRate),
  terms_set_own_rate: z.boolean(),
});
export type LatePaymentSettings = z.infer<typeof latePaymentSettings>;

/** PUT /api/crm/settings/late-payment, from the copy the form was loaded from (null when never saved). */
export const latePaymentSettingsInput = latePaymentSettings
  .extend({
    base_rates: z
      .array(lateBaseRate)
      .max(60, "At most 60 rates")
      .refine((list) => new Set(list.map((r) => r.on)).size === list.length, "Each date once"),
    updated_at: z.string().min(1).nullable(),
  })
  .strict();
export type LatePaymentSettingsInput = z.input<typeof latePaymentSettingsInput>;

/** Until saved: the rates the Bank had published when this was written, and no rate of the studio's own. */
export const DEFAULT_LATE_PAYMENT_SETTINGS: LatePaymentSettings = { base_rates: [...PUBLISHED_BASE_RATES], terms_set_own_rate: false };

/** The rates sorted by date, newest first, as the form lists them. */
export const sortedRates = (rates: readonly BaseRate[]) => [...rates].sort((a, b) => b.on.localeCompare(a.on));

/** GET /api/crm/invoices/:id/late-payment-charge: what charging it today would raise, or why it cannot be charged. */
export type LatePaymentQuote =
  | {
      ok: true;
      debt: number;
      compensation: number;
      interest: number;
      total: number;
      workings: { compensation: string; interest: string };
    }
  | { ok: false; message: string };

/** POST /api/crm/invoices/:id/late-payment-charge: the number the charge's invoice takes. */
export const latePaymentChargeInput = z.object({ number: invoiceNumber }).strict();
