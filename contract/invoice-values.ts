/**
 * An invoice's statuses and what is owed: plain values, apart from invoice.ts and its zod schemas,
 * so a CRM page's first load can use them without zod (README → The CRM's first load). invoice.ts
 * re-exports them.
 */
export const invoiceStatuses = ["Draft", "Sent", "Paid", "Overdue"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

type Owing = { status: InvoiceStatus; due_date: string; total: number };
/** Sent or Overdue: asked for and not yet paid. A Draft has not been asked for. */
export const isOwed = (inv: Pick<Owing, "status">) => inv.status === "Sent" || inv.status === "Overdue";
/** Overdue, or still Sent after its due date (before the nightly job marks it). */
export const isLate = (inv: Pick<Owing, "status" | "due_date">, today: string) =>
  inv.status === "Overdue" || (inv.status === "Sent" && inv.due_date < today);
/** Invoices' totals added in pennies. */
export const sumTotals = (list: readonly Pick<Owing, "total">[]) =>
  list.reduce((pennies, i) => pennies + Math.round(i.total * 100), 0) / 100;
