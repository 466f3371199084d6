/**
 * The client's side of a shared invoice (/i/<token>): what a token opens. The client reads it and
 * pays, by bank transfer or (with Stripe set up) online, so unlike a proposal's page there is nothing to answer.
 */
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { amountPaidPence, clients, invoices, payments, projects } from "../../db/schema";
import { lookupDocumentLink, type DocumentLinkLookup } from "./document-links";
import type { InvoiceContent } from "./invoice-page";

/** The invoice's own columns the page shows. */
const { id, number, status, date, due_date, paid_date, lines, total, vat_treatment, kind } = getTableColumns(invoices);

/** The invoice a link opens, as it now is: the link outlives no edit. */
const invoiceContent = (db: Db, invoiceId: string): Promise<InvoiceContent | undefined> =>
  db
    .select({
      id,
      number,
      status,
      date,
      due_date,
      paid_date,
      lines,
      total,
      vat_treatment,
      kind,
      client_name: clients.name,
      project_title: projects.title,
      contact_email: sql<string | null>`json_extract(${clients.emails}, '$[0]')`,
      // What the client has paid (payments less refunds) and what is still on its way.
      amount_paid: sql<number>`${amountPaidPence(invoices.id)} / 100.0`,
      processing: sql<number>`coalesce((SELECT sum(round(${payments.amount} * 100)) FROM ${payments}
        WHERE ${and(eq(payments.invoice_id, invoices.id), eq(payments.state, "processing"))}), 0) / 100.0`,
    })
    .from(invoices)
    .leftJoin(clients, eq(clients.id, invoices.client_id))
    .leftJoin(projects, eq(projects.id, invoices.project_id))
    .where(eq(invoices.id, invoiceId))
    .get();

/** What a token opens: the invoice as it now is, or that its link was revoked or replaced (document-links.ts). */
export function lookupInvoiceLink(db: Db, token: string, limitKey: string): Promise<DocumentLinkLookup<InvoiceContent>> {
  return lookupDocumentLink(db, "invoice", token, limitKey, (id) => invoiceContent(db, id));
}
