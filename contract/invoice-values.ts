/**
 * An invoice's statuses and what is owed: plain values, apart from invoice.ts and its zod schemas,
 * so a CRM page's first load can use them without zod (docs/decisions/0026-crm-first-render.md). invoice.ts
 * re-exports them.
 */
export const invoiceStatuses = ["Draft", "Sent", "Paid", "Overdue"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/**
 * How UK VAT applies to an invoice: `standard` (a VAT-registered studio shows the VAT inside the
 * total), `outside_uk` (a client based outside the UK: no UK VAT, and the note Settings give), or
 * `outside_scope` (a late-payment charge: compensation and interest are not a supply). Fixed when
 * the invoice is made, from its client, so a client marked later does not rewrite issued invoices.
 */
export const vatTreatments = ["standard", "outside_uk", "outside_scope"] as const;
export type VatTreatment = (typeof vatTreatments)[number];
/** Whether an invoice shows VAT: the studio is registered and the treatment is standard. */
export const showsVat = (studio: { vat_number: string | null }, inv: { vat_treatment: VatTreatment }) =>
  Boolean(studio.vat_number) && inv.vat_treatment === "standard";
/** What an invoice says about VAT when it carries none for its client's or its own sake. */
export const OUTSIDE_SCOPE_VAT_NOTE = "Outside the scope of VAT: statutory compensation and interest for late payment.";
export const DEFAULT_OUTSIDE_UK_VAT_NOTE = "No UK VAT: the client is based outside the UK.";
/** The VAT note an invoice carries, if any: for a client outside the UK, the studio's own words. */
export function vatNoteFor(studio: { outside_uk_vat_note: string | null }, inv: { vat_treatment: VatTreatment }): string | null {
  if (inv.vat_treatment === "outside_uk") return studio.outside_uk_vat_note ?? DEFAULT_OUTSIDE_UK_VAT_NOTE;
  return inv.vat_treatment === "outside_scope" ? OUTSIDE_SCOPE_VAT_NOTE : null;
}

/**
 * What a document is: an invoice, or a payment request, which asks for an advance payment and is
 * not a VAT invoice (docs/decisions/0063): a VAT invoice for it is raised once it is paid.
 */
export const invoiceKinds = ["invoice", "payment_request"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];
/** A document's name as a heading or a payment's description: "Payment request PR-1001", "Invoice INV-1002". */
export const documentTitle = (kind: InvoiceKind, number: string) =>
  `${kind === "payment_request" ? "Payment request" : "Invoice"} ${number}`;

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
