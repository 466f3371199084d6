/** Invoices. */
import { z } from "zod";
import { expectedVersion, isoDate, money } from "./common";
import { normalisedString } from "./text";

export const invoiceStatuses = ["Draft", "Sent", "Paid", "Overdue"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const invoice = z.object({
  id: z.string(),
  number: z.string(),
  client_id: z.string(),
  project_id: z.string().nullable(),
  total: z.number(),
  date: z.string(),
  due_date: z.string(),
  status: z.enum(invoiceStatuses),
  client_name: z.string().nullable(),
  project_title: z.string().nullable(),
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
  total: requiredTotal,
  date: requiredDate,
  due_date: requiredDate,
  status: z.enum(invoiceStatuses).default("Draft"),
};
export const invoiceInput = z.object(invoiceFields).strict();
export type InvoiceInput = z.input<typeof invoiceInput>;
export const invoicePatch = z
  .object({ ...invoiceFields, status: z.enum(invoiceStatuses), ...expectedVersion })
  .partial()
  .required({ updated_at: true })
  .strict();
/** What a PATCH sends: the fields that change and the `updated_at` it was read at. */
export type InvoicePatch = z.input<typeof invoicePatch>;

/** INV-{yyyy}{mm}-{3 digits}, as the add form suggests. */
export function suggestInvoiceNumber(now = new Date(), random = Math.random): string {
  const yyyy = now.getFullYear();
  const mm = String(now.getMonth() + 1).padStart(2, "0");
  const digits = String(Math.floor(random() * 1000)).padStart(3, "0");
  return `INV-${yyyy}${mm}-${digits}`;
}
