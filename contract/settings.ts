/** Studio details printed on invoices (studio name and address, VAT number, bank details, notes). */
import * as z from "zod";
import { hasVisibleText, normaliseText, normalisedString, optionalText, requiredText } from "./text";
import type { LeadStatus } from "./lead-statuses";
import { defaultPaymentSchedule, paymentSchedule, TERMS_PAYMENT_SCHEDULE } from "./payment-schedule";

type OpenStatus = Extract<LeadStatus, "New" | "Qualified" | "Proposal Sent" | "Negotiation">;

/** Optional text that must match `pattern` when given; blank becomes null. */
const optionalMatching = (pattern: RegExp, message: string, normalise: (s: string) => string = (s) => s) =>
  normalisedString()
    .max(100, message)
    .refine((s) => s === "" || pattern.test(s), message)
    .transform((s) => (s === "" ? null : normalise(s)))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** Until the Owner says otherwise: a fortnight, as most small UK studios ask. */
export const DEFAULT_PAYMENT_TERMS_DAYS = 14;

const studioFields = {
  studio_name: requiredText({ max: 200, required: "Studio name is required" }),
  /** Several lines, printed as they are. */
  address: z
    .string({ error: "Address is required" })
    .overwrite((s) =>
      normaliseText(s, { multiline: true })
        .split("\n")
        .map((line) => line.trim())
        .join("\n"),
    )
    .min(1, "Address is required")
    .max(1000, "Must be at most 1,000 characters")
    .refine(hasVisibleText, "Address is required"),
  /** UK VAT registration number, e.g. GB 123 4567 89; when set, invoices show a VAT line. */
  vat_number: optionalMatching(/^(GB)?\s?\d{3}\s?\d{4}\s?\d{2}(\s?\d{3})?$/i, "Please enter a valid UK VAT number", (s) => s.toUpperCase()),
  bank_name: optionalText(200),
  bank_account_name: optionalText(200),
  bank_sort_code: optionalMatching(/^\d{2}-?\d{2}-?\d{2}$/, "Enter a sort code as 12-34-56", (s) =>
    s.replace(/-/g, "").replace(/^(\d{2})(\d{2})(\d{2})$/, "$1-$2-$3"),
  ),
  bank_account_number: optionalMatching(/^\d{8}$/, "Enter an 8-digit account number"),
  /** Payment terms and the like, printed under the total. */
  invoice_notes: optionalText(2000, { multiline: true }),
  /** What an invoice to a client based outside the UK says instead of a VAT line; until saved, DEFAULT_OUTSIDE_UK_VAT_NOTE. */
  outside_uk_vat_note: optionalText(500),
  /** Days from an invoice's date to its due date: the Add Invoice form's default. */
  payment_terms_days: z
    .number({ error: (issue) => (issue.input == null ? "Payment terms are required" : "Enter a whole number of days") })
    .int("Enter a whole number of days")
    .min(0, "Must be zero or more")
    .max(365, "At most 365 days")
    .default(DEFAULT_PAYMENT_TERMS_DAYS),
  /** A new proposal's terms, edited per proposal in its dialog. */
  proposal_terms: optionalText(20_000, { multiline: true }),
  /** The payment schedule a new proposal starts with, edited per proposal in its dialog; until saved, the Terms' own. */
  default_payment_schedule: defaultPaymentSchedule.default(TERMS_PAYMENT_SCHEDULE),
};

export const studioSettings = z.object({
  studio_name: z.string(),
  address: z.string(),
  vat_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_account_name: z.string().nullable(),
  bank_sort_code: z.string().nullable(),
  bank_account_number: z.string().nullable(),
  invoice_notes: z.string().nullable(),
  outside_uk_vat_note: z.string().nullable(),
  payment_terms_days: z.number(),
  proposal_terms: z.string().nullable(),
  default_payment_schedule: paymentSchedule,
});
export type StudioSettings = z.infer<typeof studioSettings>;

/** PUT /api/crm/settings. `updated_at` is the copy the form was loaded from: null when nothing was saved yet. */
export const studioSettingsInput = z
  .object({ ...studioFields, updated_at: z.string({ error: "updated_at is required" }).min(1).nullable() })
  .strict();
export type StudioSettingsInput = z.input<typeof studioSettingsInput>;

/**
 * The weighted forecast's chance of winning a lead at each open stage, as a percentage. One value
 * per open stage (contract/lead-statuses.ts), kept under the `stage_weights` settings key.
 */
export const DEFAULT_STAGE_WEIGHTS = { New: 10, Qualified: 40, "Proposal Sent": 60, Negotiation: 80 } as const satisfies Record<
  OpenStatus,
  number
>;

const weight = (stage: OpenStatus) =>
  z
    .number({ error: (issue) => (issue.input == null ? `Enter a weight for ${stage}` : `${stage}'s weight must be a number`) })
    .int(`${stage}'s weight must be a whole number from 0 to 100`)
    .min(0, `${stage}'s weight must be a whole number from 0 to 100`)
    .max(100, `${stage}'s weight must be a whole number from 0 to 100`);

export const stageWeights = z.object({
  New: weight("New"),
  Qualified: weight("Qualified"),
  "Proposal Sent": weight("Proposal Sent"),
  Negotiation: weight("Negotiation"),
});
export type StageWeights = z.infer<typeof stageWeights>;

/** PUT /api/crm/settings/stage-weights. `updated_at` is the copy the form was loaded from: null when never saved. */
export const stageWeightsInput = z
  .object({
    weights: stageWeights.strict(),
    updated_at: z.string({ error: "updated_at is required" }).min(1).nullable(),
  })
  .strict();
export type StageWeightsInput = z.input<typeof stageWeightsInput>;
