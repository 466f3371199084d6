/**
 * An invoice's statuses and what is owed: plain values, apart from invoice.ts and its zod schemas,
 * so a CRM page's first load can use them without zod (docs/decisions/0026-crm-first-render.md). invoice.ts
 * re-exports them.
 */
export const invoiceStatuses = ["Draft", "Sent", "Paid", "Overdue"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/**
 * What a document is: an invoice, or a payment request, which asks for an advance payment and is
 * not a VAT invoice (docs/decisions/0063): a VAT invoice for it is raised once it is paid.
 */
export const invoiceKinds = ["invoice", "payment_request"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/** How a client paid, as Mark as paid asks it. */
export const paidMethods = ["Bank transfer", "Card", "Cash", "Other"] as const;
export type PaidMethod = (typeof paidMethods)[number];

type Owing = { status: InvoiceStatus; due_date: string; total: number };
/** Sent or Overdue: asked for and not yet paid. A Draft has not been asked for. */
export const isOwed = (inv: Pick<Owing, "status">) => inv.status === "Sent" || inv.status === "Overdue";
/** Overdue, or still Sent after its due date (before the nightly job marks it). */
export const isLate = (inv: Pick<Owing, "status" | "due_date">, today: string) =>
  inv.status === "Overdue" || (inv.status === "Sent" && inv.due_date < today);
/**
 * The status a Paid invoice goes back to when it is marked unpaid: Overdue once past its due date,
 * else Sent, as it would stand had it never been marked paid.
 */
export const unpaidStatus = (inv: Pick<Owing, "due_date">, today: string): InvoiceStatus => (inv.due_date < today ? "Overdue" : "Sent");
/** Invoices' totals added in pennies. */
export const sumTotals = (list: readonly Pick<Owing, "total">[]) =>
  list.reduce((pennies, i) => pennies + Math.round(i.total * 100), 0) / 100;
