/** Recurring invoices (docs/decisions/0067-retainers.md). */
import * as z from "zod";
import { expectedVersion, isoDate, optionalDate } from "./common";
import { invoiceLine, invoiceLines } from "./invoice";
import { requiredText } from "./text";
import { recurringIntervals } from "./recurring-invoice-values";

export * from "./recurring-invoice-values";

const dayMessage = "Choose a day from 1 to 28, or the last day of the month";
/** 1–28, or "last"; a form's select sends the number as text. */
const day = z.union(
  [
    z.literal("last"),
    z
      .union(
        [
          z.number(),
          z
            .string()
            .regex(/^\d{1,2}$/, dayMessage)
            .transform(Number),
        ],
        { error: dayMessage },
      )
      .pipe(z.number().int(dayMessage).min(1, dayMessage).max(28, dayMessage)),
  ],
  { error: dayMessage },
);

const fields = {
  client_id: z.string({ error: "Client is required" }).min(1, "Client is required").max(64),
  project_id: z
    .string()
    .max(64)
    .nullable()
    .optional()
    .transform((v) => v || null),
  title: requiredText({ max: 120, required: "Name is required" }),
  lines: invoiceLines,
  interval: z.enum(recurringIntervals, { error: "Choose monthly, quarterly or yearly" }),
  day,
  start_date: isoDate,
  end_date: optionalDate,
  /** Days until due; absent, the studio's usual (Settings → Studio Details). */
  terms_days: z
    .number({ error: "Enter a number of days" })
    .int("Enter a whole number of days")
    .min(0, "Days until due cannot be negative")
    .max(365, "Days until due is at most 365")
    .nullable()
    .optional()
    .transform((v) => v ?? null),
};

const endAfterStart = (v: { start_date?: string; end_date?: string | null }) => !v.end_date || !v.start_date || v.end_date >= v.start_date;
const endMessage = { message: "End date must be on or after the start date", path: ["end_date"] };

export const recurringInvoiceInput = z.object(fields).strict().refine(endAfterStart, endMessage);
export type RecurringInvoiceInput = z.input<typeof recurringInvoiceInput>;

/** The edit dialog's form: every field but the client, checked as the add form checks them. */
export const recurringInvoiceEdit = z.object(fields).omit({ client_id: true }).strict().refine(endAfterStart, endMessage);

/** An edit sends what changed with the `updated_at` it was read at; the end date is checked against the start it will have. */
export const recurringInvoicePatch = z
  .object(fields)
  .omit({ client_id: true })
  .partial()
  .extend(expectedVersion)
  .strict()
  .refine(endAfterStart, endMessage);
export type RecurringInvoicePatch = z.input<typeof recurringInvoicePatch>;

/** Pause, Resume, Skip next and End send only the version they were clicked on. */
export const recurringInvoiceAction = z.object(expectedVersion).strict();
export const recurringActions = ["pause", "resume", "skip", "end"] as const;
export type RecurringAction = (typeof recurringActions)[number];

export const recurringInvoice = z.object({
  id: z.string(),
  client_id: z.string(),
  project_id: z.string().nullable(),
  title: z.string(),
  lines: z.array(invoiceLine),
  /** The lines' sum, VAT included, as an invoice's total. */
  total: z.number(),
  interval: z.enum(recurringIntervals),
  day: z.union([z.number(), z.literal("last")]),
  start_date: z.string(),
  end_date: z.string().nullable(),
  terms_days: z.number().nullable(),
  /** The date the next invoice is raised on; null once ended (its end date passed). */
  next_date: z.string().nullable(),
  paused: z.boolean(),
  /** Paused, Ended, or Active. */
  state: z.enum(["Active", "Paused", "Ended"]),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecurringInvoice = z.infer<typeof recurringInvoice>;
