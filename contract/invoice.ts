/** Invoices. */
import * as z from "zod";
import { expectedVersion, isoDate, money, optionalDate } from "./common";
import { sharedLink } from "./shared-link";
import { normalisedString, requiredText } from "./text";
import { invoiceKinds, invoiceStatuses, paidMethods, vatTreatments } from "./invoice-values";

export * from "./invoice-values";

/** Lines an invoice may have. */
export const INVOICE_LINES_MAX = 50;

/**
 * One line: what was done, how many, and the price of one in pounds. Prices are what the client
 * pays, VAT included (docs/decisions/0005): the VAT line is worked out from the total.
 */
export const invoiceLine = z
  .object({
    description: requiredText({ max: 300, required: "Description is required" }),
    quantity: z
      .number({ error: (issue) => (issue.input == null ? "Quantity is required" : "Enter a number") })
      .finite()
      .gt(0, "Quantity must be more than 0")
      .max(100_000, "That is too large")
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "Use at most two decimal places"),
    unit_price: z.number({ error: (issue) => (issue.input == null ? "Price is required" : "Enter a number") }).pipe(money),
  })
  .strict();
export type InvoiceLine = z.infer<typeof invoiceLine>;

/** A line's amount, to the penny. */
export const lineAmount = (line: Pick<InvoiceLine, "quantity" | "unit_price">) => Math.round(line.quantity * line.unit_price * 100) / 100;
/** The invoice's total: its lines' amounts added in pennies, so no float drift. */
export const linesTotal = (lines: readonly Pick<InvoiceLine, "quantity" | "unit_price">[]) =>
  lines.reduce((pennies, l) => pennies + Math.round(lineAmount(l) * 100), 0) / 100;

/** The UK standard rate: a VAT-registered studio's documents show the VAT inside their VAT-inclusive totals. */
export const VAT_RATE_PERCENT = 20;
/** The VAT in a VAT-inclusive amount, to the penny (docs/decisions/0005). */
export const vatIncludedIn = (gross: number) => Math.round(((gross * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT)) * 100) / 100;

/** The line an invoice made from a total alone is given: before line items, and through the API's `total`. */
export const singleLine = (total: number, description = "Services"): InvoiceLine => ({ description, quantity: 1, unit_price: total });

export const invoiceLines = z
  .array(invoiceLine)
  .min(1, "Add at least one line")
  .max(INVOICE_LINES_MAX, `An invoice has at most ${INVOICE_LINES_MAX} lines`)
  .refine((lines) => linesTotal(lines) <= 1_000_000_000, "That is too large");

export const invoice = z.object({
  id: z.string(),
  number: z.string(),
  client_id: z.string(),
  project_id: z.string().nullable(),
  lines: z.array(invoiceLine),
  /** The lines' sum, VAT included: what the client owes. */
  total: z.number(),
  /** When it was paid; set when it becomes Paid, cleared if it stops being. */
  paid_date: z.string().nullable(),
  /** How it was paid, when Mark as paid (or the API) said; cleared with the paid date. */
  paid_method: z.enum(paidMethods).nullable(),
  date: z.string(),
  due_date: z.string(),
  status: z.enum(invoiceStatuses),
  vat_treatment: z.enum(vatTreatments),
  /** A late-payment charge: the overdue invoice it charges for. */
  late_charge_for: z.string().nullable(),
  /** Money received against it less refunds (contract/payment.ts): the balance due is the total less this. */
  amount_paid: z.number(),
  /** What credit notes took off it (docs/decisions/0068): not owed, and not to be paid back. */
  amount_credited: z.number(),
  /** The credit notes against it, in number order, for their printable pages. */
  credit_notes: z.array(z.object({ id: z.string(), number: z.string() })),
  /** Payments Stripe received that were not as asked (another amount or currency), for the studio to look at. */
  payments_flagged: z.number(),
  /** An invoice, or a payment request (not a VAT invoice); both raised by an accepted payment schedule or typed in. */
  kind: z.enum(invoiceKinds),
  /** For a VAT invoice raised when a payment request was paid: that request. */
  settles_id: z.string().nullable(),
  /** For a document raised by itself (docs/decisions/0063): how its e-mail to the client went; null for one made by hand. */
  email_status: z.enum(["pending", "sent", "failed"]).nullable(),
  email_error: z.string().nullable(),
  /** Paused on this invoice: the daily job sends it no payment reminder (docs/decisions/0066). */
  reminders_paused: z.boolean(),
  /** The London day its latest payment reminder was sent, if any. */
  last_reminded_on: z.string().nullable(),
  client_name: z.string().nullable(),
  project_title: z.string().nullable(),
  /** Where Share offers to e-mail the link: the client's first address. */
  contact_email: z.string().nullable(),
  /** Its live shared link, if any: when it was made and how often the client has opened it. */
  share: sharedLink.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Invoice = z.infer<typeof invoice>;

export const invoiceNumber = normalisedString()
  .min(1, "Invoice number is required")
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9\-_/]*$/, "Use letters, digits and dashes only");

// The form's words for what is missing (docs/spec.md §5: number, client, total, date and due date are required).
const requiredTotal = z.number({ error: (issue) => (issue.input == null ? "Total is required" : "Enter a number") }).pipe(money);
const requiredDate = z
  .string({ error: "Date is required" })
  .min(1, { error: "Date is required", abort: true })
  .max(10, "Enter a date as YYYY-MM-DD")
  .pipe(isoDate);

const invoiceFields = {
  number: invoiceNumber,
  client_id: z.string().min(1, "Client is required").max(64),
  project_id: z
    .string()
    .max(64)
    .nullable()
    .optional()
    .transform((v) => v || null),
  /** The line items. The total is worked out from them. */
  lines: invoiceLines.optional(),
  /** Instead of lines, a total alone: the invoice gets one line, "Services", at that price. */
  total: requiredTotal.optional(),
  date: requiredDate,
  due_date: requiredDate,
  status: z.enum(invoiceStatuses).default("Draft"),
  /** Only with status Paid: defaults to today (London) when it becomes Paid. */
  paid_date: optionalDate,
  /** Only with status Paid: how it was paid; none when not said. */
  paid_method: z.enum(paidMethods, { error: "Choose how it was paid" }).nullable().optional(),
};

type LinesOrTotal = { lines?: InvoiceLine[]; total?: number };
/** Lines, or a total, or both when they agree: never two different totals for one invoice. */
const totalMatchesLines = (v: LinesOrTotal) => !v.lines || v.total === undefined || linesTotal(v.lines) === v.total;
const totalMismatch = { path: ["total"], message: "The total must equal the sum of the lines" };

export const invoiceInput = z
  .object(invoiceFields)
  .strict()
  // Reported with the other missing fields, not only once they are all there.
  .refine((v) => v.lines !== undefined || v.total !== undefined, {
    path: ["lines"],
    message: "Add at least one line",
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  })
  .refine(totalMatchesLines, totalMismatch);
export type InvoiceInput = z.input<typeof invoiceInput>;
const patchFields = z.object({ ...invoiceFields, status: z.enum(invoiceStatuses), reminders_paused: z.boolean() }).partial();
export const invoicePatch = patchFields.extend(expectedVersion).strict().refine(totalMatchesLines, totalMismatch);
/** What a PATCH sends: the fields that change and the `updated_at` it was read at. */
export type InvoicePatch = z.input<typeof invoicePatch>;
/** The Edit Invoice form's schema: a patch before its `updated_at` is added (zod cannot omit from a refined object). */
export const invoiceEdit = patchFields.strict().refine(totalMatchesLines, totalMismatch);

/** Mark as paid's dialog: the day the money arrived and how it came. */
export const markPaidInput = z
  .object({
    paid_date: z
      .string({ error: "Paid date is required" })
      .min(1, { error: "Paid date is required", abort: true })
      .max(10, "Enter a date as YYYY-MM-DD")
      .pipe(isoDate),
    paid_method: z.enum(paidMethods, { error: "Choose how it was paid" }),
  })
  .strict();
export type MarkPaidInput = z.infer<typeof markPaidInput>;

/** The lines an input or patch gives the invoice, or none when it changes neither. */
export function linesOf(v: LinesOrTotal): InvoiceLine[] | undefined {
  return v.lines ?? (v.total !== undefined ? [singleLine(v.total)] : undefined);
}
